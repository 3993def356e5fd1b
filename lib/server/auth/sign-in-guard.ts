/**
 * The per-account sign-in limit around better-auth's `POST /api/auth/sign-in/email` (its own limit is
 * per address: 3 tries in 10 s). The rules are lib/core/auth/sign-in-backoff.ts; this keeps the counts
 * (in this process's memory, like better-auth's: each server instance counts its own) and answers 429
 * with `Retry-After` while an account must wait.
 *
 * The address is the one better-auth itself uses (`getIP`, over the `X-Forwarded-For` that
 * lib/server/web/client-address.ts rewrote from the socket). An address is *known* for an account when
 * a live session of that account was opened from it; a known address is held only by its own count.
 */
import { getIP } from "better-auth/api";
import { isLive, takeAttempt, waitAfter, type BackoffState } from "../../core/auth/sign-in-backoff";
import type { Db } from "../db/client";

const SIGN_IN_PATH = "/api/auth/sign-in/email";
/** Counts kept at most (the oldest are dropped first): a flood of made-up emails cannot fill memory. */
const MAX_TRACKED = 20_000;

export interface SignInGuardOptions {
  db: () => Db;
  trustedProxies: readonly string[];
  now?: () => number;
}

type Store = Map<string, BackoffState>;

function prune(store: Store, now: number): void {
  if (store.size < MAX_TRACKED) return;
  for (const [key, state] of store) if (!isLive(state, now)) store.delete(key);
  for (const key of store.keys()) {
    if (store.size < MAX_TRACKED) break;
    store.delete(key);
  }
}

function restamp(store: Store, key: string, at: number): void {
  const state = store.get(key);
  if (state && state.waitUntil > 0) store.set(key, { ...state, lastAttemptAt: at, waitUntil: at + waitAfter(state.attempts) });
}

function tooMany(retryAfterSeconds: number): Response {
  return Response.json(
    { code: "TOO_MANY_ATTEMPTS_FOR_ACCOUNT", message: `Too many sign-in attempts for this account: try again in ${retryAfterSeconds} s.`, retryAfter: retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds), "X-Retry-After": String(retryAfterSeconds) } },
  );
}

async function emailOf(request: Request): Promise<string | null> {
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" && body.email.trim() !== "" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

async function isKnownAddress(db: Db, email: string, address: string, now: number): Promise<boolean> {
  const session = await db.session.findFirst({ where: { ipAddress: address, expiresAt: { gt: new Date(now) }, user: { email } }, select: { id: true } });
  return session !== null;
}

export function createSignInGuard(options: SignInGuardOptions) {
  const now = options.now ?? Date.now;
  const byAccount: Store = new Map();
  const byAccountAndAddress: Store = new Map();
  const ipOptions = { advanced: { ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: [...options.trustedProxies] } } };

  /** Runs `handler` for a sign-in the limit allows, or answers 429; any other request passes through. */
  return async function guardSignIn(request: Request, handler: (request: Request) => Promise<Response>): Promise<Response> {
    if (request.method !== "POST" || new URL(request.url).pathname !== SIGN_IN_PATH) return handler(request);
    const email = await emailOf(request);
    if (email === null) return handler(request);
    const address = getIP(request, ipOptions as Parameters<typeof getIP>[1]) ?? "unknown";
    const pairKey = `${email}\u0000${address}`;
    const at = now();
    prune(byAccount, at);
    prune(byAccountAndAddress, at);

    const account = takeAttempt(byAccount.get(email), at);
    const pair = takeAttempt(byAccountAndAddress.get(pairKey), at);
    if (!pair.allowed) return tooMany(pair.retryAfterSeconds);
    if (!account.allowed && !(await isKnownAddress(options.db(), email, address, at))) return tooMany(account.retryAfterSeconds);
    if (account.allowed) byAccount.set(email, account.next);
    byAccountAndAddress.set(pairKey, pair.next);

    const response = await handler(request);
    if (response.ok) {
      byAccountAndAddress.delete(pairKey);
      // A success through the account's limit forgets its count; one from a known address while the
      // account is held leaves it (an attacker elsewhere gets no fresh attempts from the owner's sign-in).
      if (account.allowed) byAccount.delete(email);
    } else {
      // The wait runs from the end of a failed attempt, however long checking the password took.
      const done = now();
      restamp(byAccountAndAddress, pairKey, done);
      if (account.allowed) restamp(byAccount, email, done);
    }
    return response;
  };
}
