/**
 * Personal API tokens in the database: created (the whole token returned once), listed, revoked, and
 * looked up by the hash of a presented bearer token. A token's scopes never reach past its user's role:
 * creating one with a scope the role lacks is refused, and requireAccess checks the role again on every
 * request (a demoted user's tokens shrink with them).
 */
import { AppError } from "../app-error";
import type { TeamRole } from "../../core/access/actor";
import { hashToken, isTeamRole, newToken, parseStoredScopes, tokenState, type TokenState } from "../../core/auth/api-token";
import { isAccessScope, roleHolds, type AccessScope } from "../access/access-scopes.data";
import type { Db } from "../db/client";
import { transactionWithEvents } from "../events/publish";

export interface TokenSummary {
  id: string;
  name: string;
  prefix: string;
  /** Empty: every scope of the user's role. */
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  state: TokenState;
}

/** How often lastUsedAt is written for one token (a busy client would otherwise write on every request). */
const LAST_USED_RESOLUTION_MS = 60_000;

export function checkTokenScopes(role: TeamRole, scopes: readonly string[]): AccessScope[] {
  const result: AccessScope[] = [];
  for (const scope of scopes) {
    if (!isAccessScope(scope)) throw new AppError(400, `"${scope}" is not a scope`);
    if (!roleHolds(role, scope)) throw new AppError(400, `a ${role} does not hold the scope ${scope}, so no token of theirs can`);
    if (!result.includes(scope)) result.push(scope);
  }
  return result;
}

export async function createApiToken(db: Db, input: { userId: string; name: string; scopes?: readonly string[]; expiresAt?: Date | null; now?: Date }): Promise<{ token: string; summary: TokenSummary }> {
  const name = input.name.trim();
  if (!name) throw new AppError(400, "a token needs a name (what it is for)");
  if (name.length > 100) throw new AppError(400, "a token's name may be at most 100 characters");
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { role: true } });
  if (!user) throw new AppError(404, "no such user");
  const scopes = checkTokenScopes(isTeamRole(user.role) ? user.role : "viewer", input.scopes ?? []);
  if (input.expiresAt && input.expiresAt.getTime() <= (input.now ?? new Date()).getTime()) throw new AppError(400, "the expiry is in the past");
  const made = newToken();
  const row = await db.apiToken.create({ data: { userId: input.userId, name, prefix: made.prefix, hash: made.hash, scopes: JSON.stringify(scopes), expiresAt: input.expiresAt ?? null } });
  return { token: made.token, summary: summarize(row) };
}

function summarize(row: { id: string; name: string; prefix: string; scopes: string; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null; revokedAt: Date | null }, now: Date = new Date()): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseStoredScopes(row.scopes).scopes,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    state: tokenState(row, now),
  };
}

export async function listApiTokens(db: Db, userId: string): Promise<TokenSummary[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map((row) => summarize(row));
}

/** Revokes one of the user's tokens (by id or visible prefix); revoking twice is not an error. */
export async function revokeApiToken(db: Db, userId: string, idOrPrefix: string): Promise<TokenSummary> {
  const rows = await db.apiToken.findMany({ where: { userId, OR: [{ id: idOrPrefix }, { prefix: idOrPrefix }] } });
  if (rows.length === 0) throw new AppError(404, `no token "${idOrPrefix}" of this user`);
  if (rows.length > 1) throw new AppError(409, `several tokens start with ${idOrPrefix}: revoke by id (baton token list --json)`);
  const row = rows[0]!;
  if (row.revokedAt !== null) return summarize(row);
  // The `access` event ends the token's open live streams, in every server process (event-stream.ts).
  return transactionWithEvents(db, async (tx, emit) => {
    const revoked = await tx.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    emit({ kind: "access", id: userId, version: 0 });
    return summarize(revoked);
  });
}

export interface TokenOwner {
  tokenId: string;
  userId: string;
  email: string;
  name: string;
  role: TeamRole;
  /** null: every scope of the role. */
  scopes: AccessScope[] | null;
}

/**
 * The owner of a presented token, or null when it is unknown, expired or revoked. A token whose stored
 * scopes cannot be read holds no scope at all (refused, never widened).
 */
export async function findTokenOwner(db: Db, token: string, now: Date = new Date()): Promise<TokenOwner | null> {
  const row = await db.apiToken.findUnique({ where: { hash: hashToken(token) }, include: { user: { select: { email: true, name: true, role: true } } } });
  if (!row || tokenState(row, now) !== "active") return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  const stored = parseStoredScopes(row.scopes);
  const scopes = stored.valid ? stored.scopes.filter(isAccessScope) : [];
  return {
    tokenId: row.id,
    userId: row.userId,
    email: row.user.email,
    name: row.user.name,
    role: isTeamRole(row.user.role) ? row.user.role : "viewer",
    scopes: stored.valid && scopes.length === 0 && stored.scopes.length === 0 ? null : scopes,
  };
}
