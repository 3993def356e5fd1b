import { describe, expect, it } from "vitest";
import { FORGET_AFTER_MS, FREE_ATTEMPTS, MAX_WAIT_MS, takeAttempt, waitAfter, type BackoffState } from "./sign-in-backoff";

function run(times: number[]): { allowed: boolean; retry?: number }[] {
  let state: BackoffState | undefined;
  return times.map((at) => {
    const decision = takeAttempt(state, at);
    if (decision.allowed) state = decision.next;
    return decision.allowed ? { allowed: true } : { allowed: false, retry: decision.retryAfterSeconds };
  });
}

describe("the per-account sign-in backoff", () => {
  it("lets the first attempts through, then doubles the wait after each", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(waitAfter)).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000]);
    expect(waitAfter(40)).toBe(MAX_WAIT_MS);
  });

  it("refuses an attempt during the wait without counting it (a flood cannot push the wait further)", () => {
    const results = run([0, 1, 2, 3, 4, 5, 6, 7, 500, 999]);
    expect(results.slice(0, FREE_ATTEMPTS).every((result) => result.allowed)).toBe(true);
    expect(results.slice(FREE_ATTEMPTS)).toEqual([
      { allowed: false, retry: 1 },
      { allowed: false, retry: 1 },
      { allowed: false, retry: 1 },
      { allowed: false, retry: 1 },
      { allowed: false, retry: 1 },
    ]);
    // After the 1 s wait the next attempt goes through, and the wait after it is 2 s, not more.
    let state: BackoffState | undefined;
    for (const at of [0, 1, 2, 3, 4]) state = (takeAttempt(state, at) as { next: BackoffState }).next;
    for (const at of [5, 50, 500]) expect(takeAttempt(state, at).allowed).toBe(false);
    const next = takeAttempt(state, 1004);
    expect(next).toMatchObject({ allowed: true, next: { attempts: 6, waitUntil: 3004 } });
  });

  it("is never a wall: the longest wait is five minutes, and the count is forgotten after a quiet spell", () => {
    let state: BackoffState = { attempts: 100, lastAttemptAt: 0, waitUntil: MAX_WAIT_MS };
    const refused = takeAttempt(state, 1);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: MAX_WAIT_MS / 1000 });
    const after = takeAttempt(state, MAX_WAIT_MS);
    expect(after.allowed).toBe(true);
    state = { attempts: 30, lastAttemptAt: 0, waitUntil: 1000 };
    expect(takeAttempt(state, FORGET_AFTER_MS)).toMatchObject({ allowed: true, next: { attempts: 1, waitUntil: 0 } });
  });
});
