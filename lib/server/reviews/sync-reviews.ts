/**
 * Reviews follow the scans: after a scan derived a repo's chains, every open chain head (a handoff
 * nothing resumed from, committed or not, not gone, not marked deprecated) has an open review. One
 * review per handoff file: when the head's file gets a new content (an edit, then its commit), the
 * review moves to the newest content (older verdicts go stale). When a successor appears, the review
 * completes itself as "continued", linking the successor, which gets its own. A review closed that way
 * (or because its handoff went away) reopens by itself should its handoff become a head again; one a
 * person closed stays closed.
 */
import { HANDOFF_COMPANION_RULE } from "../../core/handoff/documents/handoff-signals";
import { randomUUID } from "node:crypto";
import { isOpenReviewState } from "../../core/reviews/review-states.data";
import type { BulkWriter } from "../db/bulk";
import { publish } from "../events/publish";
import { SCAN_ACTOR } from "./review-actor";

export interface ReviewSyncResult {
  opened: number;
  continued: number;
  moved: number;
  reopened: number;
  closed: number;
}

interface HeadRow {
  id: string;
  path: string;
  blobSha: string;
  committed: unknown;
  inWorkingTree: unknown;
  commitTime: unknown;
  fileMtime: unknown;
}

interface ReviewRow {
  id: string;
  handoffId: string;
  handoffPath: string;
  state: string;
  resolution: string | null;
  version: number;
}

const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
const toMs = (value: unknown) => (value === null || value === undefined ? 0 : new Date(value instanceof Date ? value : String(value)).getTime() || 0);

/** The newest content among a path's heads: an uncommitted working-tree edit first, then the latest time. */
function newest(rows: HeadRow[]): HeadRow {
  return [...rows].sort((a, b) => {
    const aDraft = truthy(a.inWorkingTree) && !truthy(a.committed) ? 1 : 0;
    const bDraft = truthy(b.inWorkingTree) && !truthy(b.committed) ? 1 : 0;
    return bDraft - aDraft || Math.max(toMs(b.commitTime), toMs(b.fileMtime)) - Math.max(toMs(a.commitTime), toMs(a.fileMtime)) || a.id.localeCompare(b.id);
  })[0]!;
}

export async function syncRepoReviews(bulk: BulkWriter, repoId: string, now: Date = new Date()): Promise<ReviewSyncResult> {
  const result: ReviewSyncResult = { opened: 0, continued: 0, moved: 0, reopened: 0, closed: 0 };
  const heads = await bulk.query<HeadRow>(
    `SELECT h."id", h."path", h."blobSha", h."committed", h."inWorkingTree", h."commitTime", h."fileMtime" FROM "Handoff" h
     WHERE h."repoId" = ? AND h."isGone" = ? AND (h."deprecation" IS NULL OR h."deprecation" = '')
       AND NOT EXISTS (SELECT 1 FROM "ChainEdge" e WHERE e."toId" = h."id")
       AND NOT EXISTS (SELECT 1 FROM "HandoffFinding" f WHERE f."handoffId" = h."id" AND f."rule" = ?)`,
    // A session log kept beside the handoffs is no head to resume (lib/core/chains/derive-chains.ts).
    [repoId, false, HANDOFF_COMPANION_RULE],
  );
  const byPath = new Map<string, HeadRow[]>();
  for (const head of heads) byPath.set(head.path, [...(byPath.get(head.path) ?? []), head]);
  const targets = new Map<string, HeadRow>();
  for (const [filePath, rows] of byPath) targets.set(filePath, newest(rows));
  const targetIds = new Set([...targets.values()].map((head) => head.id));

  const reviews = await bulk.query<ReviewRow>(`SELECT "id", "handoffId", "handoffPath", "state", "resolution", "version" FROM "Review" WHERE "repoId" = ?`, [repoId]);
  const byHandoff = new Map(reviews.map((review) => [review.handoffId, review]));
  const changed: { id: string; version: number }[] = [];

  await bulk.transaction(async () => {
    const event = async (reviewId: string, kind: string, version: number, details: Record<string, unknown>) => {
      await bulk.execute(`INSERT INTO "ReviewEvent" ("reviewId", "kind", "actorId", "actorName", "at", "version", "details") VALUES (?, ?, ?, ?, ?, ?, ?)`, [
        reviewId,
        kind,
        SCAN_ACTOR.id,
        SCAN_ACTOR.name,
        now,
        version,
        JSON.stringify(details),
      ]);
      changed.push({ id: reviewId, version });
    };

    for (const review of reviews) {
      if (!isOpenReviewState(review.state) || targetIds.has(review.handoffId)) continue;
      const version = Number(review.version) + 1;
      // The same file has a newer content that is a head (and has no review of its own): follow it.
      const target = targets.get(review.handoffPath);
      if (target && !byHandoff.has(target.id)) {
        await bulk.execute(`UPDATE "Review" SET "handoffId" = ?, "version" = ?, "updatedAt" = ? WHERE "id" = ?`, [target.id, version, now, review.id]);
        byHandoff.delete(review.handoffId);
        byHandoff.set(target.id, { ...review, handoffId: target.id, version });
        await event(review.id, "content-changed", version, { from: review.handoffId, to: target.id, blobSha: target.blobSha });
        result.moved++;
        continue;
      }
      const successors = await bulk.query<{ fromId: string }>(`SELECT "fromId" FROM "ChainEdge" WHERE "toId" = ? ORDER BY "fromId"`, [review.handoffId]);
      const successor = successors.find((edge) => targetIds.has(edge.fromId))?.fromId ?? successors[0]?.fromId ?? null;
      await bulk.execute(
        `UPDATE "Review" SET "state" = 'completed', "resolution" = ?, "successorHandoffId" = ?, "claimedBy" = NULL, "claimedByName" = NULL, "claimExpiresAt" = NULL, "blockedReason" = NULL, "version" = ?, "updatedAt" = ? WHERE "id" = ?`,
        [successor ? "continued" : "gone", successor, version, now, review.id],
      );
      await event(review.id, successor ? "continued" : "closed", version, successor ? { successorHandoffId: successor } : { reason: "the handoff is no longer an open head" });
      if (successor) result.continued++;
      else result.closed++;
    }

    for (const target of targets.values()) {
      const existing = byHandoff.get(target.id);
      if (existing) {
        if (isOpenReviewState(existing.state) || (existing.resolution !== "continued" && existing.resolution !== "gone")) continue;
        const version = Number(existing.version) + 1;
        await bulk.execute(`UPDATE "Review" SET "state" = 'pending', "resolution" = NULL, "successorHandoffId" = NULL, "version" = ?, "updatedAt" = ? WHERE "id" = ?`, [version, now, existing.id]);
        await event(existing.id, "reopened", version, { reason: "its handoff is an open head again" });
        result.reopened++;
        continue;
      }
      const id = randomUUID();
      await bulk.execute(
        `INSERT INTO "Review" ("id", "handoffId", "repoId", "handoffPath", "state", "version", "priority", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 'pending', 1, 0, ?, ?)`,
        [id, target.id, repoId, target.path, now, now],
      );
      await event(id, "opened", 1, { handoffId: target.id });
      result.opened++;
    }
  });
  for (const change of changed) publish({ kind: "review", id: change.id, version: change.version });
  return result;
}
