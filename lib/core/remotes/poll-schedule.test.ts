import { expect, test } from "vitest";
import { MAX_POLL_MS, MIN_POLL_MS, nextFetchAt, pollInterval, retryInterval } from "./poll-schedule";

const now = new Date("2026-12-02T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

test.each([
  ["never a new commit", null, MIN_POLL_MS],
  ["a commit just now", ago(0), MIN_POLL_MS],
  ["a commit 90 s ago", ago(90_000), MIN_POLL_MS],
  ["a commit 10 min ago", ago(600_000), 300_000],
  ["a commit 4 h ago", ago(4 * 3_600_000), 2 * 3_600_000],
  ["a commit 16 h ago", ago(16 * 3_600_000), MAX_POLL_MS],
  ["a commit 30 days ago", ago(30 * 86_400_000), MAX_POLL_MS],
  ["a commit in the future (clock skew)", new Date(now.getTime() + 3_600_000), MIN_POLL_MS],
])("%s → half the quiet time, clamped", (_, last, expected) => {
  expect(pollInterval(now, last)).toBe(expected);
});

test("nextFetchAt adds the interval", () => {
  expect(nextFetchAt(now, ago(600_000)).toISOString()).toBe("2026-12-02T12:05:00.000Z");
});

test("failures back off: twice the previous interval, never under the usual one, at most 8 h", () => {
  expect(retryInterval(now, null, null)).toBe(MIN_POLL_MS);
  expect(retryInterval(now, null, MIN_POLL_MS)).toBe(2 * MIN_POLL_MS);
  expect(retryInterval(now, null, 4 * 3_600_000)).toBe(MAX_POLL_MS);
  expect(retryInterval(now, ago(4 * 3_600_000), MIN_POLL_MS)).toBe(2 * 3_600_000);
});
