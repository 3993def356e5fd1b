/**
 * The claim lock. A claim is ONE conditional UPDATE (free, expired, or already one's own → granted),
 * never a read followed by a write, so of any number of concurrent claims exactly one wins on
 * PostgreSQL (the row lock makes the others re-check the condition against the winner's row) and on
 * SQLite (writes are serialised). Every grant bumps `version`, the fencing token: a holder whose lease
 * ran out and was taken over writes with an old version and is refused (409). A heartbeat only extends
 * the holder's own lease; it does not bump the version, so a teammate's page does not go stale every
 * minute.
 */
import { AppError } from "../app-error";
import type { Db } from "../db/client";
import { transactionWithEvents } from "../events/publish";
import type { ReviewActor } from "./review-actor";
import { heldError, leaseEnd, readReviewState, recordEvent, staleError, type WriteOptions } from "./review-tx";
import { roleMay } from "../../core/reviews/review-rules";
import { CLAIM_STARTS, isOpenReviewState, OPEN_REVIEW_STATES, RELEASE_RETURNS } from "../../core/reviews/review-states.data";
import { Prisma } from "../../../generated/sqlite/client";

/** The open states as an SQL list (`"state" IN (…)`), from the one table. */
const OPEN_STATES_SQL = Prisma.join([...OPEN_REVIEW_STATES]);

export interface ClaimResult {
  claimedBy: string;
  claimedByName: string;
  claimExpiresAt: string;
  version: number;
  state: string;
}

interface ClaimRow {
  version: number;
  state: string;
  claimedBy: string;
  claimedByName: string;
  claimExpiresAt: Date;
}

function requireRole(actor: ReviewActor, action: Parameters<typeof roleMay>[1]) {
  if (!roleMay(actor.role, action)) throw new AppError(403, `a ${actor.role} may not ${action} a review`);
}

function claimResult(row: ClaimRow): ClaimResult {
  return { claimedBy: row.claimedBy, claimedByName: row.claimedByName, claimExpiresAt: new Date(row.claimExpiresAt).toISOString(), version: Number(row.version), state: row.state };
}

export async function claimReview(db: Db, reviewId: string, actor: ReviewActor, options: WriteOptions = {}): Promise<ClaimResult> {
  requireRole(actor, "claim");
  const now = options.now ?? new Date();
  const expires = leaseEnd(now, options);
  return transactionWithEvents(db, async (tx, emit) => {
    // For the timeline only (who had it before); the decision is the UPDATE's.
    const before = await readReviewState(tx, reviewId);
    const rows = await tx.$queryRaw<ClaimRow[]>`
      UPDATE "Review" SET
        "claimedBy" = ${actor.id}, "claimedByName" = ${actor.name}, "claimExpiresAt" = ${expires},
        "state" = CASE WHEN "state" = ${CLAIM_STARTS.from} THEN ${CLAIM_STARTS.to} ELSE "state" END,
        "version" = "version" + 1, "updatedAt" = ${now}
      WHERE "id" = ${reviewId} AND "state" IN (${OPEN_STATES_SQL})
        AND ("claimedBy" IS NULL OR "claimExpiresAt" IS NULL OR "claimExpiresAt" <= ${now} OR "claimedBy" = ${actor.id})
      RETURNING "version", "state", "claimedBy", "claimedByName", "claimExpiresAt"`;
    const row = rows[0];
    if (!row) {
      const current = await readReviewState(tx, reviewId);
      if (!isOpenReviewState(current.state)) throw new AppError(409, `the review is ${current.state}; an admin may reopen it`, { state: current.state });
      throw heldError(current);
    }
    const version = Number(row.version);
    if (before.claimedBy !== null && before.claimedBy !== actor.id) {
      await recordEvent(tx, reviewId, { id: before.claimedBy, name: before.claimedByName ?? before.claimedBy }, "expired", version, now, { claimExpiresAt: before.claimExpiresAt?.toISOString() ?? null });
    }
    const renewed = before.claimedBy === actor.id && before.claimExpiresAt !== null && before.claimExpiresAt > now;
    await recordEvent(tx, reviewId, actor, renewed ? "renewed" : "claimed", version, now, { claimExpiresAt: expires.toISOString(), ...(before.state !== row.state ? { from: before.state, to: row.state } : {}) });
    emit({ kind: "review", id: reviewId, version });
    return claimResult(row);
  });
}

