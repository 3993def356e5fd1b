/**
 * The per-account sign-in limit, as a pure state machine (lib/server/auth/sign-in-guard.ts keeps the
 * states and asks it). better-auth limits sign-ins per address; this limits them per account, so many
 * addresses cannot share out guesses at one password.
 *
 * Backoff, not a wall: the first FREE_ATTEMPTS attempts in a row are free; each one after waits
 * twice as long as the one before (1 s, 2 s, 4 s, …), never more than MAX_WAIT_MS; an attempt refused
 * while waiting is not counted (it cannot push the wait further), and the count is forgotten after
 * FORGET_AFTER_MS without an attempt, or at once by a successful sign-in. The guard keeps two such
 * counts: one per account (every address) and one per account and address, and a known address (one
 * this account is signed in from) is held only by its own count, so an attacker elsewhere never locks
 * its owner out.
 */
export const FREE_ATTEMPTS = 5;
export const MAX_WAIT_MS = 5 * 60_000;
export const FORGET_AFTER_MS = 15 * 60_000;

export interface BackoffState {
  /** Attempts counted since the last success (or since the count was forgotten). */
  attempts: number;
  lastAttemptAt: number;
  /** No attempt before this time (ms since the epoch); 0 when free. */
  waitUntil: number;
}

export type BackoffDecision = { allowed: true; next: BackoffState } | { allowed: false; retryAfterSeconds: number };

/** The wait after the `attempts`-th attempt in a row. */
export function waitAfter(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** Math.min(attempts - FREE_ATTEMPTS, 30));
}

/** Whether an attempt at `now` may go on, and the state that counts it. */
export function takeAttempt(state: BackoffState | undefined, now: number): BackoffDecision {
  const current = state && now - state.lastAttemptAt < FORGET_AFTER_MS ? state : undefined;
  if (current && now < current.waitUntil) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.waitUntil - now) / 1000)) };
  const attempts = (current?.attempts ?? 0) + 1;
  const wait = waitAfter(attempts);
  return { allowed: true, next: { attempts, lastAttemptAt: now, waitUntil: wait === 0 ? 0 : now + wait } };
}

/** Whether a state still matters at `now` (a store drops the others). */
export function isLive(state: BackoffState, now: number): boolean {
  return now - state.lastAttemptAt < FORGET_AFTER_MS || now < state.waitUntil;
}
