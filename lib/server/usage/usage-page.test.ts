import { describe, expect, it } from "vitest";
import { periodRows, type UsageEntry } from "../../core/usage/aggregate";
import { buildPriceTable } from "../../core/usage/prices";
import { requestEntry } from "../../core/usage/rollup";
import { rowsPerPeriod } from "./usage-page";

const table = buildPriceTable();
const entry = (iso: string, model: string, runtime: string, input: number): UsageEntry =>
  requestEntry(
    { key: `${iso}${model}`, agentId: "", timestampMs: Date.parse(iso), model, inputTokens: input, cacheWriteTokens: 10, cacheReadTokens: 100, outputTokens: 5, reasoningTokens: 0, contextTokens: 0, toolResultTokens: null, responseId: null, isSidechain: false },
    { runtime, sessionId: "s", repo: null, branch: null },
    table,
  );

describe("the usage page's table from the chart's rows (one pass over the entries)", () => {
  it("per period, the groups' rows summed: the same tokens, requests and models as rows without a breakdown", () => {
    const entries = [
      entry("2026-11-20T10:00:00Z", "claude-sonnet-4-5", "claude-code", 100),
      entry("2026-11-20T11:00:00Z", "gpt-5.5", "codex", 200),
      entry("2026-11-21T09:00:00Z", "gpt-5.5", "codex", 300),
      entry("2026-11-21T09:30:00Z", "mystery-model", "codex", 400),
    ];
    for (const breakdown of ["runtime", "model"] as const) {
      const table = rowsPerPeriod(periodRows(entries, { kind: "daily", timeZone: "UTC", breakdown }));
      const plain = periodRows(entries, { kind: "daily", timeZone: "UTC" });
      expect(table.map((row) => [row.period, row.totalTokens, row.requests, [...row.modelsUsed].sort(), row.unpricedModels])).toEqual(
        plain.map((row) => [row.period, row.totalTokens, row.requests, [...row.modelsUsed].sort(), row.unpricedModels]),
      );
      table.forEach((row, index) => expect(row.totalCost).toBeCloseTo(plain[index]!.totalCost!, 12));
    }
  });
});
