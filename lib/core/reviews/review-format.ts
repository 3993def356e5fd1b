/** Words and durations the board, the review page and the CLI show the same way. */

export const REVIEW_STATE_LABELS: Record<string, string> = {
  pending: "Pending",
  in_progress: "In progress",
  blocked: "Blocked",
  completed: "Completed",
  failed: "Failed",
};

export const VERDICT_LABELS: Record<string, string> = { approve: "Approved", request_changes: "Changes requested", comment: "Commented" };

/** "12 min left", "45 s left", "expired" for a lease end. */
export function leaseLeft(claimExpiresAt: string | null, now: number): string {
  if (!claimExpiresAt) return "";
  const ms = new Date(claimExpiresAt).getTime() - now;
  if (!(ms > 0)) return "expired";
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s left`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min left`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min left`;
}

/** "9 open · 3 claimed · 2 blocked". */
export function reviewSummary(counts: { open: number; claimed: number; blocked: number }): string {
  return `${counts.open} open · ${counts.claimed} claimed · ${counts.blocked} blocked`;
}
