/**
 * Writes at a steady rate for the live bench: real review claims (`claimReview`, one transaction that
 * moves the review's version, records the timeline row and emits `{ kind: "review", id, version }`),
 * cycling over `REVIEWS` reviews made for the bench, so no review is written twice inside the stream's
 * 100 ms coalescing window (every write must reach every client). One bench actor holds every claim,
 * so each later claim is a renewal. Returns, per event (`review:<id>:<version>`), the write's start and
 * commit times (epoch ms).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../lib/server/db/client";
import { claimReview } from "../lib/server/reviews/claim-review";

export const nowMs = () => performance.timeOrigin + performance.now();
export const REVIEWS = 500;
const ACTOR = { id: "live-bench", name: "Live bench", role: "member" as const };

export interface Written {
  /** Each committed write's start (epoch ms) by the event key clients see. */
  starts: Record<string, number>;
  /** Each committed write's commit time (epoch ms) by the same key. */
  commits: Record<string, number>;
  /** Milliseconds from each committed write's start to its commit. */
  commitMs: number[];
  failed: number;
}

/** At most this many transactions at once (PostgreSQL's pool has 10 connections; more would queue past Prisma's 2 s wait). */
const MAX_IN_FLIGHT = 8;

/** The reviews the bench claims (rows of the reviews lane's table, on handoff ids that need not exist). */
export async function createBenchReviews(db: Db): Promise<string[]> {
  const run = randomUUID().slice(0, 8);
  const ids = Array.from({ length: REVIEWS }, (_, index) => `live-bench-${run}-${index}`);
  await db.review.createMany({ data: ids.map((id) => ({ id, handoffId: `${id}-handoff`, repoId: "live-bench", handoffPath: `docs/ai/handoff/bench/${id}.md` })) });
  return ids;
}

/** claimReview announces through this process's bus (publish.ts) and, on PostgreSQL, by NOTIFY in its transaction. */
export async function writeAtRate(db: Db, reviewIds: string[], rate: number, seconds: number): Promise<Written> {
  const total = Math.round(rate * seconds);
  const written: Written = { starts: {}, commits: {}, commitMs: [], failed: 0 };
  const inFlight = new Set<Promise<unknown>>();
  const began = nowMs();
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor(((nowMs() - began) / 1000) * rate) + 1);
    while (issued < due && inFlight.size < MAX_IN_FLIGHT) {
      const reviewId = reviewIds[issued % reviewIds.length]!;
      issued++;
      const start = nowMs();
      const write = claimReview(db, reviewId, ACTOR)
        .then(
          (result) => {
            const committed = nowMs();
            const key = `review:${reviewId}:${result.version}`;
            written.starts[key] = start;
            written.commits[key] = committed;
            written.commitMs.push(committed - start);
          },
          (error: unknown) => {
            written.failed++;
            if (written.failed <= 3) console.error(`live bench write failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
          },
        )
        .finally(() => inFlight.delete(write));
      inFlight.add(write);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all([...inFlight]);
  return written;
}
