import { requireAccess } from "@/lib/server/access/require-access";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** GET /api/auth-check: who the session or token is (`baton login` verifies a token with it). */
export const GET = handle(async (request: Request) => {
  const actor = await requireAccess(request, "account:read");
  return { kind: actor.kind, userId: actor.userId, email: actor.email, name: actor.name, role: actor.role };
});
