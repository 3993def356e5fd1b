import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** GET /api/auth-check: who the session or token is (`baton login` verifies a token with it). */
export const GET = route("account:read", {}, async ({ actor }) => ({ kind: actor.kind, userId: actor.userId, email: actor.email, name: actor.name, role: actor.role }));
