import { parseExpiry } from "@/lib/core/auth/api-token";
import { requireAccess } from "@/lib/server/access/require-access";
import { jsonBody, requireTeamMode, stringField, teamWork } from "@/lib/server/auth/team-route";
import { createApiToken, listApiTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db/client";
import { handle, HttpError } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** GET /api/tokens: the caller's own tokens (never their values). */
export const GET = handle(async (request: Request) => {
  const actor = await requireAccess(request, "account:read");
  requireTeamMode();
  return { tokens: await listApiTokens(getDb(), actor.userId!) };
});

/** POST /api/tokens `{ name, scopes?: string[], expires?: "30d" | "never" }` → the token, once. */
export const POST = handle(async (request: Request) => {
  const actor = await requireAccess(request, "tokens:write");
  requireTeamMode();
  const body = await jsonBody(request);
  const scopes = body.scopes ?? [];
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === "string")) throw new HttpError(400, '"scopes" must be a list of scope names');
  const expiry = parseExpiry(stringField(body, "expires", false) || "90d");
  if (!expiry.ok) throw new HttpError(400, expiry.error);
  return teamWork(() => createApiToken(getDb(), { userId: actor.userId!, name: stringField(body, "name"), scopes, expiresAt: expiry.expiresAt }));
});
