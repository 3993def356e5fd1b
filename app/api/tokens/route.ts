import { parseExpiry } from "@/lib/core/auth/api-token";
import { z } from "@/lib/core/zod";
import { AppError } from "@/lib/server/app-error";
import { createApiToken, listApiTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** GET /api/tokens: the caller's own tokens (never their values). */
export const GET = route("account:read", { teamOnly: true }, async ({ actor }) => ({ tokens: await listApiTokens(getDb(), actor.userId!) }));

const tokenBodySchema = z.object({
  name: z.string(),
  scopes: z.array(z.string(), { error: '"scopes" must be a list of scope names' }).nullish(),
  expires: z.string().nullish(),
});

/** POST /api/tokens `{ name, scopes?: string[], expires?: "30d" | "never" }` → the token, once. */
export const POST = route("tokens:write", { body: tokenBodySchema, teamOnly: true }, async ({ actor, body }) => {
  const expiry = parseExpiry(body.expires || "90d");
  if (!expiry.ok) throw new AppError(400, expiry.error);
  return createApiToken(getDb(), { userId: actor.userId!, name: body.name, scopes: body.scopes ?? [], expiresAt: expiry.expiresAt });
});
