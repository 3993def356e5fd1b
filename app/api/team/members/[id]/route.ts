import { teamRoleSchema } from "@/lib/core/auth/team-schemas";
import { z } from "@/lib/core/zod";
import { AppError } from "@/lib/server/app-error";
import { removeUser, setUserRole } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** PATCH /api/team/members/:id `{ role }` (admins). */
export const PATCH = route("users:admin", { body: z.object({ role: teamRoleSchema }), teamOnly: true }, async ({ params, body }) => ({
  member: await setUserRole(getDb(), params.id!, body.role),
}));

/** DELETE /api/team/members/:id (admins): the member, their sessions and tokens. */
export const DELETE = route("users:admin", { teamOnly: true }, async ({ actor, params }) => {
  if (params.id === actor.userId) throw new AppError(409, "you cannot remove yourself; ask another admin");
  await removeUser(getDb(), params.id!);
  return { removed: params.id };
});
