import { z } from "@/lib/core/zod";
import { acceptInvitation } from "@/lib/server/auth/invitations";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

const acceptBodySchema = z.object({ token: z.string(), email: z.string(), name: z.string(), password: z.string() });

/**
 * POST /api/invitations/accept `{ token, email, name, password }`: anyone holding an unused link may
 * create their account once (then signs in at /api/auth/sign-in/email).
 */
export const POST = route("auth:write", { body: acceptBodySchema, teamOnly: true }, async ({ body }) => {
  const member = await acceptInvitation(getDb(), body.token, { email: body.email, name: body.name, password: body.password });
  return { member: { email: member.email, name: member.name, role: member.role } };
});