/** Extends one's own claim (the open page or the CLI while it works). */
export async function heartbeatReview(db: Db, reviewId: string, actor: ReviewActor, options: WriteOptions = {}): Promise<ClaimResult> {
  requireRole(actor, "heartbeat");
  const now = options.now ?? new Date();
  const expires = leaseEnd(now, options);
  return db.$transaction(async (tx) => {
    // One's own claim, also just expired while nobody took it over (no one else wrote: the version holds).
    const rows = await tx.$queryRaw<ClaimRow[]>`
      UPDATE "Review" SET "claimExpiresAt" = ${expires}
      WHERE "id" = ${reviewId} AND "claimedBy" = ${actor.id} AND "state" IN (${OPEN_STATES_SQL})
      RETURNING "version", "state", "claimedBy", "claimedByName", "claimExpiresAt"`;
    const row = rows[0];
    if (!row) {
      const current = await readReviewState(tx, reviewId);
      if (current.claimedBy === null) throw new AppError(409, "you do not hold this review's claim (it was released)", { heldBy: null, claimExpiresAt: null });
      throw heldError(current);
    }
    return claimResult(row);
  });
}

/** Gives up one's own claim (`force`: an admin drops anyone's). A review in progress goes back to pending. */
export async function releaseReview(db: Db, reviewId: string, actor: ReviewActor, version: number, options: WriteOptions & { force?: boolean } = {}): Promise<{ version: number; state: string }> {
  requireRole(actor, options.force ? "forceRelease" : "release");
  const now = options.now ?? new Date();
  return transactionWithEvents(db, async (tx, emit) => {
    const before = await readReviewState(tx, reviewId);
    const rows = options.force
      ? await tx.$queryRaw<{ version: number; state: string }[]>`
          UPDATE "Review" SET "claimedBy" = NULL, "claimedByName" = NULL, "claimExpiresAt" = NULL,
            "state" = CASE WHEN "state" = ${RELEASE_RETURNS.from} THEN ${RELEASE_RETURNS.to} ELSE "state" END, "version" = "version" + 1, "updatedAt" = ${now}
          WHERE "id" = ${reviewId} AND "version" = ${version} AND "claimedBy" IS NOT NULL
          RETURNING "version", "state"`
      : await tx.$queryRaw<{ version: number; state: string }[]>`
          UPDATE "Review" SET "claimedBy" = NULL, "claimedByName" = NULL, "claimExpiresAt" = NULL,
            "state" = CASE WHEN "state" = ${RELEASE_RETURNS.from} THEN ${RELEASE_RETURNS.to} ELSE "state" END, "version" = "version" + 1, "updatedAt" = ${now}
          WHERE "id" = ${reviewId} AND "version" = ${version} AND "claimedBy" = ${actor.id}
          RETURNING "version", "state"`;
    const row = rows[0];
    if (!row) {
      const current = await readReviewState(tx, reviewId);
      if (current.version !== version) throw staleError(current, version);
      if (current.claimedBy === null) throw new AppError(409, "the review is not claimed", { heldBy: null, claimExpiresAt: null });
      throw new AppError(409, `claimed by ${current.claimedByName ?? current.claimedBy}: only they (or an admin, with force) can release it`, {
        heldBy: current.claimedByName ?? current.claimedBy,
        claimExpiresAt: current.claimExpiresAt?.toISOString() ?? null,
      });
    }
    const newVersion = Number(row.version);
    await recordEvent(tx, reviewId, actor, options.force ? "force-released" : "released", newVersion, now, {
      ...(options.force ? { holder: before.claimedByName ?? before.claimedBy } : {}),
      ...(before.state !== row.state ? { from: before.state, to: row.state } : {}),
    });
    emit({ kind: "review", id: reviewId, version: newVersion });
    return { version: newVersion, state: row.state };
  });
}
