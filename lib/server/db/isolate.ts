/**
 * The safety net behind the value checks (lib/core/text/safe-values.ts): a write that still fails
 * costs one file, never the scan. Items are written together in a savepoint (the fast path, and the
 * only one while nothing fails); when that fails for a reason of the data, they are written again
 * one at a time, each in its own savepoint, and each that fails again is handed to `onFailure` while
 * the rest are stored. A storage failure (full disk, read-only file, lost connection) or a lost
 * transaction is thrown on: it is no file's problem, and no later write would succeed.
 */
import { TransactionLostError, type BulkWriter } from "./bulk";
import { isStorageFailure } from "./storage-errors";

export async function writeIsolated<T>(
  bulk: BulkWriter,
  items: readonly T[],
  write: (items: readonly T[]) => Promise<void>,
  onFailure: (item: T, error: unknown) => void,
): Promise<void> {
  if (items.length === 0) return;
  try {
    await bulk.savepoint(() => write(items));
    return;
  } catch (error) {
    if (!isIsolable(error) || items.length === 1) {
      if (!isIsolable(error)) throw error;
      onFailure(items[0]!, error);
      return;
    }
  }
  for (const item of items) {
    try {
      await bulk.savepoint(() => write([item]));
    } catch (error) {
      if (!isIsolable(error)) throw error;
      onFailure(item, error);
    }
  }
}

/** Whether a failed write is the data's problem (one file's), not the database's. */
export function isIsolable(error: unknown): boolean {
  return !(error instanceof TransactionLostError) && !isStorageFailure(error);
}

/** A write failure as one line for an issue (the driver's message, without its stack). */
export function writeFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.slice(0, 300);
}
