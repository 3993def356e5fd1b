"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { RenderedReview } from "@/lib/server/reviews/render-review";
import { postReview, ReviewRequestError } from "./review-api";
import { writeInstant } from "@/lib/core/text/relative-time";

/** What a refusal says to the person: who holds the claim until when, or that the review moved on. */
export function refusalText(error: unknown): string {
  if (error instanceof ReviewRequestError) {
    if (error.status === 409 && typeof error.body.heldBy === "string") {
      const ends = typeof error.body.claimExpiresAt === "string" ? `; the claim ends ${writeInstant(error.body.claimExpiresAt, new Date()).shown}` : "";
      return `Claimed by ${error.body.heldBy}${ends}.`;
    }
    if (error.status === 409 && typeof error.body.version === "number") return "The review changed meanwhile; it is reloaded — try again.";
    return error.message;
  }
  return (error as Error).message;
}

/**
 * The writes of the review page. Each sends the version the page shows; after any answer the review and
 * the lists are refetched. Comments, replies, resolves and verdicts do not depend on the claim, so a
 * stale version is retried once with the current one; a transition never is (the state it was meant
 * for may be gone).
 */
export function useReviewActions(review: Pick<RenderedReview, "id" | "version">) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.review(review.id) }), queryClient.invalidateQueries({ queryKey: queryKeys.reviews() })]);
  }, [queryClient, review.id]);

  const run = useCallback(
    async (action: string, body: Record<string, unknown>, { retryStale = false, versioned = true } = {}): Promise<boolean> => {
      setBusy(action);
      setError(null);
      try {
        try {
          await postReview(review.id, action, versioned ? { version: review.version, ...body } : body);
        } catch (first) {
          if (!(retryStale && first instanceof ReviewRequestError && first.status === 409 && typeof first.body.version === "number")) throw first;
          await postReview(review.id, action, { ...body, version: first.body.version });
        }
        return true;
      } catch (failure) {
        setError(refusalText(failure));
        return false;
      } finally {
        setBusy(null);
        await refresh();
      }
    },
    [review.id, review.version, refresh],
  );
  return { run, busy, error, setError, refresh };
}

/**
 * While this page is open and its viewer holds the claim, keep the lease alive: a beat when a third of
 * the time left has passed (at most a minute apart), so two beats can be lost before the lease ends,
 * whatever lease the server is configured with. Each beat's answer brings the new end, which schedules
 * the next one.
 */
export function useLeaseHeartbeat(reviewId: string, isHolder: boolean, claimExpiresAt: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isHolder || !claimExpiresAt) return;
    const left = new Date(claimExpiresAt).getTime() - Date.now();
    const wait = Math.max(5_000, Math.min(60_000, left / 3));
    const timer = setTimeout(() => {
      postReview(reviewId, "heartbeat", {})
        .catch(() => undefined)
        .finally(() => queryClient.invalidateQueries({ queryKey: queryKeys.review(reviewId) }));
    }, wait);
    return () => clearTimeout(timer);
  }, [reviewId, isHolder, claimExpiresAt, queryClient]);
}
