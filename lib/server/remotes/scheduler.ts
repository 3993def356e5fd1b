/**
 * Keeps the mirrors current in a server process: every 15 s, the remotes whose `nextFetchAt` has come
 * are fetched through the queue (at most two at once). Started once per process (instrumentation.ts on
 * `next start` / `baton serve`, never during `next build`); a second start is a no-op.
 */
import { getDb, type Db } from "../db/client";
import { fetchRemote } from "./fetch-remote";

const TICK_MS = 15_000;

const globalForScheduler = globalThis as unknown as { batonRemoteScheduler?: { stop: () => Promise<void> } };

/** Fetches every remote that is due now; resolves when they have all been fetched. */
export async function fetchDueRemotes(db: Db, now = new Date()): Promise<number> {
  const due = await db.remote.findMany({ where: { OR: [{ nextFetchAt: null }, { nextFetchAt: { lte: now } }] }, select: { id: true, name: true } });
  await Promise.all(
    due.map((remote) =>
      fetchRemote(remote.id, { db }).catch((error: unknown) => {
        console.error(`remote ${remote.name}: fetch failed: ${(error as Error).message}`);
      }),
    ),
  );
  return due.length;
}

export function startRemoteScheduler(options: { tickMs?: number } = {}): { stop: () => Promise<void> } {
  if (globalForScheduler.batonRemoteScheduler) return globalForScheduler.batonRemoteScheduler;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = fetchDueRemotes(getDb())
      .catch((error: unknown) => console.error(`remote scheduler: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.tickMs ?? TICK_MS);
  timer.unref();
  setTimeout(tick, 1000).unref();
  const handle = {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      globalForScheduler.batonRemoteScheduler = undefined;
    },
  };
  globalForScheduler.batonRemoteScheduler = handle;
  return handle;
}

/** Whether this process should poll remotes: a serving Node process, not `next build`, not turned off. */
export function schedulerWanted(env: Record<string, string | undefined> = process.env): boolean {
  return env.NEXT_RUNTIME === "nodejs" && env.NEXT_PHASE !== "phase-production-build" && env.BATON_REMOTES_POLL !== "0";
}
