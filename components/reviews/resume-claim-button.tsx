"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isOpenReviewState } from "@/lib/core/reviews/review-states.data";
import { fetchReviews, postReview } from "./review-api";
import { refusalText } from "./use-review-actions";
import { writeInstant } from "@/lib/core/text/relative-time";

/**
 * "Resume & claim" in the resume dialog: claims the handoff's review before you copy the command, so
 * nobody else resumes the same handoff meanwhile. A claim held by someone else is shown with their name
 * and the lease's end.
 */
export function ResumeClaimButton({ handoffId }: { handoffId: string }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      const { reviews } = await fetchReviews(`handoff=${encodeURIComponent(handoffId)}`);
      const review = reviews.find((candidate) => isOpenReviewState(candidate.state));
      if (!review) {
        setStatus({ ok: false, text: "This handoff has no open review to claim." });
        return;
      }
      const result = await postReview<{ claimExpiresAt: string }>(review.id, "claim", {});
      setStatus({ ok: true, text: `Claimed; the claim ends ${writeInstant(result.claimExpiresAt, new Date()).shown}.` });
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.reviews() }), queryClient.invalidateQueries({ queryKey: queryKeys.review(review.id) })]);
    } catch (error) {
      setStatus({ ok: false, text: refusalText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="ml-auto flex items-center gap-2">
      {status && (
        <span role="status" data-testid="resume-claim-status" className={`text-xs ${status.ok ? "text-emerald-700" : "text-red-700"}`}>
          {status.text}
        </span>
      )}
      <button type="button" onClick={claim} disabled={busy} data-testid="resume-dialog-claim" className="rounded-lg bg-zinc-900 px-3 py-1 text-sm font-medium text-white disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900">
        Resume &amp; claim
      </button>
    </span>
  );
}
