import { isTeamRole } from "@/lib/core/auth/api-token";
import { requireAccess } from "@/lib/server/access/require-access";
import { jsonBody, requireTeamMode, teamWork } from "@/lib/server/auth/team-route";
import { removeUser, setUserRole } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db/client";
import { handle, HttpError } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** PATCH /api/team/members/:id `{ role }` (admins). */
export const PATCH = handle(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  await requireAccess(request, "users:admin");
  requireTeamMode();
  const { id } = await context.params;
  const { role } = await jsonBody(request);
  if (!isTeamRole(role)) throw new HttpError(400, 'role must be "admin", "member" or "viewer"');
  return { member: await teamWork(() => setUserRole(getDb(), id, role)) };
});

/** DELETE /api/team/members/:id (admins): the member, their sessions and tokens. */
export const DELETE = handle(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const actor = await requireAccess(request, "users:admin");
  requireTeamMode();
  const { id } = await context.params;
  if (id === actor.userId) throw new HttpError(409, "you cannot remove yourself; ask another admin");
  await teamWork(() => removeUser(getDb(), id));
  return { removed: id };
});
