import { teamRoleSchema } from "@/lib/core/auth/team-schemas";
import { z } from "@/lib/core/zod";
import { createInvitation, INVITATION_DAYS_DEFAULT } from "@/lib/server/auth/invitations";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

const invitationBodySchema = z.object({ role: teamRoleSchema, days: z.coerce.number().optional() });

/** POST /api/team/invitations `{ role, days? }` (admins) → `{ token, path, invitation }`, shown once. */
export const POST = route("users:admin", { body: invitationBodySchema, teamOnly: true }, async ({ actor, body }) => {
  const made = await createInvitation(getDb(), { role: body.role, days: body.days ?? INVITATION_DAYS_DEFAULT, by: actor });
  return { token: made.token, path: `/invite/${made.token}`, invitation: made.invitation };
});
