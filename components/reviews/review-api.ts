/**
 * The review routes from the browser. Their query keys are lib/core/events/query-keys.ts's (the live
 * stream invalidates the same ones).
 */
import type { ReviewListItem, ReviewCounts } from "@/lib/server/reviews/review-queries";
import type { RenderedReview } from "@/lib/server/reviews/render-review";

export type ReviewList = { reviews: ReviewListItem[]; counts: ReviewCounts };

/** A refused write, with the answer's body (409: heldBy / claimExpiresAt / version). */
export class ReviewRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function fetchReviews(search: string): Promise<ReviewList> {
  const response = await fetch(`/api/reviews${search ? `?${search}` : ""}`);
  if (!response.ok) throw new ReviewRequestError(response.status, `Could not load reviews (HTTP ${response.status})`, await readJson(response));
  return response.json() as Promise<ReviewList>;
}

export async function fetchReview(id: string): Promise<RenderedReview> {
  const response = await fetch(`/api/reviews/${encodeURIComponent(id)}?html=1`);
  if (!response.ok) throw new ReviewRequestError(response.status, `Could not load the review (HTTP ${response.status})`, await readJson(response));
  return response.json() as Promise<RenderedReview>;
}

export async function postReview<T = Record<string, unknown>>(id: string, action: string, body: unknown): Promise<T> {
  const response = await fetch(`/api/reviews/${encodeURIComponent(id)}/${action}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await readJson(response);
  if (!response.ok) throw new ReviewRequestError(response.status, typeof data.error === "string" ? data.error : `HTTP ${response.status}`, data);
  return data as T;
}
