import { assignBodySchema } from "@/lib/core/reviews/review-schemas";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { assignReview } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/** POST /api/reviews/:id/assign { version, assigneeId: id | "me" | null, assigneeName?, priority? }. */
export const POST = reviewRoute("reviews:write", assignBodySchema, ({ db, id, actor, body }) =>
  assignReview(db, id, actor, body.assigneeId === "me" ? { ...body, assigneeId: actor.id, assigneeName: actor.name } : body),
);
