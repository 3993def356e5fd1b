"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { personName } from "@/lib/core/access/display-name";
import { fetchReviews } from "./review-api";
import { ReviewStateBadge } from "./review-state-badge";

/**
 * The open review of a handoff as a badge, for lists and graph nodes that know only the handoff's id.
 * Every badge on a page shares one request (the board's own query key, so the live stream refreshes it).
 */
/** `link`: the badge opens the review (not inside a graph node, whose clicks select it). */
export function HandoffReviewBadge({ handoffId, link = false }: { handoffId: string; link?: boolean }) {
  const { data } = useQuery({ queryKey: queryKeys.reviewList(""), queryFn: () => fetchReviews(""), staleTime: 30_000, retry: false });
  const review = data?.reviews.find((candidate) => candidate.handoffId === handoffId);
  if (!review) return null;
  const badge = <ReviewStateBadge state={review.state} claimed={review.isClaimLive} title={review.isClaimLive ? `claimed by ${personName(review.claimedByName ?? "someone")}` : "review"} />;
  return link ? (
    <Link href={`/reviews/${review.id}`} aria-label={`Review: ${review.state.replace("_", " ")}`}>
      {badge}
    </Link>
  ) : (
    badge
  );
}
