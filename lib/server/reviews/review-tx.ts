/**
 * The pieces every review write shares: the transaction type, the lease from the environment, the
 * timeline row written in the same transaction as the change, and the diagnosis of a conditional
 * UPDATE that matched no row (which of its conditions failed, read after the fact — the decision
 * itself was the UPDATE's).
 */
import { AppError } from "../app-error";
import { leaseSeconds } from "../../core/reviews/review-rules";
import type { Db } from "../db/client";
import type { ReviewActor } from "./review-actor";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export interface WriteOptions {
  /** The clock (tests move it); the database compares leases with this instant. */
  now?: Date;
  leaseSeconds?: number;
}

export function leaseEnd(now: Date, options: WriteOptions): Date {
  return new Date(now.getTime() + (options.leaseSeconds ?? leaseSeconds(process.env)) * 1000);
}

export async function recordEvent(tx: Tx, reviewId: string, actor: Pick<ReviewActor, "id" | "name">, kind: string, version: number, at: Date, details: Record<string, unknown> = {}): Promise<void> {
  await tx.reviewEvent.create({ data: { reviewId, kind, actorId: actor.id, actorName: actor.name, version, at, details: JSON.stringify(details) } });
}

export interface ReviewRowState {
  id: string;
  state: string;
  version: number;
  claimedBy: string | null;
  claimedByName: string | null;
  claimExpiresAt: Date | null;
}

export async function readReviewState(tx: Tx, reviewId: string): Promise<ReviewRowState> {
  const row = await tx.review.findUnique({ where: { id: reviewId }, select: { id: true, state: true, version: true, claimedBy: true, claimedByName: true, claimExpiresAt: true } });
  if (!row) throw new AppError(404, `no review ${reviewId}`);
  return row;
}

/** 409 with who holds the review and until when. */
export function heldError(row: ReviewRowState): AppError {
  return new AppError(409, `claimed by ${row.claimedByName ?? row.claimedBy} until ${row.claimExpiresAt?.toISOString()}`, {
    heldBy: row.claimedByName ?? row.claimedBy,
    heldById: row.claimedBy,
    claimExpiresAt: row.claimExpiresAt?.toISOString() ?? null,
  });
}

/** 409 for a write that named a version the review no longer has. */
export function staleError(row: ReviewRowState, version: number): AppError {
  return new AppError(409, `the review changed (version ${version} is stale, it is now ${row.version}): reload and try again`, { version: row.version });
}
