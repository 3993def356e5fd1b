import { verdictBodySchema } from "@/lib/core/reviews/review-schemas";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { addVerdict } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/verdicts { version, kind: approve | request_changes | comment, body? }. */
export const POST = reviewRoute("reviews:write", verdictBodySchema, ({ db, id, actor, body }) => addVerdict(db, id, actor, body));
