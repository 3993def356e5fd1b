import { describe, expect, it } from "vitest";
import type { UsageEntry } from "./aggregate";
import { startOfDateInZone, weekLimitStatus } from "./week-limit";

const entry = (iso: string, tokens: number): UsageEntry => ({
  timestampMs: Date.parse(iso),
  model: "m",
  runtime: "claude-code",
  sessionId: "s",
  repo: null,
  branch: null,
  inputTokens: tokens,
  outputTokens: 0,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  reasoningTokens: 0,
  cost: tokens / 1000,
  recordedCostUsd: null,
});

describe("plan limit per week", () => {
  it("finds where a local date starts, across zones", () => {
    expect(new Date(startOfDateInZone("2026-03-01", "UTC")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(new Date(startOfDateInZone("2026-03-01", "Asia/Tokyo")).toISOString()).toBe("2026-02-28T15:00:00.000Z");
    expect(new Date(startOfDateInZone("2026-03-01", "America/Los_Angeles")).toISOString()).toBe("2026-03-01T08:00:00.000Z");
  });

  it("counts the current local week only, and projects the week's rate to the limit", () => {
    // Wednesday 2026-03-04 12:00 UTC: the week began Sunday 2026-03-01 00:00 UTC, 3.5 days ago.
    const now = Date.parse("2026-03-04T12:00:00Z");
    const entries = [entry("2026-02-28T23:00:00Z", 999_999), entry("2026-03-01T10:00:00Z", 350_000), entry("2026-03-04T11:00:00Z", 350_000), entry("2026-03-05T00:00:00Z", 5)];
    const status = weekLimitStatus(entries, { kind: "tokens", amount: 1_000_000 }, { now, timeZone: "UTC" });
    expect(status).toMatchObject({ week: "2026-03-01", used: 700_000, reachedAt: null, startTime: "2026-03-01T00:00:00.000Z", endTime: "2026-03-08T00:00:00.000Z" });
    // 200,000 a day: 300,000 more takes 1.5 days.
    expect(status.projectedAt).toBe("2026-03-06T00:00:00.000Z");
    expect(status.projectedTotal).toBeCloseTo(1_400_000, 6);
    const passed = weekLimitStatus(entries, { kind: "cost", amount: 500 }, { now, timeZone: "UTC" });
    expect(passed.reachedAt).toBe("2026-03-04T11:00:00.000Z");
    // In Tokyo the Saturday 23:00 UTC request is already Sunday: it counts.
    expect(weekLimitStatus(entries, { kind: "tokens", amount: 1e9 }, { now, timeZone: "Asia/Tokyo" }).used).toBe(1_699_999);
  });
});
