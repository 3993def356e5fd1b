import { commentBodySchema } from "@/lib/core/reviews/review-schemas";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { addComment } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/comments { version, body, anchor?: { section?, line? }, parentId? }. */
export const POST = reviewRoute("reviews:write", commentBodySchema, ({ db, id, actor, body }) => addComment(db, id, actor, body));
