/**
 * Writes at a steady rate for the live bench: each write is one transaction (a ScanRun row, an
 * existing table) that emits one event through transactionWithEvents. Event ids cycle over 1,000
 * records, so no two writes inside the stream's 100 ms coalescing window share one (every write must
 * reach every client). Returns each write's start time (epoch ms) indexed by its version, and how long commits took.
 */
import type { Db } from "../lib/server/db/client";
import type { EventBus } from "../lib/server/events/event-bus";

export const nowMs = () => performance.timeOrigin + performance.now();

export interface Written {
  /** Each write's start (epoch ms) by version; null where it failed. */
  starts: (number | null)[];
  /** Milliseconds from each committed write's start to its commit. */
  commitMs: number[];
  /** Each committed write's commit time (epoch ms) by version. */
  commits: (number | null)[];
  failed: number;
}

/** At most this many transactions at once (PostgreSQL's pool has 10 connections; more would queue past Prisma's 2 s wait). */
const MAX_IN_FLIGHT = 8;

export async function writeAtRate(db: Db, bus: EventBus, rate: number, seconds: number, firstVersion = 1): Promise<Written> {
  const total = Math.round(rate * seconds);
  const starts: (number | null)[] = [];
  const commitMs: number[] = [];
  const commits: (number | null)[] = [];
  let failed = 0;
  const inFlight = new Set<Promise<unknown>>();
  const began = nowMs();
  let issued = 0;
  const runId = Math.random().toString(36).slice(2, 8);
  while (issued < total) {
    const due = Math.min(total, Math.floor(((nowMs() - began) / 1000) * rate) + 1);
    while (issued < due && inFlight.size < MAX_IN_FLIGHT) {
      const version = firstVersion + issued;
      issued++;
      const start = nowMs();
      starts[version] = start;
      const write = bus
        .transactionWithEvents(db, async (tx, emit) => {
          await tx.scanRun.create({ data: { id: `live-bench-${runId}-${version}`, kind: "live-bench", status: "ok" } });
          emit({ kind: "review", id: `bench-${version % 1000}`, version });
        })
        .then(
          () => {
            const committed = nowMs();
            commits[version] = committed;
            commitMs.push(committed - start);
          },
          (error: unknown) => {
            failed++;
            starts[version] = null;
            if (failed <= 3) console.error(`live bench write failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
          },
        )
        .finally(() => inFlight.delete(write));
      inFlight.add(write);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all([...inFlight]);
  return { starts, commitMs, commits, failed };
}
