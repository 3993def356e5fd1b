import { expect, it } from "vitest";
import { budgetCollections, HEAP_BUDGET_BYTES, keepHeapInBudget } from "./heap-budget";

it("collects only past the budget, and can collect on this Node (the run-time --expose-gc works)", () => {
  const before = budgetCollections();
  expect(keepHeapInBudget(Number.MAX_SAFE_INTEGER)).toBe(false);
  expect(budgetCollections()).toBe(before);
  // A budget of 0 is always passed: a full collection must actually run, or scans on big folders
  // would keep V8's late first collection (heap-budget.ts).
  expect(keepHeapInBudget(0)).toBe(true);
  expect(budgetCollections()).toBe(before + 1);
  expect(HEAP_BUDGET_BYTES).toBe(64 * 1024 * 1024);
});
