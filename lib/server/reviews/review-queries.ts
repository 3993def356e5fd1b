/**
 * Reads for the board, the review page, the CLI and the badges elsewhere. Stale verdicts are computed
 * here (the handoff's current content and its branch's current head against what each verdict was
 * given on), never stored.
 */
import { AppError } from "../app-error";
import { isVerdictStale } from "../../core/reviews/review-rules";
import { isOpenReviewState, OPEN_REVIEW_STATES } from "../../core/reviews/review-states.data";
import { countMasks } from "../../core/reviews/review-text";
import type { Review } from "../../../generated/sqlite/client";
import type { Db } from "../db/client";
import { handoffName } from "../../core/chains/chain-name";

export interface ReviewListFilters {
  state?: string;
  /** A repo's id, registered path or name. */
  repo?: string;
  /** Claimed by or assigned to this actor id. */
  mine?: string;
  unassigned?: boolean;
  runtime?: string;
  stale?: boolean;
  /** Closed reviews too (default: only when `state` names a closed one). */
  includeClosed?: boolean;
}

interface HandoffFacts {
  id: string;
  path: string;
  blobSha: string;
  branch: string | null;
  runtime: string | null;
  phase: string | null;
  title: string | null;
  nextAction: string | null;
  timestamp: Date | null;
  commitTime: Date | null;
  fileMtime: Date | null;
  firstSeenAt: Date;
  repoId: string;
}

const HANDOFF_SELECT = { id: true, path: true, blobSha: true, branch: true, runtime: true, phase: true, title: true, nextAction: true, timestamp: true, day: true, commitTime: true, fileMtime: true, firstSeenAt: true, repoId: true } as const;

/** The branch heads the handoffs' verdicts are judged against: the branch each handoff names. */
async function branchHeads(db: Db, handoffs: HandoffFacts[]): Promise<Map<string, string>> {
  const wanted = handoffs.filter((handoff) => handoff.branch);
  if (wanted.length === 0) return new Map();
  const rows = await db.branch.findMany({
    where: { repoId: { in: [...new Set(wanted.map((handoff) => handoff.repoId))] }, name: { in: [...new Set(wanted.map((handoff) => handoff.branch!))] } },
    select: { repoId: true, name: true, headSha: true },
  });
  return new Map(rows.map((row) => [`${row.repoId}\0${row.name}`, row.headSha]));
}

function basisOf(handoff: HandoffFacts | undefined, heads: Map<string, string>) {
  if (!handoff) return { blobSha: "", branchHeadSha: null };
  return { blobSha: handoff.blobSha, branchHeadSha: handoff.branch ? (heads.get(`${handoff.repoId}\0${handoff.branch}`) ?? null) : null };
}

