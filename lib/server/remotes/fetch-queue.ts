/**
 * At most two fetches at once per server process (a fetch holds a network connection, a git process
 * and then a scan); more wait their turn. A remote already queued or running is not queued again: a
 * second request (a webhook during a poll) waits for the same run. Kept on globalThis so every module
 * instance Next creates shares one queue.
 */
export const MAX_CONCURRENT_FETCHES = 2;

interface QueueState {
  running: number;
  waiting: (() => void)[];
  pending: Map<string, Promise<unknown>>;
}

const globalForQueue = globalThis as unknown as { batonFetchQueue?: QueueState };

function state(): QueueState {
  globalForQueue.batonFetchQueue ??= { running: 0, waiting: [], pending: new Map() };
  return globalForQueue.batonFetchQueue;
}

async function slot<T>(work: () => Promise<T>): Promise<T> {
  const queue = state();
  if (queue.running >= MAX_CONCURRENT_FETCHES) await new Promise<void>((resolve) => queue.waiting.push(resolve));
  queue.running++;
  try {
    return await work();
  } finally {
    queue.running--;
    queue.waiting.shift()?.();
  }
}

/** Runs `work` for `key` in the queue; a key already queued or running shares that run. */
export function enqueueFetch<T>(key: string, work: () => Promise<T>): Promise<T> {
  const queue = state();
  const existing = queue.pending.get(key);
  if (existing) return existing as Promise<T>;
  const run = slot(work).finally(() => queue.pending.delete(key));
  queue.pending.set(key, run);
  return run;
}

/** How many fetches run now (tests and the bench read it). */
export function runningFetches(): number {
  return state().running;
}
