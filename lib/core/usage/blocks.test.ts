import { describe, expect, it } from "vitest";
import type { UsageEntry } from "./aggregate";
import { usageBlocks } from "./blocks";

const entry = (iso: string, extra: Partial<UsageEntry> = {}): UsageEntry => ({
  timestampMs: Date.parse(iso),
  model: "claude-sonnet-4-6",
  runtime: "claude-code",
  sessionId: "s",
  repo: null,
  branch: null,
  inputTokens: 10,
  outputTokens: 10,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  reasoningTokens: 0,
  cost: 0.001,
  recordedCostUsd: null,
  ...extra,
});
const FAR_FUTURE = Date.parse("2030-01-01T00:00:00Z");

describe("5-hour blocks (as ccusage 20.0.24 computes them; the boundary cases were run through its binary)", () => {
  it("starts a block at the hour of its first request; exactly 5 h later is still in it, and no gap block", () => {
    const blocks = usageBlocks(
      ["2025-01-01T10:00:00.000Z", "2025-01-01T15:00:00.000Z", "2025-01-01T20:00:00.000Z", "2025-01-02T01:00:00.001Z", "2025-01-02T03:30:00.000Z", "2025-01-02T08:30:00.000Z"].map((iso) => entry(iso)),
      { now: FAR_FUTURE },
    );
    expect(blocks.map((block) => [block.id, block.endTime, block.actualEndTime, block.entries, block.isGap])).toEqual([
      ["2025-01-01T10:00:00.000Z", "2025-01-01T15:00:00.000Z", "2025-01-01T15:00:00.000Z", 2, false],
      // 5 h after the block's start is over: a new block, but a silence of exactly 5 h is no gap.
      ["2025-01-01T20:00:00.000Z", "2025-01-02T01:00:00.000Z", "2025-01-01T20:00:00.000Z", 1, false],
      // More than 5 h of silence: a gap from the last request + 5 h to the next request.
      ["gap-2025-01-02T01:00:00.000Z", "2025-01-02T01:00:00.001Z", null, 0, true],
      ["2025-01-02T01:00:00.000Z", "2025-01-02T06:00:00.000Z", "2025-01-02T03:30:00.000Z", 2, false],
      ["2025-01-02T08:00:00.000Z", "2025-01-02T13:00:00.000Z", "2025-01-02T08:30:00.000Z", 1, false],
    ]);
  });

  it("floors to the UTC hour whatever the report's zone: a block across midnight in Asia/Kolkata (+05:30) stays one block", () => {
    // 23:50 and 00:40 local (18:20Z and 19:10Z): one block from 18:00Z.
    const blocks = usageBlocks([entry("2025-03-01T18:20:00Z"), entry("2025-03-01T19:10:00Z")], { now: FAR_FUTURE });
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ startTime: "2025-03-01T18:00:00.000Z", entries: 2, totalTokens: 40 });
  });

  it("gives the active block a burn rate and a projection to its end, and the time a plan limit is reached", () => {
    const now = Date.parse("2025-01-01T11:00:00Z");
    const blocks = usageBlocks([entry("2025-01-01T10:00:00Z", { inputTokens: 600, outputTokens: 0, cost: 0.6 }), entry("2025-01-01T10:30:00Z", { inputTokens: 600, outputTokens: 0, cost: 0.6 })], {
      now,
      limit: { kind: "tokens", amount: 3000 },
    });
    const [block] = blocks;
    expect(block!.isActive).toBe(true);
    expect(block!.burnRate).toEqual({ tokensPerMinute: 40, tokensPerMinuteForIndicator: 40, costPerHour: expect.closeTo(2.4, 9) });
    // 4 h left at 40 tokens/min.
    expect(block!.projection).toEqual({ totalTokens: 1200 + 240 * 40, totalCost: expect.closeTo(1.2 + 4 * 2.4, 9), remainingMinutes: 240 });
    // 1,800 tokens to go at 40/min: 45 minutes from now.
    expect(block!.limit).toEqual({ kind: "tokens", amount: 3000, used: 1200, reachedAt: null, projectedAt: "2025-01-01T11:45:00.000Z" });
  });

  it("is not active once 5 h passed since its last request, and has no burn rate then", () => {
    const [block] = usageBlocks([entry("2025-01-01T10:00:00Z"), entry("2025-01-01T10:10:00Z")], { now: Date.parse("2025-01-01T15:10:00Z") });
    expect(block).toMatchObject({ isActive: false, burnRate: null, projection: null });
  });

  it("costs null when no request in the block is priced, and lists the unpriced models", () => {
    const [block] = usageBlocks([entry("2025-01-01T10:00:00Z", { model: "mystery", cost: null })], { now: FAR_FUTURE });
    expect(block).toMatchObject({ costUSD: null, unpricedModels: ["mystery"] });
  });
});
