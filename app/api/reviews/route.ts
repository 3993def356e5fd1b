import { reviewListQuerySchema } from "@/lib/core/reviews/review-schemas";
import { getDb } from "@/lib/server/db/client";
import { reviewActor } from "@/lib/server/reviews/review-actor";
import { listReviews, reviewCounts } from "@/lib/server/reviews/review-queries";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** GET /api/reviews[?state=&repo=&mine=1&unassigned=1&runtime=&stale=1&closed=1&handoff=] → { reviews, counts }. */
export const GET = route("reviews:read", { query: reviewListQuerySchema }, async ({ actor: requester, query }) => {
  const actor = reviewActor(requester);
  const db = getDb();
  const reviews = await listReviews(db, {
    state: query.state,
    repo: query.repo,
    mine: query.mine ? actor.id : undefined,
    unassigned: query.unassigned,
    runtime: query.runtime,
    stale: query.stale,
    includeClosed: query.closed || query.handoff !== undefined,
  });
  return { reviews: query.handoff ? reviews.filter((review) => review.handoffId === query.handoff) : reviews, counts: await reviewCounts(db) };
});
