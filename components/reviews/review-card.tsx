import Link from "next/link";
import { personName } from "@/lib/core/access/display-name";
import { leaseLeft } from "@/lib/core/reviews/review-format";
import { When } from "../ui/when";
import type { ReviewListItem } from "@/lib/server/reviews/review-queries";
import { truncate } from "../handoffs/format";
import { RuntimeBadge } from "../handoffs/runtime-badge";
import { ReviewStateBadge } from "./review-state-badge";

/** The claim holder and the lease's time left ("you" when it is the viewer's own). */
export function ClaimHolder({ review, actorId, now }: { review: Pick<ReviewListItem, "claimedBy" | "claimedByName" | "claimExpiresAt">; actorId: string; now: number }) {
  if (!review.claimedBy) return <span className="text-zinc-500 dark:text-zinc-400" data-testid="claim-holder">unclaimed</span>;
  const left = leaseLeft(review.claimExpiresAt, now);
  const isExpired = left === "expired";
  return (
    <span data-testid="claim-holder" className={isExpired ? "text-zinc-400 line-through dark:text-zinc-500" : "text-sky-800 dark:text-sky-300"} title={review.claimExpiresAt ?? undefined}>
      {review.claimedBy === actorId ? "you" : personName(review.claimedByName ?? review.claimedBy)}{" "}
      <span className="text-zinc-500 no-underline dark:text-zinc-400">({isExpired ? "lease expired" : left})</span>
    </span>
  );
}

export function ReviewCard({ review, actorId, now }: { review: ReviewListItem; actorId: string; now: number }) {
  return (
    <article className="space-y-1.5 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900" data-testid="review-card" data-review-id={review.id}>
      <div className="flex items-start justify-between gap-2">
        <Link href={`/reviews/${review.id}`} className="min-w-0 font-medium text-zinc-900 hover:underline dark:text-zinc-100 [overflow-wrap:anywhere]">
          {review.title ?? review.handoffPath}
        </Link>
        {review.priority > 0 && <span className="shrink-0 rounded bg-red-50 px-1 text-[10px] font-semibold text-red-700 dark:bg-red-950 dark:text-red-200">{review.priority >= 2 ? "urgent" : "high"}</span>}
      </div>
      {review.nextAction && <p className="text-xs text-zinc-600 dark:text-zinc-300">{truncate(review.nextAction, 160)}</p>}
      <p className="truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400" title={`${review.repo ?? ""} · ${review.branch ?? ""}`}>
        {review.repoName ?? "?"} · {review.branch ?? "no branch"}
      </p>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <RuntimeBadge runtime={review.runtime} />
        {/* Ages are written by the app's one function (When), as on the handoff page. */}
        <When instant={review.handoffTime} empty="" />
        {review.assignee && <span>→ {review.assigneeId === actorId ? "you" : personName(review.assignee)}</span>}
        {review.staleVerdicts > 0 && <span className="text-amber-700 dark:text-amber-300">{review.staleVerdicts} stale verdict{review.staleVerdicts === 1 ? "" : "s"}</span>}
        {review.verdicts.filter((verdict) => !verdict.isStale).map((verdict, index) => (
          <span key={index} className={verdict.kind === "approve" ? "text-emerald-700 dark:text-emerald-300" : verdict.kind === "request_changes" ? "text-red-700 dark:text-red-300" : ""}>
            {verdict.kind === "approve" ? "✓" : verdict.kind === "request_changes" ? "✗" : "•"} {personName(verdict.authorName)}
          </span>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2 text-xs">
        <ClaimHolder review={review} actorId={actorId} now={now} />
        {review.state === "blocked" && review.blockedReason && <span className="truncate text-amber-800 dark:text-amber-300" title={review.blockedReason}>Blocked: {review.blockedReason}</span>}
        {(review.state === "completed" || review.state === "failed") && <ReviewStateBadge state={review.state} />}
      </div>
    </article>
  );
}
