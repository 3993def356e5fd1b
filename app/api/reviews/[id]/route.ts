import { getReview } from "@/lib/server/reviews/review-queries";
import { withRenderedParts } from "@/lib/server/reviews/render-review";
import { reviewReadRoute } from "@/lib/server/reviews/review-route";

export const dynamic = "force-dynamic";

/** GET /api/reviews/:id[?html=1] → the review with its handoff, timeline, comments and verdicts (html=1: rendered parts too). */
export const GET = reviewReadRoute(async ({ db, id, request }) => {
  const review = await getReview(db, id);
  return new URL(request.url).searchParams.get("html") === "1" ? withRenderedParts(review) : review;
});
