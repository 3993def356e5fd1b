import { claimBodySchema } from "@/lib/core/reviews/review-schemas";
import { claimReview } from "@/lib/server/reviews/claim-review";
import { reviewRoute } from "@/lib/server/reviews/review-route";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/claim {} → 200 { claimedBy, claimExpiresAt, version } or 409 { heldBy, claimExpiresAt }. */
export const POST = reviewRoute("reviews:write", claimBodySchema, ({ db, id, actor }) => claimReview(db, id, actor));
