/**
 * Personal API tokens, the pure part: a token is `btn_` + 32 random bytes in base64url. The database
 * keeps only its SHA-256 (a token is as strong as a random key, so a fast hash is right: there is
 * nothing to brute-force) and a visible prefix (`btn_ab12`) so a person can tell tokens apart.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { TeamRole } from "../access/actor";

export const TOKEN_MARK = "btn_";
/** Characters shown of a token: the mark and four more. */
export const TOKEN_PREFIX_LENGTH = TOKEN_MARK.length + 4;
const TOKEN_SHAPE = /^btn_[A-Za-z0-9_-]{43}$/;

export interface NewToken {
  /** The whole token: shown once, never stored. */
  token: string;
  prefix: string;
  hash: string;
}

export function newToken(random: (size: number) => Buffer = randomBytes): NewToken {
  const token = `${TOKEN_MARK}${random(32).toString("base64url")}`;
  return { token, prefix: tokenPrefix(token), hash: hashToken(token) };
}

/** Whether a string has the shape of a Baton token (checked before any database look-up). */
export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export function tokenPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX_LENGTH);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of two hex hashes (the look-up is by hash; this guards a second check). */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The token in an `Authorization: Bearer …` header, or null (another scheme, or not a Baton token). */
export function bearerToken(header: string | null): string | null {
  if (header === null) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match && looksLikeToken(match[1]!) ? match[1]! : null;
}

export type TokenState = "active" | "expired" | "revoked";

export function tokenState(row: { expiresAt: Date | null; revokedAt: Date | null }, now: Date = new Date()): TokenState {
  if (row.revokedAt !== null) return "revoked";
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, y: 365 * 86_400_000 } as const;

/**
 * `--expires 30d` (h, d, w, y; "never" for no expiry) → the expiry date, or an error in words.
 * Tokens live at most 5 years.
 */
export function parseExpiry(text: string, now: Date = new Date()): { ok: true; expiresAt: Date | null } | { ok: false; error: string } {
  const value = text.trim().toLowerCase();
  if (value === "never" || value === "none") return { ok: true, expiresAt: null };
  const match = /^(\d{1,4})([hdwy])$/.exec(value);
  if (!match) return { ok: false, error: `"${text}" is not an expiry: write a number and a unit, e.g. 12h, 30d, 8w, 1y, or "never"` };
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms <= 0) return { ok: false, error: "an expiry must be at least 1h" };
  if (ms > 5 * UNIT_MS.y) return { ok: false, error: "an expiry may be at most 5y" };
  return { ok: true, expiresAt: new Date(now.getTime() + ms) };
}

/** The scopes column (a JSON array) read totally: anything that is not a list of strings is no list. */
export function parseStoredScopes(text: string): { scopes: string[]; valid: boolean } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return { scopes: parsed, valid: true };
  } catch {
    // fall through: recorded as invalid, and the caller refuses the token
  }
  return { scopes: [], valid: false };
}

export const TEAM_ROLES: readonly TeamRole[] = ["admin", "member", "viewer"];

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === "string" && (TEAM_ROLES as readonly string[]).includes(value);
}
