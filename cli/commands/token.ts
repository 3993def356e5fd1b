/**
 * `baton token create --user <email> --name <label> [--scope S]... [--expires 30d]` prints the new
 * token alone on stdout (for `TOKEN=$(baton token create …)`); `baton token list --user <email>` and
 * `baton token revoke --user <email> <id|prefix>`. They write to the database DATABASE_URL names, as
 * an administrator on the server's machine would; people make their own at /settings/tokens.
 */
import { AppError } from "../../lib/server/app-error";
import { parseArgs } from "node:util";
import { parseExpiry } from "../../lib/core/auth/api-token";
import { createApiToken, listApiTokens, revokeApiToken } from "../../lib/server/auth/tokens";
import { findUserByEmail } from "../../lib/server/auth/users";
import type { Db } from "../../lib/server/db/client";
import { printJson, UsageError, type Io } from "../io";
import { openTeamDb } from "./user";

export const TOKEN_HELP = `baton token create --user <email> --name <label> [--scope S]... [--expires 30d|never]
baton token list --user <email> [--json]
baton token revoke --user <email> <id|prefix>`;

async function userId(db: Db, email: string | undefined): Promise<string> {
  if (!email) throw new UsageError("--user <email> names whose tokens these are");
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no user ${email} (baton user list shows them)`);
  return user.id;
}

export async function tokenCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "create" && sub !== "list" && sub !== "revoke") throw new UsageError(`usage:\n${TOKEN_HELP}`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { user: { type: "string" }, name: { type: "string" }, scope: { type: "string", multiple: true }, expires: { type: "string" }, json: { type: "boolean", default: false } },
  });
  const expiry = parseExpiry(values.expires ?? "90d");
  if (!expiry.ok) throw new UsageError(`--expires: ${expiry.error}`);
  const db = await openTeamDb();
  try {
    const owner = await userId(db, values.user);
    if (sub === "create") {
      if (!values.name) throw new UsageError("--name <label> says what the token is for (e.g. laptop, ci)");
      const made = await createApiToken(db, { userId: owner, name: values.name, scopes: values.scope ?? [], expiresAt: expiry.expiresAt });
      io.out(made.token);
      io.err(`token ${made.summary.prefix}… "${made.summary.name}" for ${values.user}: ${made.summary.scopes.length ? made.summary.scopes.join(", ") : "every right of the role"}, ${made.summary.expiresAt ? `expires ${made.summary.expiresAt.toISOString().slice(0, 10)}` : "never expires"}. It is shown only now.`);
      return 0;
    }
    if (sub === "list") {
      const tokens = await listApiTokens(db, owner);
      if (values.json) printJson(io, { tokens });
      else if (tokens.length === 0) io.out(`no tokens for ${values.user}`);
      else for (const token of tokens) io.out(`${token.prefix}…  ${token.state.padEnd(7)} ${token.name}  scopes: ${token.scopes.join(",") || "all of the role"}  expires: ${token.expiresAt?.toISOString().slice(0, 10) ?? "never"}  last used: ${token.lastUsedAt?.toISOString() ?? "never"}  id: ${token.id}`);
      return 0;
    }
    const [target, ...extra] = positionals;
    if (!target || extra.length > 0) throw new UsageError("usage: baton token revoke --user <email> <id|prefix>");
    const revoked = await revokeApiToken(db, owner, target);
    io.out(`revoked ${revoked.prefix}… "${revoked.name}"`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    throw error;
  } finally {
    await db.$disconnect();
  }
}
