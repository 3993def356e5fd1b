import { describe, expect, it } from "vitest";
import type { UsageEntry } from "./aggregate";
import { formatUsageTable } from "./format-table";
import { evenTicks, periodsBetween, prepareUsageChart } from "./prepare-usage-chart";
import { blocksReport, periodReport, sessionReport } from "./report";
import { periodRows } from "./aggregate";

const entry = (iso: string, extra: Partial<UsageEntry> = {}): UsageEntry => ({
  timestampMs: Date.parse(iso),
  model: "claude-opus-4-6",
  runtime: "claude-code",
  sessionId: "s1",
  repo: "/r/app",
  branch: "main",
  inputTokens: 10,
  outputTokens: 20,
  cacheWriteTokens: 30,
  cacheReadTokens: 40_000_000_000,
  reasoningTokens: 0,
  cost: 1234.5678,
  recordedCostUsd: null,
  ...extra,
});
const options = { timeZone: "UTC", now: Date.parse("2030-01-01T00:00:00Z"), pricesReadOn: "2026-12-02" };

describe("report documents", () => {
  it("daily: ccusage 20's fields in its order, then Baton's; cost null (not 0) for an unpriced model", () => {
    const document = periodReport("daily", [entry("2026-02-11T10:00:00Z"), entry("2026-02-12T10:00:00Z", { model: "mystery", cost: null })], options);
    const rows = document.daily as Record<string, unknown>[];
    expect(Object.keys(rows[0]!).slice(0, 9)).toEqual(["date", "inputTokens", "outputTokens", "cacheCreationTokens", "cacheReadTokens", "totalTokens", "totalCost", "modelsUsed", "modelBreakdowns"]);
    expect(rows[0]).toMatchObject({ runtime: "claude-code", requests: 1 });
    expect(rows[1]).toMatchObject({ totalCost: null, modelBreakdowns: [{ modelName: "mystery", cost: null }], unpricedModels: ["mystery"] });
    expect(document).toMatchObject({ costIsEstimate: true, timezone: "UTC", unpricedModels: ["mystery"], totals: { totalCost: 1234.5678 } });
    expect(Object.keys(periodReport("monthly", [entry("2026-02-11T10:00:00Z")], options))).toContain("monthly");
    expect((periodReport("weekly", [entry("2026-02-11T10:00:00Z")], options).weekly as { week: string }[])[0]!.week).toBe("2026-02-08");
  });

  it("session: one row per main session with ccusage's activity fields; blocks: ccusage's block fields", () => {
    const sessions = new Map([["s1", { id: "s1", runtime: "claude-code", externalId: "8463c716", cwd: "/r/app", branch: "main", repoPath: "/r/app" }]]);
    const document = sessionReport([entry("2026-02-11T10:00:00Z"), entry("2026-02-11T12:00:00Z")], sessions, options);
    expect(document.sessions[0]).toMatchObject({ sessionId: "8463c716", id: "s1", firstActivity: "2026-02-11T10:00:00.000Z", lastActivity: "2026-02-11T12:00:00.000Z", projectPath: "/r/app", requests: 2 });
    const blocks = blocksReport([entry("2026-02-11T10:00:00Z")], options).blocks;
    expect(Object.keys(blocks[0]!)).toEqual(expect.arrayContaining(["id", "startTime", "endTime", "actualEndTime", "isActive", "isGap", "entries", "tokenCounts", "costUSD", "models", "burnRate", "projection"]));
  });
});

