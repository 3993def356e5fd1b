/**
 * Keeps a long scan's heap near what it holds. On a machine with a lot of memory V8 lets old-space
 * garbage grow to hundreds of megabytes before its first full collection (its heap limit scales with
 * the machine, not with what the program keeps): a 12 GB agent-log ingest peaked at ~400 MiB RSS
 * while holding ~35 MiB. Between write batches the scan asks for a full collection once the heap
 * passes a budget; after the first, V8 sizes the heap from what it found alive. `npm run bench --
 * memory` measures it: 4 GB of logs peaked at 245-257 MiB with a 64 MiB budget, 262-286 with 96;
 * a 400 MB corpus never reaches the budget (nothing is collected, nothing costs more).
 *
 * `gc` is not exposed to programs by default: the flag is set at run time and the function taken
 * from a fresh context (the documented effect of --expose-gc). Where that fails, nothing is done.
 */
import v8 from "node:v8";
import vm from "node:vm";

/** Heap in use above which a batch boundary collects. */
export const HEAP_BUDGET_BYTES = 64 * 1024 * 1024;

let collector: (() => void) | null | undefined;

function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as unknown;
    collector = typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/** Collects when the heap in use passes the budget; returns whether it did. */
export function keepHeapInBudget(budget = HEAP_BUDGET_BYTES): boolean {
  if (v8.getHeapStatistics().used_heap_size <= budget) return false;
  const gc = fullCollection();
  if (gc === null) return false;
  gc();
  collections += 1;
  return true;
}

let collections = 0;

/** Full collections asked for so far in this thread (for benchmarks and tests). */
export function budgetCollections(): number {
  return collections;
}
