import { claimBodySchema } from "@/lib/core/reviews/review-schemas";
import { heartbeatReview } from "@/lib/server/reviews/claim-review";
import { reviewRoute } from "@/lib/server/reviews/review-route";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/heartbeat {} → the holder's lease, extended; 409 when the claim is someone else's. */
export const POST = reviewRoute("reviews:write", claimBodySchema, ({ db, id, actor }) => heartbeatReview(db, id, actor));