describe("blocks in a date range", () => {
  // Blocks on the 10th, 12th and 14th, gaps between them.
  const entries = [entry("2026-02-10T10:00:00Z"), entry("2026-02-12T10:00:00Z"), entry("2026-02-14T10:00:00Z")];
  const shape = (blocks: { id: string; isGap: boolean }[]) => blocks.map((block) => (block.isGap ? "gap" : block.id.slice(0, 10)));

  it("never starts or ends with a gap: a gap is shown only between two blocks shown", () => {
    expect(shape(blocksReport(entries, options).blocks)).toEqual(["2026-02-10", "gap", "2026-02-12", "gap", "2026-02-14"]);
    expect(shape(blocksReport(entries, { ...options, since: "2026-02-11" }).blocks)).toEqual(["2026-02-12", "gap", "2026-02-14"]);
    expect(shape(blocksReport(entries, { ...options, until: "2026-02-13" }).blocks)).toEqual(["2026-02-10", "gap", "2026-02-12"]);
    expect(shape(blocksReport(entries, { ...options, since: "2026-02-11", until: "2026-02-13" }).blocks)).toEqual(["2026-02-12"]);
    // A range holding only part of a gap shows nothing.
    expect(shape(blocksReport(entries, { ...options, since: "2026-02-11", until: "2026-02-11" }).blocks)).toEqual([]);
  });

  it("--breakdown repo: each row keeps the repo's path (the group) and names it (repoName)", () => {
    const rows = periodReport("daily", [entry("2026-02-11T10:00:00Z", { repo: "/tmp/tmp.X1/app" }), entry("2026-02-11T11:00:00Z", { repo: null })], { ...options, breakdown: "repo", repoNames: new Map([["/tmp/tmp.X1/app", "app"]]) }).daily as Record<string, unknown>[];
    expect(rows.map((row) => [row.repo, row.repoName])).toEqual([["(no repo)", null], ["/tmp/tmp.X1/app", "app"]]);
  });
});

describe("terminal table", () => {
  it("never passes 80 columns, even with huge counts, long labels and costs", () => {
    const rows = [{ label: "a-very-long-session-label-that-goes-on", inputTokens: 123_456_789_012, outputTokens: 9_999_999, cacheWriteTokens: 1, cacheReadTokens: 40_000_000_000, totalTokens: 40_133_456_789_013, totalCost: 123_456.78, detail: "x".repeat(200) }];
    const lines = formatUsageTable("Usage by date (Pacific/Chatham)", rows, { ...rows[0]!, label: "Total" }, ["No price for " + "m, ".repeat(60)]);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(lines.join("\n")).toContain("estimate");
    expect(lines.join("\n")).toMatch(/40\.1T/);
  });
});

describe("usage chart", () => {
  it("a point for every period of the range, the largest series first, runtimes in their colours", () => {
    const rows = periodRows([entry("2026-02-11T10:00:00Z"), entry("2026-02-11T11:00:00Z", { runtime: "codex", cacheReadTokens: 1 }), entry("2026-02-13T10:00:00Z")], { kind: "daily", timeZone: "UTC", breakdown: "runtime" });
    const chart = prepareUsageChart(rows, { kind: "daily", metric: "tokens", since: "2026-02-10", until: "2026-02-14", breakdownIsRuntime: true });
    expect(chart.points.map((point) => point.period)).toEqual(["2026-02-10", "2026-02-11", "2026-02-12", "2026-02-13", "2026-02-14"]);
    expect(chart.series.map((series) => [series.label, series.color])).toEqual([["Claude Code", "#d97757"], ["Codex", "#10a37f"]]);
    expect(chart.points[2]).toEqual({ period: "2026-02-12", s0: 0, s1: 0 });
    expect(periodsBetween("weekly", "2026-02-10", "2026-02-24")).toEqual(["2026-02-08", "2026-02-15", "2026-02-22"]);
    expect(periodsBetween("monthly", "2026-01-30", "2026-03-01")).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(chart.summary).toBe("Usage per day in tokens, 2026-02-10 to 2026-02-14: 80,000,000,181 in all, the most on 2026-02-11 (40,000,000,121); by Claude Code, Codex.");
    // Years of days: the latest ~3 years are drawn (not the first ones), ending at the range's end.
    const days = periodsBetween("daily", "2000-01-01", "2035-06-30");
    expect(days).toHaveLength(1100);
    expect(days.at(-1)).toBe("2035-06-30");
  });

  it("x-axis labels evenly spaced from the first period, never bunched at the end", () => {
    const days = periodsBetween("daily", "2026-01-01", "2026-01-30");
    expect(evenTicks(days)).toEqual(["2026-01-01", "2026-01-05", "2026-01-09", "2026-01-13", "2026-01-17", "2026-01-21", "2026-01-25", "2026-01-29"]);
    const steps = evenTicks(days).map((day) => Number(day.slice(8)));
    expect(new Set(steps.slice(1).map((day, index) => day - steps[index]!)).size).toBe(1);
    expect(evenTicks(days.slice(0, 5))).toEqual(days.slice(0, 5));
  });
});
