"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchReviews, reviewKeys } from "./review-api";
import { ReviewStateBadge } from "./review-state-badge";

/**
 * The open review of a handoff as a badge, for lists and graph nodes that know only the handoff's id.
 * Every badge on a page shares one request (the board's own query key, so the live stream refreshes it).
 */
export function HandoffReviewBadge({ handoffId }: { handoffId: string }) {
  const { data } = useQuery({ queryKey: reviewKeys.list(""), queryFn: () => fetchReviews(""), staleTime: 30_000, retry: false });
  const review = data?.reviews.find((candidate) => candidate.handoffId === handoffId);
  if (!review) return null;
  return <ReviewStateBadge state={review.state} claimed={review.isClaimLive} title={review.isClaimLive ? `claimed by ${review.claimedByName}` : "review"} />;
}
