import { describe, expect, it } from "vitest";
import { groupRows, periodRows, sumUsageRows, totalsOf, type UsageEntry } from "./aggregate";
import { dateInZone, normaliseDateArgument, weekOf } from "./periods";

const entry = (iso: string, extra: Partial<UsageEntry> = {}): UsageEntry => ({
  timestampMs: Date.parse(iso),
  model: "claude-sonnet-4-6",
  runtime: "claude-code",
  sessionId: "s1",
  repo: "/r/app",
  branch: "main",
  inputTokens: 1,
  outputTokens: 2,
  cacheWriteTokens: 3,
  cacheReadTokens: 4,
  reasoningTokens: 0,
  cost: 0.5,
  recordedCostUsd: null,
  ...extra,
});

describe("periods in a time zone", () => {
  it("dates requests across midnight by the zone's calendar", () => {
    const tokyo = dateInZone("Asia/Tokyo");
    expect(tokyo(Date.parse("2025-03-01T14:59:59Z"))).toBe("2025-03-01");
    expect(tokyo(Date.parse("2025-03-01T15:00:00Z"))).toBe("2025-03-02");
    const kathmandu = dateInZone("Asia/Kathmandu"); // +05:45
    expect(kathmandu(Date.parse("2025-03-01T18:14:59Z"))).toBe("2025-03-01");
    expect(kathmandu(Date.parse("2025-03-01T18:15:00Z"))).toBe("2025-03-02");
  });

  it("starts weeks on Sunday (ccusage's default) and reads --since as YYYYMMDD or YYYY-MM-DD", () => {
    expect(weekOf("2025-03-05")).toBe("2025-03-02");
    expect(weekOf("2025-03-02")).toBe("2025-03-02");
    expect(weekOf("2025-03-05", 1)).toBe("2025-03-03");
    expect(normaliseDateArgument("20250301")).toBe("2025-03-01");
    expect(normaliseDateArgument("2025-03-01")).toBe("2025-03-01");
    expect(normaliseDateArgument("2025-02-30")).toBeNull();
    expect(normaliseDateArgument("yesterday")).toBeNull();
  });
});

