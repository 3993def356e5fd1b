import { describe, expect, it } from "vitest";
import { periodRows, type UsageEntry } from "./aggregate";
import { periodsBetween, prepareUsageChart } from "./prepare-usage-chart";

const entry = (iso: string, runtime: string, overrides: Partial<UsageEntry> = {}): UsageEntry => ({
  timestampMs: Date.parse(iso),
  model: "claude-sonnet-4-5",
  runtime,
  sessionId: "s",
  repo: null,
  branch: null,
  inputTokens: 10,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  cost: 1,
  recordedCostUsd: null,
  ...overrides,
});

const daily = (entries: UsageEntry[]) => periodRows(entries, { kind: "daily", timeZone: "UTC", breakdown: "runtime" });

describe("prepareUsageChart", () => {
  it("draws every period of the range, an empty one as 0, one series per runtime with its name and colour", () => {
    const rows = daily([entry("2026-11-01T10:00:00Z", "claude-code"), entry("2026-11-03T10:00:00Z", "codex", { inputTokens: 40 })]);
    const chart = prepareUsageChart(rows, { kind: "daily", metric: "tokens", since: "2026-11-01", until: "2026-11-03", breakdownIsRuntime: true });
    expect(chart.series).toEqual([
      { key: "s0", label: "Codex", color: "#10a37f" },
      { key: "s1", label: "Claude Code", color: "#d97757" },
    ]);
    expect(chart.points).toEqual([
      { period: "2026-11-01", s0: 0, s1: 10 },
      { period: "2026-11-02", s0: 0, s1: 0 },
      { period: "2026-11-03", s0: 40, s1: 0 },
    ]);
    expect(chart.metric).toBe("tokens");
  });

  it("charts estimated cost, leaving unpriced requests out and naming their groups", () => {
    const rows = daily([entry("2026-11-01T10:00:00Z", "claude-code", { cost: 2.5 }), entry("2026-11-01T11:00:00Z", "gemini-cli", { cost: null, model: "mystery" })]);
    const chart = prepareUsageChart(rows, { kind: "daily", metric: "cost", since: "2026-11-01", until: "2026-11-01", breakdownIsRuntime: true });
    const claude = chart.series.find((series) => series.label === "Claude Code")!;
    const gemini = chart.series.find((series) => series.label === "Gemini CLI")!;
    expect(chart.points[0]![claude.key]).toBe(2.5);
    expect(chart.points[0]![gemini.key]).toBe(0);
    expect(chart.unpriced).toEqual(["Gemini CLI"]);
  });

  it("keeps the seven largest groups and folds the rest into 'other', with palette colours for other breakdowns", () => {
    const entries = Array.from({ length: 10 }, (_, index) => entry("2026-11-01T10:00:00Z", "codex", { repo: `repo-${index}`, inputTokens: (index + 1) * 100 }));
    const rows = periodRows(entries, { kind: "daily", timeZone: "UTC", breakdown: "repo" });
    const chart = prepareUsageChart(rows, { kind: "daily", metric: "tokens", since: "2026-11-01", until: "2026-11-01", breakdownIsRuntime: false });
    expect(chart.series).toHaveLength(8);
    expect(chart.series.slice(0, 7).map((series) => series.label)).toEqual(["repo-9", "repo-8", "repo-7", "repo-6", "repo-5", "repo-4", "repo-3"]);
    expect(chart.series[7]).toEqual({ key: "other", label: "other (3)", color: "#94a3b8" });
    expect(chart.points[0]!.other).toBe(100 + 200 + 300);
    expect(chart.series[0]!.color).toBe("#0ea5e9");
    // Every token lands in exactly one series.
    const sum = chart.series.reduce((total, series) => total + (chart.points[0]![series.key] as number), 0);
    expect(sum).toBe(entries.reduce((total, item) => total + item.inputTokens, 0));
  });

  it("labels the total of an unbroken-down chart 'all', and a runtime Baton does not know by its id", () => {
    const rows = periodRows([entry("2026-11-01T10:00:00Z", "my-agent")], { kind: "daily", timeZone: "UTC" });
    expect(prepareUsageChart(rows, { kind: "daily", metric: "tokens", since: "2026-11-01", until: "2026-11-01", breakdownIsRuntime: false }).series[0]?.label).toBe("all");
    const byRuntime = daily([entry("2026-11-01T10:00:00Z", "my-agent")]);
    expect(prepareUsageChart(byRuntime, { kind: "daily", metric: "tokens", since: "2026-11-01", until: "2026-11-01", breakdownIsRuntime: true }).series[0]).toEqual({ key: "s0", label: "my-agent", color: "#0ea5e9" });
  });
});

describe("periodsBetween", () => {
  it("lists days, weeks (Sunday first) and months, once each, inclusive", () => {
    expect(periodsBetween("daily", "2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(periodsBetween("weekly", "2026-11-01", "2026-11-16")).toEqual(["2026-11-01", "2026-11-08", "2026-11-15"]);
    expect(periodsBetween("monthly", "2026-10-31", "2026-12-01")).toEqual(["2026-10", "2026-11", "2026-12"]);
  });

  it("gives nothing for a reversed range and stops an absurd one at about three years", () => {
    expect(periodsBetween("daily", "2026-12-02", "2026-11-01")).toEqual([]);
    expect(periodsBetween("daily", "2000-01-01", "2099-01-01")).toHaveLength(1100);
  });
});
