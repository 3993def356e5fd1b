import { isTeamRole } from "@/lib/core/auth/api-token";
import { requireAccess } from "@/lib/server/access/require-access";
import { createInvitation, INVITATION_DAYS_DEFAULT } from "@/lib/server/auth/invitations";
import { jsonBody, requireTeamMode, teamWork } from "@/lib/server/auth/team-route";
import { getDb } from "@/lib/server/db/client";
import { handle, HttpError } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** POST /api/team/invitations `{ role, days? }` (admins) → `{ token, path, invitation }`, shown once. */
export const POST = handle(async (request: Request) => {
  const actor = await requireAccess(request, "users:admin");
  requireTeamMode();
  const body = await jsonBody(request);
  if (!isTeamRole(body.role)) throw new HttpError(400, 'role must be "admin", "member" or "viewer"');
  const days = body.days === undefined ? INVITATION_DAYS_DEFAULT : Number(body.days);
  const role = body.role;
  const made = await teamWork(() => createInvitation(getDb(), { role, days, by: actor }));
  return { token: made.token, path: `/invite/${made.token}`, invitation: made.invitation };
});
