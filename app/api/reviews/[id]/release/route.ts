import { releaseBodySchema } from "@/lib/core/reviews/review-schemas";
import { requireAccess } from "@/lib/server/access/require-access";
import { releaseReview } from "@/lib/server/reviews/claim-review";
import { reviewRoute } from "@/lib/server/reviews/review-route";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/release { version, force? } — force (an admin) drops someone else's claim. */
export const POST = reviewRoute("reviews:write", releaseBodySchema, async ({ db, id, actor, body, request }) => {
  if (body.force) await requireAccess(request, "reviews:admin");
  return releaseReview(db, id, actor, body.version, { force: body.force });
});
