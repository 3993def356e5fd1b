import { describe, expect, it } from "vitest";
import {
  addTokens,
  addTotals,
  ccusageBlockTokenCounts,
  ccusageTokenFields,
  emptyTokens,
  emptyTotals,
  fromCcusageTokenFields,
  promptTokens,
  sumTokens,
  TOKEN_FIELDS,
  totalTokens,
  type TokenCounts,
} from "./tokens";

const counts = (inputTokens: number, cacheWriteTokens: number, cacheReadTokens: number, outputTokens: number, reasoningTokens: number): TokenCounts => ({
  inputTokens,
  cacheWriteTokens,
  cacheReadTokens,
  outputTokens,
  reasoningTokens,
});

describe("token counts", () => {
  it("empty is zero in every field, in the one field order", () => {
    expect(Object.keys(emptyTokens())).toEqual([...TOKEN_FIELDS]);
    expect(Object.values(emptyTokens())).toEqual([0, 0, 0, 0, 0]);
    expect(emptyTotals()).toEqual({ requests: 0, ...emptyTokens() });
    // A fresh object each time: adding into one never changes the next.
    const first = emptyTokens();
    addTokens(first, counts(1, 1, 1, 1, 1));
    expect(emptyTokens().inputTokens).toBe(0);
  });

  it("add sums field by field and returns the target", () => {
    const into = counts(1, 2, 3, 4, 1);
    expect(addTokens(into, counts(10, 20, 30, 40, 5))).toBe(into);
    expect(into).toEqual(counts(11, 22, 33, 44, 6));
    const totals = { ...emptyTotals(), requests: 2 };
    addTotals(totals, { requests: 3, ...counts(1, 0, 0, 0, 0) });
    expect(totals).toEqual({ requests: 5, ...counts(1, 0, 0, 0, 0) });
    expect(sumTokens([counts(1, 2, 3, 4, 0), counts(5, 6, 7, 8, 2)])).toEqual(counts(6, 8, 10, 12, 2));
    expect(sumTokens([])).toEqual(emptyTokens());
  });

  it("is disjoint: the prompt is input + cache write + cache read, output already holds reasoning", () => {
    const request = counts(3, 1_500, 20_000, 340, 120);
    expect(promptTokens(request)).toBe(21_503);
    // Reasoning is a part of output: never added again.
    expect(totalTokens(request)).toBe(21_843);
  });

  it("writes ccusage's names only for its JSON documents, in its order, and reads them back", () => {
    const request = counts(3, 1_500, 20_000, 340, 120);
    expect(Object.entries(ccusageTokenFields(request))).toEqual([
      ["inputTokens", 3],
      ["outputTokens", 340],
      ["cacheCreationTokens", 1_500],
      ["cacheReadTokens", 20_000],
    ]);
    expect(Object.entries(ccusageBlockTokenCounts(request))).toEqual([
      ["inputTokens", 3],
      ["outputTokens", 340],
      ["cacheCreationInputTokens", 1_500],
      ["cacheReadInputTokens", 20_000],
    ]);
    expect(fromCcusageTokenFields(ccusageTokenFields(request))).toEqual({ inputTokens: 3, cacheWriteTokens: 1_500, cacheReadTokens: 20_000, outputTokens: 340 });
  });
});
