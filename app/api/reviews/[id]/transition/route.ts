import { transitionBodySchema } from "@/lib/core/reviews/review-schemas";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { transitionReview } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/transition { version, to, reason? } (lib/core/reviews/review-states.data.ts says which). */
export const POST = reviewRoute("reviews:write", transitionBodySchema, ({ db, id, actor, body }) => transitionReview(db, id, actor, body));
