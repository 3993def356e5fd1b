/**
 * One scan writes at a time in this server process. The Rescan button (POST /api/scan), the remotes'
 * scheduled fetches and the watcher of `baton serve` each scan into the same database; on SQLite two
 * of them at once met "the database is locked" (a Rescan clicked while a remote's scan was writing).
 * Each takes its turn instead: a scan asked for while another runs starts when that one ends.
 *
 * The queue lives on globalThis: Next bundles each route apart, and a module-level variable would give
 * each bundle a queue of its own.
 */
const KEY = Symbol.for("baton.scanTurn");

interface Turns {
  tail: Promise<unknown>;
}

export function inScanTurn<T>(work: () => Promise<T>): Promise<T> {
  const store = globalThis as unknown as Record<symbol, Turns | undefined>;
  const turns = (store[KEY] ??= { tail: Promise.resolve() });
  const result = turns.tail.then(work, work);
  turns.tail = result.catch(() => undefined);
  return result;
}