/** What a review's list row and its page both show of the review itself and its repo. */
function reviewFields(review: Review, repo: { path: string; name: string } | null | undefined) {
  return {
    id: review.id,
    handoffId: review.handoffId,
    handoffPath: review.handoffPath,
    repo: repo?.path ?? null,
    repoId: review.repoId,
    repoName: repo?.name ?? null,
    state: review.state,
    resolution: review.resolution,
    assignee: review.assigneeName,
    assigneeId: review.assigneeId,
    claimedBy: review.claimedBy,
    claimedByName: review.claimedByName,
    claimExpiresAt: review.claimExpiresAt?.toISOString() ?? null,
    version: review.version,
    blockedReason: review.blockedReason,
    priority: review.priority,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

export async function listReviews(db: Db, filters: ReviewListFilters = {}) {
  const repoIds = filters.repo
    ? (await db.repo.findMany({ where: { OR: [{ id: filters.repo }, { path: filters.repo }, { name: filters.repo }] }, select: { id: true } })).map((repo) => repo.id)
    : null;
  const closedWanted = filters.includeClosed || (filters.state !== undefined && !isOpenReviewState(filters.state));
  const reviews = await db.review.findMany({
    where: {
      ...(filters.state ? { state: filters.state } : closedWanted ? {} : { state: { in: [...OPEN_REVIEW_STATES] } }),
      ...(repoIds ? { repoId: { in: repoIds } } : {}),
      ...(filters.mine ? { OR: [{ claimedBy: filters.mine }, { assigneeId: filters.mine }] } : {}),
      ...(filters.unassigned ? { assigneeId: null } : {}),
    },
    orderBy: [{ priority: "desc" }, { createdAt: "desc" }],
    take: 2000,
    include: { verdicts: { select: { kind: true, blobSha: true, branchHeadSha: true, authorName: true }, orderBy: { createdAt: "asc" } } },
  });
  const handoffs = await db.handoff.findMany({ where: { id: { in: reviews.map((review) => review.handoffId) } }, select: HANDOFF_SELECT });
  const handoffById = new Map(handoffs.map((handoff) => [handoff.id, handoff]));
  const repos = await db.repo.findMany({ where: { id: { in: [...new Set(reviews.map((review) => review.repoId))] } }, select: { id: true, path: true, name: true } });
  const repoById = new Map(repos.map((repo) => [repo.id, repo]));
  const heads = await branchHeads(db, handoffs);
  const now = Date.now();
  const items = reviews.map((review) => {
    const handoff = handoffById.get(review.handoffId);
    const basis = basisOf(handoff, heads);
    const staleVerdicts = review.verdicts.filter((verdict) => isVerdictStale(verdict, basis)).length;
    const repo = repoById.get(review.repoId);
    const isClaimLive = review.claimExpiresAt !== null && review.claimExpiresAt.getTime() > now;
    return {
      ...reviewFields(review, repo),
      successorHandoffId: review.successorHandoffId,
      isClaimLive,
      branch: handoff?.branch ?? null,
      runtime: handoff?.runtime ?? null,
      title: handoff ? handoffName(handoff) : null,
      nextAction: handoff?.nextAction ?? null,
      // The handoff's own time, else the day it states (its date folder), before any file time.
      handoffTime: (handoff?.timestamp ?? (handoff?.day ? new Date(`${handoff.day}T00:00:00Z`) : null) ?? handoff?.commitTime ?? handoff?.fileMtime ?? handoff?.firstSeenAt)?.toISOString() ?? null,
      verdicts: review.verdicts.map((verdict) => ({ kind: verdict.kind, authorName: verdict.authorName, isStale: isVerdictStale(verdict, basis) })),
      staleVerdicts,
    };
  });
  // Highest priority first, then the most recent work (the handoff's own time).
  return items
    .filter((item) => (!filters.runtime || item.runtime === filters.runtime) && (!filters.stale || item.staleVerdicts > 0))
    .sort((a, b) => b.priority - a.priority || (b.handoffTime ?? "").localeCompare(a.handoffTime ?? ""));
}

export type ReviewListItem = Awaited<ReturnType<typeof listReviews>>[number];

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function parseNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

export async function getReview(db: Db, id: string) {
  const review = await db.review.findUnique({
    where: { id },
    include: {
      events: { orderBy: [{ at: "asc" }, { id: "asc" }], take: 1000 },
      comments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 2000 },
      verdicts: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!review) throw new AppError(404, `no review ${id}`);
  const handoff = await db.handoff.findUnique({ where: { id: review.handoffId }, select: { ...HANDOFF_SELECT, content: true, isGone: true } });
  const repo = await db.repo.findUnique({ where: { id: review.repoId }, select: { id: true, path: true, name: true } });
  const heads = await branchHeads(db, handoff ? [handoff] : []);
  const basis = basisOf(handoff ?? undefined, heads);
  const successor = review.successorHandoffId ? await db.handoff.findUnique({ where: { id: review.successorHandoffId }, select: { id: true, path: true } }) : null;
  const successorReview = successor ? await db.review.findUnique({ where: { handoffId: successor.id }, select: { id: true, state: true } }) : null;
  return {
    ...reviewFields(review, repo),
    successor: successor ? { handoffId: successor.id, path: successor.path, reviewId: successorReview?.id ?? null } : null,
    handoff: handoff
      ? {
          id: handoff.id,
          path: handoff.path,
          blobSha: handoff.blobSha,
          branch: handoff.branch,
          branchHeadSha: basis.branchHeadSha,
          runtime: handoff.runtime,
          title: handoffName(handoff),
          nextAction: handoff.nextAction,
          content: handoff.content,
          isGone: handoff.isGone,
        }
      : null,
    timeline: review.events.map((event) => ({ id: event.id, kind: event.kind, actorId: event.actorId, actorName: event.actorName, at: event.at.toISOString(), version: event.version, details: parseDetails(event.details) })),
    comments: review.comments.map((comment) => ({
      id: comment.id,
      parentId: comment.parentId,
      authorId: comment.authorId,
      authorName: comment.authorName,
      body: comment.body,
      secretsMasked: countMasks(comment.body),
      anchor: { section: comment.anchorSection, line: comment.anchorLine },
      blobSha: comment.blobSha,
      isOutdated: comment.blobSha !== basis.blobSha,
      mentions: parseNames(comment.mentions),
      resolvedAt: comment.resolvedAt?.toISOString() ?? null,
      resolvedByName: comment.resolvedByName,
      createdAt: comment.createdAt.toISOString(),
    })),
    verdicts: review.verdicts.map((verdict) => ({
      id: verdict.id,
      kind: verdict.kind,
      body: verdict.body,
      secretsMasked: countMasks(verdict.body),
      authorId: verdict.authorId,
      authorName: verdict.authorName,
      blobSha: verdict.blobSha,
      branchHeadSha: verdict.branchHeadSha,
      isStale: isVerdictStale(verdict, basis),
      createdAt: verdict.createdAt.toISOString(),
    })),
  };
}

export type ReviewDetail = Awaited<ReturnType<typeof getReview>>;

/** "9 open · 3 claimed · 2 blocked" and the count per state. */
export async function reviewCounts(db: Db, now: Date = new Date()) {
  const groups = await db.review.groupBy({ by: ["state"], _count: { _all: true } });
  const byState: Record<string, number> = {};
  for (const group of groups) byState[group.state] = group._count._all;
  const claimed = await db.review.count({ where: { state: { in: [...OPEN_REVIEW_STATES] }, claimExpiresAt: { gt: now } } });
  const open = OPEN_REVIEW_STATES.reduce((sum, state) => sum + (byState[state] ?? 0), 0);
  return { open, claimed, blocked: byState.blocked ?? 0, byState };
}

export type ReviewCounts = Awaited<ReturnType<typeof reviewCounts>>;

export interface ReviewBadge {
  reviewId: string;
  state: string;
  claimedByName: string | null;
  isClaimLive: boolean;
}

/** The review of each of these handoffs (for badges on lists and graphs). */
export async function reviewBadges(db: Db, handoffIds: readonly string[], now: Date = new Date()): Promise<Record<string, ReviewBadge>> {
  if (handoffIds.length === 0) return {};
  const rows = await db.review.findMany({ where: { handoffId: { in: [...handoffIds] } }, select: { id: true, handoffId: true, state: true, claimedByName: true, claimExpiresAt: true } });
  return Object.fromEntries(
    rows.map((row) => [row.handoffId, { reviewId: row.id, state: row.state, claimedByName: row.claimedByName, isClaimLive: row.claimExpiresAt !== null && row.claimExpiresAt.getTime() > now.getTime() }]),
  );
}

/** The review of one handoff, if it has one. */
export async function reviewIdForHandoff(db: Db, handoffId: string): Promise<string | null> {
  return (await db.review.findUnique({ where: { handoffId }, select: { id: true } }))?.id ?? null;
}