describe("report rows", () => {
  const entries = [
    entry("2025-03-01T14:00:00Z"),
    entry("2025-03-01T16:00:00Z", { model: "gpt-5.3-codex", runtime: "codex", cost: 0.25 }),
    entry("2025-03-02T01:00:00Z", { model: "mystery", cost: null }),
    entry("2025-03-02T01:00:00Z", { timestampMs: null }),
  ];

  it("one row per date in the zone, with the token counts, models and per-model costs", () => {
    const utc = periodRows(entries, { kind: "daily", timeZone: "UTC" });
    expect(utc.map((row) => [row.period, row.totalTokens, row.totalCost, row.runtime])).toEqual([
      ["2025-03-01", 20, 0.75, "all"],
      ["2025-03-02", 10, null, "claude-code"],
    ]);
    expect(utc[0]!.modelBreakdowns).toEqual([
      { modelName: "claude-sonnet-4-6", inputTokens: 1, outputTokens: 2, cacheWriteTokens: 3, cacheReadTokens: 4, reasoningTokens: 0, cost: 0.5 },
      { modelName: "gpt-5.3-codex", inputTokens: 1, outputTokens: 2, cacheWriteTokens: 3, cacheReadTokens: 4, reasoningTokens: 0, cost: 0.25 },
    ]);
    expect(utc[1]!.unpricedModels).toEqual(["mystery"]);
    // In Tokyo the 16:00Z request is already the 2nd.
    const tokyo = periodRows(entries, { kind: "daily", timeZone: "Asia/Tokyo" });
    expect(tokyo.map((row) => [row.period, row.requests])).toEqual([["2025-03-01", 1], ["2025-03-02", 2]]);
  });

  it("splits by runtime on request, filters by date, sums months", () => {
    const rows = periodRows(entries, { kind: "daily", timeZone: "UTC", breakdown: "runtime", since: "2025-03-01", until: "2025-03-01" });
    expect(rows.map((row) => [row.period, row.group, row.runtime])).toEqual([["2025-03-01", "claude-code", "claude-code"], ["2025-03-01", "codex", "codex"]]);
    expect(periodRows(entries, { kind: "monthly", timeZone: "UTC" }).map((row) => [row.period, row.requests])).toEqual([["2025-03", 3]]);
    const byBranch = periodRows([...entries, entry("2025-03-01T15:00:00Z", { branch: null })], { kind: "monthly", timeZone: "UTC", breakdown: "branch" });
    expect(byBranch.map((row) => [row.group, row.requests])).toEqual([["(no branch)", 1], ["main", 3]]);
  });

  it("totals sum priced cost and name what has none; a row of only unpriced requests is null", () => {
    const totals = totalsOf(periodRows(entries, { kind: "daily", timeZone: "UTC" }));
    expect(totals).toMatchObject({ totalTokens: 30, totalCost: 0.75, unpricedModels: ["mystery"], requests: 3 });
    expect(totalsOf([])).toMatchObject({ totalCost: 0 });
  });

  it("groups by any key (a session, a chain), undated requests included", () => {
    const bySession = groupRows(entries, (e) => e.sessionId);
    expect(bySession.get("s1")).toMatchObject({ requests: 4, totalTokens: 40 });
  });

  it("adds rows into one (a chain's sessions): models and runtimes once each, cost null only when nothing is priced", () => {
    const sessions = groupRows(
      [entry("2025-03-01T10:00:00Z"), entry("2025-03-01T11:00:00Z", { sessionId: "s2", runtime: "codex", model: "gpt-5.1-codex" }), entry("2025-03-01T12:00:00Z", { sessionId: "s3", model: "mystery", cost: null })],
      (e) => e.sessionId,
    );
    const chain = sumUsageRows([...sessions.values()]);
    expect(chain).toMatchObject({ requests: 3, totalTokens: 30, totalCost: 1, runtimes: ["claude-code", "codex"], runtime: "all", unpricedModels: ["mystery"] });
    expect(new Set(chain.modelsUsed)).toEqual(new Set(["claude-sonnet-4-6", "gpt-5.1-codex", "mystery"]));
    expect(sumUsageRows([sessions.get("s3")!]).totalCost).toBeNull();
    expect(sumUsageRows([sessions.get("s1")!]).runtime).toBe("claude-code");
    expect(totalsOf([...sessions.values()])).toMatchObject({ totalTokens: 30, totalCost: 1, recordedCost: null });
  });
});

describe("dates in a zone without asking Intl for every quarter hour", () => {
  const ZONES = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana", "Pacific/Apia", "Europe/Dublin", "Africa/Monrovia", "America/St_Johns", "Antarctica/Troll"];
  it.each(ZONES)("%s: the date Intl gives each quarter hour's start, across daylight-saving changes", (zone) => {
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    const dateOf = dateInZone(zone);
    // Every quarter hour of 2011 (Apia skipped a day; Havana and Lord Howe change at odd hours), and a
    // spread of instants from 1970 to 2100 (Monrovia's −0:44:30 until 1972).
    const instants: number[] = [];
    for (let at = Date.UTC(2011, 0, 1); at < Date.UTC(2012, 0, 1); at += 900_000) instants.push(at + (at % 7) * 1000);
    for (let at = 0; at < Date.UTC(2100, 0, 1); at += 86_400_000 * 13 + 900_000 * 37) instants.push(at);
    // One assertion over the list of disagreements (an `expect` per instant costs more than the check).
    const disagreements: string[] = [];
    for (const at of instants) {
      const quarter = Math.floor(at / 900_000) * 900_000;
      const parts = intl.formatToParts(new Date(quarter));
      const pick = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
      const expected = `${pick("year")}-${pick("month")}-${pick("day")}`;
      const actual = dateOf(at);
      if (actual !== expected) disagreements.push(`${zone} ${new Date(at).toISOString()}: ${actual}, Intl says ${expected}`);
    }
    expect(instants.length).toBeGreaterThan(35_000);
    expect(disagreements).toEqual([]);
  });
});
