/**
 * Every write after the claim names the version it read and is one conditional UPDATE on it (plus the
 * claim, for work that needs one): a stale version, or a claim lost to someone else, answers 409
 * instead of overwriting. The check against the rules table runs first to explain a refusal; the
 * UPDATE's condition is what guards the race.
 */
import { AppError } from "../app-error";
import { checkTransition, findMentions, roleMay } from "../../core/reviews/review-rules";
import { isOpenReviewState, type VerdictKind } from "../../core/reviews/review-states.data";
import { maskTypedText } from "../../core/reviews/review-text";
import type { Db } from "../db/client";
import { transactionWithEvents } from "../events/publish";
import type { ReviewActor } from "./review-actor";
import { readReviewState, recordEvent, staleError, type Tx, type WriteOptions } from "./review-tx";

/** Bumps the version when it is still `version`; 409 otherwise. Returns the new version. */
async function bumpVersion(tx: Tx, reviewId: string, version: number, now: Date): Promise<number> {
  const rows = await tx.$queryRaw<{ version: number }[]>`
    UPDATE "Review" SET "version" = "version" + 1, "updatedAt" = ${now} WHERE "id" = ${reviewId} AND "version" = ${version} RETURNING "version"`;
  if (!rows[0]) throw staleError(await readReviewState(tx, reviewId), version);
  return Number(rows[0].version);
}

function requireRole(actor: ReviewActor, action: Parameters<typeof roleMay>[1], words: string) {
  if (!roleMay(actor.role, action)) throw new AppError(403, `a ${actor.role} may not ${words}`);
}

export async function transitionReview(
  db: Db,
  reviewId: string,
  actor: ReviewActor,
  input: { version: number; to: string; reason?: string | null },
  options: WriteOptions = {},
): Promise<{ version: number; state: string; secretsMasked: number }> {
  const now = options.now ?? new Date();
  // A reason is stored (and shown to everyone) with its secrets masked.
  const typedReason = input.reason?.trim() ? maskTypedText(input.reason.trim()) : null;
  return transactionWithEvents(db, async (tx, emit) => {
    const current = await readReviewState(tx, reviewId);
    if (current.version !== input.version) throw staleError(current, input.version);
    const check = checkTransition(current, input.to, actor, now, typedReason?.text ?? input.reason);
    if (!check.ok) {
      const held = check.status === 409 && current.claimedBy !== null && current.claimedBy !== actor.id;
      throw new AppError(check.status, check.reason, held ? { heldBy: current.claimedByName ?? current.claimedBy, claimExpiresAt: current.claimExpiresAt?.toISOString() ?? null } : {});
    }
    const { transition } = check;
    const reason = typedReason?.text || null;
    const closes = !isOpenReviewState(transition.to);
    const reopens = transition.to === "pending" && !isOpenReviewState(transition.from);
    const blockedReason = transition.to === "blocked" ? reason : null;
    const resolution = transition.resolution ?? null;
    // Closing a review ends its claim; the claim condition is part of the UPDATE (the lease may have run
    // out, or been taken over, since the read above).
    const rows = transition.needsOwnClaim
      ? await tx.$queryRaw<{ version: number }[]>`
          UPDATE "Review" SET "state" = ${transition.to}, "blockedReason" = ${blockedReason}, "resolution" = ${resolution},
            "claimedBy" = CASE WHEN ${closes} THEN NULL ELSE "claimedBy" END,
            "claimedByName" = CASE WHEN ${closes} THEN NULL ELSE "claimedByName" END,
            "claimExpiresAt" = CASE WHEN ${closes} THEN NULL ELSE "claimExpiresAt" END,
            "version" = "version" + 1, "updatedAt" = ${now}
          WHERE "id" = ${reviewId} AND "version" = ${input.version} AND "state" = ${transition.from}
            AND "claimedBy" = ${actor.id} AND "claimExpiresAt" > ${now}
          RETURNING "version"`
      : await tx.$queryRaw<{ version: number }[]>`
          UPDATE "Review" SET "state" = ${transition.to}, "blockedReason" = NULL, "resolution" = NULL,
            "successorHandoffId" = CASE WHEN ${reopens} THEN NULL ELSE "successorHandoffId" END,
            "claimedBy" = NULL, "claimedByName" = NULL, "claimExpiresAt" = NULL,
            "version" = "version" + 1, "updatedAt" = ${now}
          WHERE "id" = ${reviewId} AND "version" = ${input.version} AND "state" = ${transition.from}
          RETURNING "version"`;
    if (!rows[0]) {
      const after = await readReviewState(tx, reviewId);
      if (after.version !== input.version) throw staleError(after, input.version);
      throw new AppError(409, "your claim expired; claim the review again");
    }
    const version = Number(rows[0].version);
    await recordEvent(tx, reviewId, actor, reopens ? "reopened" : "transition", version, now, { from: transition.from, to: transition.to, ...(reason ? { reason } : {}) });
    emit({ kind: "review", id: reviewId, version });
    return { version, state: transition.to, secretsMasked: typedReason?.secretsMasked ?? 0 };
  });
}

export async function assignReview(
  db: Db,
  reviewId: string,
  actor: ReviewActor,
  input: { version: number; assigneeId: string | null; assigneeName?: string | null; priority?: number },
  options: WriteOptions = {},
): Promise<{ version: number }> {
  requireRole(actor, "assign", "assign a review");
  const now = options.now ?? new Date();
  return transactionWithEvents(db, async (tx, emit) => {
    const version = await bumpVersion(tx, reviewId, input.version, now);
    const assigneeName = input.assigneeId === null ? null : (input.assigneeName ?? input.assigneeId);
    await tx.review.update({ where: { id: reviewId }, data: { assigneeId: input.assigneeId, assigneeName, ...(input.priority !== undefined ? { priority: input.priority } : {}) } });
    await recordEvent(tx, reviewId, actor, "assigned", version, now, { assignee: assigneeName, ...(input.priority !== undefined ? { priority: input.priority } : {}) });
    emit({ kind: "review", id: reviewId, version });
    return { version };
  });
}

