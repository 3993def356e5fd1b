/**
 * Who a review can be assigned to: on the team server every admin and member (a viewer cannot work on
 * a review); in single-user mode only the local user. The assign route checks an assignee against the
 * same list, so a forged id or a viewer is refused and the stored name is the user's own.
 */
import { AppError } from "../app-error";
import type { Db } from "../db/client";
import { isTeamMode } from "../access/require-access";

export interface Assignee {
  id: string;
  name: string;
}

export async function listAssignees(db: Db, self: Assignee): Promise<Assignee[]> {
  if (!isTeamMode()) return [self];
  const users = await db.user.findMany({ where: { role: { in: ["admin", "member"] } }, select: { id: true, name: true, email: true }, orderBy: { name: "asc" } });
  return users.map((user) => ({ id: user.id, name: user.name || user.email }));
}

/** The assignee's stored name, or a 400 when the id is nobody who may work on reviews. */
export async function resolveAssignee(db: Db, assigneeId: string, fallbackName: string | null | undefined): Promise<string> {
  if (!isTeamMode()) return fallbackName ?? assigneeId;
  const user = await db.user.findUnique({ where: { id: assigneeId }, select: { name: true, email: true, role: true } });
  if (!user || (user.role !== "admin" && user.role !== "member")) throw new AppError(400, "the assignee must be an admin or member of this team");
  return user.name || user.email;
}
