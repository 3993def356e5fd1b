import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REQUEST_TOKENS } from "../text/safe-values";
import { judgeHandoffTiming } from "./handoff-timing";
import { prepareBurnSeries, type BurnRequest } from "./prepare-burn-series";

/**
 * Issue 15 item 3: with every count as ingest lets it through (a whole number from 0 to 10^8 per
 * field) and any window a session can have (from the log, the table or the user: 1 to 10^8, or
 * unknown), nothing a chart or a card shows is Infinity or NaN: shares, peak, burn rate, projection.
 */
const count = fc.integer({ min: 0, max: MAX_REQUEST_TOKENS });
const requestArb = fc.record({
  t: fc.option(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), { nil: null }),
  inputTokens: count,
  cacheWriteTokens: count,
  cacheReadTokens: count,
  outputTokens: count,
  reasoningTokens: count,
});
const windowArb = fc.option(fc.integer({ min: 1, max: MAX_REQUEST_TOKENS }), { nil: null });

function finiteEverywhere(value: unknown, path = "series"): void {
  if (typeof value === "number") expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
  else if (Array.isArray(value)) value.forEach((item, index) => finiteEverywhere(item, `${path}[${index}]`));
  else if (typeof value === "object" && value !== null) for (const [key, member] of Object.entries(value)) finiteEverywhere(member, `${path}.${key}`);
}

describe("derived numbers stay finite at the largest legal values", () => {
  it("burn series: shares, cumulative sums, peak, burn rate and projection", () => {
    fc.assert(
      fc.property(fc.array(requestArb, { minLength: 1, maxLength: 40 }), windowArb, (raw, contextWindow) => {
        const requests: BurnRequest[] = raw.map((entry) => ({ ...entry, contextTokens: entry.inputTokens + entry.cacheWriteTokens + entry.cacheReadTokens }));
        finiteEverywhere(prepareBurnSeries({ requests, contextWindow }));
      }),
      { numRuns: 300 },
    );
  });

  it("two requests a millisecond apart at 3·10^8 tokens: a finite rate, not Infinity", () => {
    const base = Date.UTC(2026, 10, 1);
    const big = (t: number, context: number): BurnRequest => ({ t, inputTokens: context, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: MAX_REQUEST_TOKENS, reasoningTokens: 0, contextTokens: context });
    const series = prepareBurnSeries({ requests: [big(base, 0), big(base + 1, 3 * MAX_REQUEST_TOKENS), big(base + 1, 3 * MAX_REQUEST_TOKENS)], contextWindow: 1 });
    finiteEverywhere(series);
    expect(series.peak?.contextPercent).toBe(30_000_000_000);
  });

  it("handoff timing over a long session (no spread of 200,000 numbers into Math.max)", () => {
    const contextsBefore = Array.from({ length: 200_000 }, (_, index) => index % 1000);
    const timing = judgeHandoffTiming({ contextWindow: 200_000, contextsBefore, compactionsBefore: 0 });
    finiteEverywhere(timing);
    expect(timing.peakPercentBefore).toBeCloseTo((999 * 100) / 200_000, 9);
  });
});
