import { revokeApiToken } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** DELETE /api/tokens/:id: revokes one of the caller's own tokens. */
export const DELETE = route("tokens:write", { teamOnly: true }, async ({ actor, params }) => ({ token: await revokeApiToken(getDb(), actor.userId!, params.id!) }));
