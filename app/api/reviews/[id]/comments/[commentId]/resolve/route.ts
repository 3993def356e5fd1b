import { resolveCommentBodySchema } from "@/lib/core/reviews/review-schemas";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { resolveComment } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/comments/:commentId/resolve { version, resolved? } (resolved: false reopens the thread). */
export const POST = reviewRoute("reviews:write", resolveCommentBodySchema, ({ db, id, commentId, actor, body }) => resolveComment(db, id, commentId ?? "", actor, body));
