import { describe, expect, it } from "vitest";
import { prepareBurnSeries, type BurnRequest } from "./prepare-burn-series";
import { prepareContextStack } from "./prepare-context-stack";

const minute = 60_000;
function request(index: number, context: number, extra: Partial<BurnRequest> = {}): BurnRequest {
  return { t: Date.UTC(2026, 10, 29) + index * minute, inputTokens: 10, cacheWriteTokens: 100, cacheReadTokens: context - 110, outputTokens: 50, reasoningTokens: 5, contextTokens: context, ...extra };
}

describe("prepareBurnSeries", () => {
  it("computes shares, cumulative totals, thresholds and the peak", () => {
    const series = prepareBurnSeries({ requests: [request(0, 20_000), request(1, 50_000), request(2, 130_000)], contextWindow: 200_000 });
    expect(series.points.map((point) => point.contextPercent)).toEqual([10, 25, 65]);
    expect(series.points.at(-1)).toMatchObject({ cumInput: 30, cumCacheWrite: 300, cumOutput: 150, cumReasoning: 15 });
    expect(series.thresholds.map((threshold) => [threshold.percent, threshold.tokens, threshold.kind])).toEqual([
      [60, 120_000, "monitor"],
      [75, 150_000, "warning"],
      [85, 170_000, "emergency"],
    ]);
    expect(series.peak).toMatchObject({ index: 2, context: 130_000 });
  });

  it("never invents a share when the window is unknown", () => {
    const series = prepareBurnSeries({ requests: [request(0, 20_000)], contextWindow: null });
    expect(series.points[0]!.contextPercent).toBeNull();
    expect(series.thresholds.every((threshold) => threshold.tokens === null)).toBe(true);
    expect(series.projection).toBeNull();
  });

  it("projects the time to the next threshold from the recent burn rate", () => {
    // +10,000 tokens per minute, at 100,000 of 200,000: 60 % (120,000) is 2 minutes away.
    const requests = Array.from({ length: 11 }, (_, index) => request(index, index * 10_000));
    const series = prepareBurnSeries({ requests, contextWindow: 200_000, rateWindow: 5 });
    expect(series.burnRate?.tokensPerMinute).toBeCloseTo(10_000);
    expect(series.projection).toMatchObject({ threshold: { percent: 60 } });
    expect(series.projection!.minutes).toBeCloseTo(2);
  });

  it("a pause of 15 h: the rate is the last stretch's, the session idle, no absurd projection", () => {
    // Two stretches: +1,000 tokens/min for 10 minutes, 15 hours of nothing, then +2,000/min for 5 minutes.
    const before = Array.from({ length: 11 }, (_, index) => request(index, 10_000 + index * 1_000));
    const after = Array.from({ length: 6 }, (_, index) => request(10 + 15 * 60 + index, 20_000 + index * 2_000));
    const last = after.at(-1)!.t!;
    const running = prepareBurnSeries({ requests: [...before, ...after], contextWindow: 200_000, now: last + minute });
    expect(running.burnRate).toMatchObject({ requests: 6, overMinutes: 5 });
    expect(running.burnRate!.tokensPerMinute).toBeCloseTo(2_000);
    expect(running.idle).toBeNull();
    // 60 % (120,000) is 45 minutes away at 2,000/min.
    expect(running.projection!.minutes).toBeCloseTo(45);
    // Seen 15 h later: idle since the last request, the rate kept as the last one, no projection.
    const idle = prepareBurnSeries({ requests: [...before, ...after], contextWindow: 200_000, now: last + 15 * 60 * minute });
    expect(idle.idle).toEqual({ since: last, minutes: 15 * 60 });
    expect(idle.projection).toBeNull();
    // A slow burn whose threshold is days away is no projection either.
    const slow = prepareBurnSeries({ requests: [request(0, 10_000), request(10, 10_010)], contextWindow: 200_000, now: request(11, 0).t });
    expect(slow.burnRate!.tokensPerMinute).toBeCloseTo(1);
    expect(slow.projection).toBeNull();
  });

  it("downsamples a 20,000-request session and keeps peaks, crossings and markers", () => {
    const requests = Array.from({ length: 20_000 }, (_, index) => request(index, 10_000 + ((index * 37) % 9_000) + (index === 12_345 ? 150_000 : 0) + (index > 19_000 ? 170_000 : 0)));
    const markerT = requests[7_777]!.t!;
    const series = prepareBurnSeries({ requests, contextWindow: 200_000, maxPoints: 1_000, markers: [{ t: markerT, kind: "compaction", label: "auto" }] });
    expect(series.isDownsampled).toBe(true);
    expect(series.points.length).toBeLessThanOrEqual(1_100);
    expect(series.points.some((point) => point.index === 12_345)).toBe(true);
    expect(series.points.some((point) => point.index === 7_777)).toBe(true);
    // Both sides of the jump over 85 % at request 19,001 are kept.
    expect(series.points.some((point) => point.index === 19_000)).toBe(true);
    expect(series.points.some((point) => point.index === 19_001)).toBe(true);
    expect(series.points.at(-1)!.cumOutput).toBe(20_000 * 50);
  });

  it("stops at a given moment, for the burn up to a handoff", () => {
    const requests = [request(0, 1_000), request(1, 2_000), request(2, 3_000)];
    const series = prepareBurnSeries({ requests, contextWindow: 10_000, until: requests[1]!.t, markers: [{ t: requests[2]!.t, kind: "handoff", label: "later" }] });
    expect(series.points.map((point) => point.index)).toEqual([0, 1]);
    expect(series.markers).toEqual([]);
  });

  it("widens the charts' time axis to a handoff written just after the last request, not to far markers", () => {
    // 100 requests a minute apart: the span is 99 minutes, so markers within ~25 minutes of it count.
    const requests = Array.from({ length: 100 }, (_, index) => request(index, 1_000 + index * 100));
    const first = requests[0]!.t!;
    const last = requests[99]!.t!;
    const handoff = last + 2 * minute;
    const days = last + 3 * 24 * 60 * minute;
    const series = prepareBurnSeries({
      requests,
      contextWindow: 200_000,
      markers: [
        { t: handoff, kind: "handoff", label: "written after the last request" },
        { t: days, kind: "checkpoint", label: "named by id, days later" },
        { t: first - 5 * minute, kind: "checkpoint", label: "just before the first request" },
      ],
    });
    expect(series.timeDomain).toEqual([first - 5 * minute, handoff]);
    // The far one is still listed (with the context of the last request before it).
    expect(series.markers.map((marker) => marker.label)).toContain("named by id, days later");
    expect(prepareBurnSeries({ requests: requests.slice(0, 3), contextWindow: 200_000 }).timeDomain).toEqual([first, requests[2]!.t]);
    expect(prepareBurnSeries({ requests: [], contextWindow: 200_000 }).timeDomain).toBeNull();
  });
});

