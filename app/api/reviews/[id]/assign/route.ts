import { assignBodySchema } from "@/lib/core/reviews/review-schemas";
import { resolveAssignee } from "@/lib/server/reviews/review-assignees";
import { reviewRoute } from "@/lib/server/reviews/review-route";
import { assignReview } from "@/lib/server/reviews/review-writes";

export const dynamic = "force-dynamic";

/**
 * POST /api/reviews/:id/assign { version, assigneeId: id | "me" | null, priority? }. On the team server
 * the assignee must be an admin or member; the name stored is theirs, never the one the client sent.
 */
export const POST = reviewRoute("reviews:write", assignBodySchema, async ({ db, id, actor, body }) => {
  if (body.assigneeId === "me") return assignReview(db, id, actor, { ...body, assigneeId: actor.id, assigneeName: actor.name });
  if (body.assigneeId === null) return assignReview(db, id, actor, body);
  return assignReview(db, id, actor, { ...body, assigneeName: await resolveAssignee(db, body.assigneeId, body.assigneeName) });
});
