import { requireAccess } from "@/lib/server/access/require-access";
import { acceptInvitation } from "@/lib/server/auth/invitations";
import { jsonBody, requireTeamMode, stringField, teamWork } from "@/lib/server/auth/team-route";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/**
 * POST /api/invitations/accept `{ token, email, name, password }`: anyone holding an unused link may
 * create their account once (then signs in at /api/auth/sign-in/email).
 */
export const POST = handle(async (request: Request) => {
  await requireAccess(request, "auth:write");
  requireTeamMode();
  const body = await jsonBody(request);
  const member = await teamWork(() =>
    acceptInvitation(getDb(), stringField(body, "token"), { email: stringField(body, "email"), name: stringField(body, "name"), password: stringField(body, "password") }),
  );
  return { member: { email: member.email, name: member.name, role: member.role } };
});