/** The handoff content a review is on now, and its branch's head (what verdicts and anchors are tied to). */
export async function currentBasis(tx: Tx, reviewId: string): Promise<{ handoffId: string; blobSha: string; branchHeadSha: string | null }> {
  const review = await tx.review.findUnique({ where: { id: reviewId }, select: { handoffId: true, repoId: true } });
  if (!review) throw new AppError(404, `no review ${reviewId}`);
  const handoff = await tx.handoff.findUnique({ where: { id: review.handoffId }, select: { blobSha: true, branch: true, occurrences: { select: { ref: true, kind: true } } } });
  if (!handoff) return { handoffId: review.handoffId, blobSha: "", branchHeadSha: null };
  // The branch the handoff names when Baton has it, else the first branch that holds this content.
  const names = [handoff.branch, ...handoff.occurrences.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref)].filter((name): name is string => Boolean(name));
  for (const name of names) {
    const branch = await tx.branch.findUnique({ where: { repoId_name: { repoId: review.repoId, name } }, select: { headSha: true } });
    if (branch) return { handoffId: review.handoffId, blobSha: handoff.blobSha, branchHeadSha: branch.headSha };
  }
  return { handoffId: review.handoffId, blobSha: handoff.blobSha, branchHeadSha: null };
}

export async function addComment(
  db: Db,
  reviewId: string,
  actor: ReviewActor,
  input: { version: number; body: string; anchor?: { section?: string | null; line?: number | null } | null; parentId?: string | null },
  options: WriteOptions = {},
): Promise<{ version: number; commentId: string; secretsMasked: number }> {
  requireRole(actor, "comment", "comment on a review");
  const now = options.now ?? new Date();
  const body = maskTypedText(input.body);
  return transactionWithEvents(db, async (tx, emit) => {
    const version = await bumpVersion(tx, reviewId, input.version, now);
    if (input.parentId) {
      const parent = await tx.reviewComment.findUnique({ where: { id: input.parentId }, select: { reviewId: true } });
      if (parent?.reviewId !== reviewId) throw new AppError(404, `no comment ${input.parentId} on this review`);
    }
    const basis = await currentBasis(tx, reviewId);
    const mentions = findMentions(body.text);
    const comment = await tx.reviewComment.create({
      data: {
        reviewId,
        parentId: input.parentId ?? null,
        authorId: actor.id,
        authorName: actor.name,
        body: body.text,
        anchorSection: input.anchor?.section ?? null,
        anchorLine: input.anchor?.line ?? null,
        blobSha: basis.blobSha,
        mentions: JSON.stringify(mentions),
        createdAt: now,
      },
      select: { id: true },
    });
    await recordEvent(tx, reviewId, actor, "comment", version, now, { commentId: comment.id, ...(input.anchor?.line ? { line: input.anchor.line } : {}), ...(input.anchor?.section ? { section: input.anchor.section } : {}), ...(mentions.length ? { mentions } : {}) });
    emit({ kind: "comment", id: reviewId, version });
    return { version, commentId: comment.id, secretsMasked: body.secretsMasked };
  });
}

export async function resolveComment(db: Db, reviewId: string, commentId: string, actor: ReviewActor, input: { version: number; resolved: boolean }, options: WriteOptions = {}): Promise<{ version: number }> {
  requireRole(actor, "resolveComment", "resolve a comment");
  const now = options.now ?? new Date();
  return transactionWithEvents(db, async (tx, emit) => {
    const version = await bumpVersion(tx, reviewId, input.version, now);
    const updated = await tx.reviewComment.updateMany({
      where: { id: commentId, reviewId },
      data: input.resolved ? { resolvedAt: now, resolvedById: actor.id, resolvedByName: actor.name } : { resolvedAt: null, resolvedById: null, resolvedByName: null },
    });
    if (updated.count === 0) throw new AppError(404, `no comment ${commentId} on this review`);
    await recordEvent(tx, reviewId, actor, input.resolved ? "resolved" : "unresolved", version, now, { commentId });
    emit({ kind: "comment", id: reviewId, version });
    return { version };
  });
}

export async function addVerdict(db: Db, reviewId: string, actor: ReviewActor, input: { version: number; kind: VerdictKind; body?: string | null }, options: WriteOptions = {}): Promise<{ version: number; verdictId: string; secretsMasked: number }> {
  requireRole(actor, "verdict", "give a verdict");
  const now = options.now ?? new Date();
  const body = input.body?.trim() ? maskTypedText(input.body.trim()) : null;
  return transactionWithEvents(db, async (tx, emit) => {
    const version = await bumpVersion(tx, reviewId, input.version, now);
    const basis = await currentBasis(tx, reviewId);
    const verdict = await tx.verdict.create({
      data: { reviewId, kind: input.kind, body: body?.text || null, authorId: actor.id, authorName: actor.name, blobSha: basis.blobSha, branchHeadSha: basis.branchHeadSha, createdAt: now },
      select: { id: true },
    });
    await recordEvent(tx, reviewId, actor, "verdict", version, now, { verdict: input.kind, verdictId: verdict.id });
    emit({ kind: "review", id: reviewId, version });
    return { version, verdictId: verdict.id, secretsMasked: body?.secretsMasked ?? 0 };
  });
}