describe("prepareContextStack", () => {
  const requests = [request(0, 18_000), request(1, 60_000), request(2, 150_000)];
  it("splits the window with provenance, and the prompt by cache status", () => {
    const stack = prepareContextStack({ first: requests[0]!, request: requests[2]!, index: 2, contextWindow: 200_000, autoCompactionPreTokens: [167_000] });
    expect(stack.composition.map((band) => [band.key, band.tokens, band.provenance])).toEqual([
      ["baseline", 18_000, "estimated"],
      ["conversation", 132_000, "derived"],
      ["free", 17_000, "derived"],
      ["reserve", 33_000, "derived"],
    ]);
    expect(stack.composition.reduce((sum, band) => sum + band.tokens, 0)).toBe(200_000);
    expect(stack.cache.map((band) => band.tokens)).toEqual([149_890, 100, 10]);
    expect(stack.cache.every((band) => band.provenance === "measured")).toBe(true);
  });

  it("uses a declared reserve and allocation from the budget config", () => {
    const stack = prepareContextStack({
      first: requests[0]!,
      request: requests[1]!,
      index: 1,
      contextWindow: 200_000,
      reserve: { tokens: 55_000, source: "budget" },
      allocation: [
        { label: "System Prompt & Instructions", tokens: 15_000 },
        { label: "Active Conversation", tokens: 80_000 },
        { label: "Reference Context", tokens: 50_000 },
        { label: "Reserve", tokens: 55_000 },
      ],
    });
    expect(stack.composition.find((band) => band.key === "reserve")).toMatchObject({ tokens: 55_000, provenance: "declared" });
    expect(stack.declared?.map((node) => node.percent)).toEqual([7.5, 40, 25, 27.5]);
  });

  it("splits tool results out of the conversation when the log shows them, capped at the conversation", () => {
    const withTools = { ...requests[2]!, toolResultTokens: 40_000 };
    const stack = prepareContextStack({ first: requests[0]!, request: withTools, index: 2, contextWindow: 200_000 });
    expect(stack.composition.map((band) => [band.key, band.tokens, band.provenance])).toEqual([
      ["baseline", 18_000, "estimated"],
      ["conversation", 92_000, "estimated"],
      ["tool-results", 40_000, "estimated"],
      ["free", 50_000, "derived"],
    ]);
    const cleared = prepareContextStack({ first: requests[0]!, request: { ...requests[1]!, toolResultTokens: 90_000 }, index: 1, contextWindow: 200_000 });
    const tools = cleared.composition.find((band) => band.key === "tool-results")!;
    expect(tools.tokens).toBe(42_000);
    expect(tools.note).toContain("capped");
    expect(cleared.composition.find((band) => band.key === "conversation")!.tokens).toBe(0);
  });

  it("has no free or reserve band without a known window", () => {
    const stack = prepareContextStack({ first: requests[0]!, request: requests[1]!, index: 1, contextWindow: null });
    expect(stack.composition.map((band) => band.key)).toEqual(["baseline", "conversation"]);
  });
});
