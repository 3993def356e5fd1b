/**
 * When to fetch a remote next: half the time since its last new commit, clamped to [1 min, 8 h] (as
 * Sourcegraph schedules its repo updates). A busy repository is fetched every minute; one quiet for a
 * month every 8 hours; a push webhook or a refresh fetches at once whatever the schedule says.
 */
export const MIN_POLL_MS = 60_000;
export const MAX_POLL_MS = 8 * 60 * 60_000;

export function pollInterval(now: Date, lastNewCommitAt: Date | null): number {
  if (lastNewCommitAt === null) return MIN_POLL_MS;
  const half = Math.max(0, now.getTime() - lastNewCommitAt.getTime()) / 2;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(half)));
}

export function nextFetchAt(now: Date, lastNewCommitAt: Date | null): Date {
  return new Date(now.getTime() + pollInterval(now, lastNewCommitAt));
}

/**
 * After a failed fetch: the usual interval, or twice the previous one when that is longer (up to 8 h),
 * so a repository that is gone or refuses us is not asked every minute forever. `previousMs` is the
 * interval the failed fetch was scheduled with (null: none known).
 */
export function retryInterval(now: Date, lastNewCommitAt: Date | null, previousMs: number | null): number {
  const usual = pollInterval(now, lastNewCommitAt);
  if (previousMs === null || !Number.isFinite(previousMs) || previousMs <= 0) return usual;
  return Math.min(MAX_POLL_MS, Math.max(usual, previousMs * 2));
}
