/**
 * Rollups against the requests they sum: for random requests (times on and off quarter hours and
 * hours, 5-hour silences to the millisecond, no time, no model, unpriced and tiered models, prompts
 * across the bands, 1-hour cache writes, reasoning, recorded costs) every report built from rollup
 * entries, summed to the grain the server's queries sum them to, equals the report built from the
 * requests, to the last bit, in zones with half-hour, 45-minute and DST offsets.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StoredSample } from "../sessions/sample-pack";
import type { Breakdown, UsageEntry } from "./aggregate";
import { usageBlocks } from "./blocks";
import { buildPriceTable } from "./prices";
import { blocksDocument, blocksReport, periodReport, sessionReport, type ReportOptions } from "./report";
import { bandsCover, requestEntry, rollupEntry, rollupSamples, slotOf, type EntryFacts, type RollupPart, type RollupSums } from "./rollup";

const table = buildPriceTable();
const ZONES = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana"];
const MODELS = ["claude-sonnet-4-5", "claude-opus-4-8", "gpt-5.5", "gemini-2.5-pro", "mystery-model", null];
const HOUR = 3_600_000;
const BASE = Date.parse("2025-10-30T20:00:00Z");

/**
 * Steps between a session's requests: the same millisecond, a millisecond, within a quarter hour,
 * exactly 5 hours (a block's end, and a silence that is no gap) and a millisecond either side of it.
 */
const STEPS = [0, 1, 60_000, 14 * 60_000, 899_999, 2 * HOUR, 5 * HOUR - 1, 5 * HOUR, 5 * HOUR + 1, 9 * HOUR, 30 * HOUR];

const sampleArbitrary = fc.record({
  step: fc.constantFrom(...STEPS),
  untimed: fc.integer({ min: 0, max: 15 }).map((roll) => roll === 0),
  model: fc.constantFrom(...MODELS),
  inputTokens: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 120_000, max: 300_000 })),
  cacheWriteTokens: fc.integer({ min: 0, max: 40_000 }),
  cacheWrite1hTokens: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
  cacheReadTokens: fc.integer({ min: 0, max: 150_000 }),
  outputTokens: fc.integer({ min: 0, max: 8_000 }),
  reasoningTokens: fc.integer({ min: 0, max: 9_000 }),
  recordedCostNano: fc.option(fc.integer({ min: 0, max: 5_000_000_000 }), { nil: undefined }),
});

type SampleValue = typeof sampleArbitrary extends fc.Arbitrary<infer T> ? T : never;

const sessionArbitrary = fc.record({
  /** Sessions start on whole hours (block starts) or just after, and overlap. */
  start: fc.tuple(fc.integer({ min: 0, max: 96 }), fc.constantFrom(0, 1, 900_000, 1_234_567)).map(([hours, ms]) => BASE + hours * HOUR + ms),
  runtime: fc.constantFrom("claude-code", "codex"),
  repo: fc.constantFrom("/r/app", "/r/lib", null),
  branch: fc.constantFrom("main", "feat/x", null),
  samples: fc.array(sampleArbitrary, { minLength: 1, maxLength: 25 }),
});

function storedSamples(start: number, samples: SampleValue[]): StoredSample[] {
  let time = start;
  return samples.map((sample, index) => ({
    key: `k${index}`,
    agentId: "",
    timestampMs: sample.untimed ? null : (time += sample.step),
    model: sample.model,
    inputTokens: sample.inputTokens,
    cacheWriteTokens: sample.cacheWriteTokens,
    cacheReadTokens: sample.cacheReadTokens,
    outputTokens: sample.outputTokens,
    reasoningTokens: sample.reasoningTokens,
    contextTokens: 0,
    toolResultTokens: null,
    responseId: null,
    isSidechain: false,
    ...(sample.cacheWrite1hTokens ? { cacheWrite1hTokens: sample.cacheWrite1hTokens } : {}),
    ...(sample.recordedCostNano !== undefined ? { recordedCostUsd: sample.recordedCostNano / 1e9 } : {}),
  }));
}

interface Grain {
  bySlot: boolean;
  bySession: boolean;
  breakdown: Breakdown;
}

/** What the server's GROUP BY does to rollup rows (rollups-read.ts), in memory. */
function grouped(rows: { part: RollupPart; facts: EntryFacts }[], grain: Grain, keep: (part: RollupPart) => boolean): UsageEntry[] {
  const groups = new Map<string, { sums: RollupSums; facts: EntryFacts }>();
  for (const { part, facts } of rows) {
    if (!keep(part)) continue;
    const kept: EntryFacts = {
      runtime: facts.runtime,
      sessionId: grain.bySession ? facts.sessionId : "",
      repo: grain.breakdown === "repo" ? facts.repo : null,
      branch: grain.breakdown === "branch" ? facts.branch : null,
    };
    const key = JSON.stringify([grain.bySlot ? part.slot : null, kept, part.model, part.band]);
    const group = groups.get(key);
    if (group === undefined) {
      const { slot: _slot, ...sums } = part;
      groups.set(key, { sums: { ...sums }, facts: kept });
      continue;
    }
    const sums = group.sums;
    for (const field of ["requests", "inputTokens", "cacheWriteTokens", "cacheWrite1hTokens", "cacheReadTokens", "outputTokens", "reasoningTokens", "pricedReasoningTokens", "recordedRequests", "recordedCostNanoUsd"] as const) sums[field] += part[field];
    if (part.firstMs !== null) sums.firstMs = sums.firstMs === null ? part.firstMs : Math.min(sums.firstMs, part.firstMs);
    if (part.lastMs !== null) sums.lastMs = sums.lastMs === null ? part.lastMs : Math.max(sums.lastMs, part.lastMs);
  }
  return [...groups.values()].map((group) => rollupEntry(group.sums, group.facts, table));
}

const optionsArbitrary = fc.record({
  zone: fc.constantFrom(...ZONES),
  since: fc.option(fc.integer({ min: -2, max: 30 }), { nil: null }),
  length: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  breakdown: fc.constantFrom<Breakdown>(null, "model", "runtime", "repo", "branch"),
  limit: fc.option(fc.constantFrom({ kind: "tokens" as const, amount: 400_000 }, { kind: "cost" as const, amount: 2 }), { nil: null }),
});

const day = (offset: number) => new Date(BASE + offset * 24 * HOUR).toISOString().slice(0, 10);

describe("rollups give the requests' reports, to the last bit", () => {
  it("daily, weekly, monthly (every breakdown), session and blocks, in any zone and range", () => {
    fc.assert(
      fc.property(fc.array(sessionArbitrary, { minLength: 1, maxLength: 6 }), optionsArbitrary, (sessions, options) => {
        const requests: UsageEntry[] = [];
        const rows: { part: RollupPart; facts: EntryFacts }[] = [];
        const sessionFacts = new Map<string, { id: string; runtime: string; externalId: string; cwd: string | null; branch: string | null; repoPath: string | null }>();
        sessions.forEach((session, index) => {
          const facts: EntryFacts = { runtime: session.runtime, sessionId: `s${index}`, repo: session.repo, branch: session.branch };
          const samples = storedSamples(session.start, session.samples);
          for (const sample of samples) requests.push(requestEntry(sample, facts, table));
          for (const part of rollupSamples(samples)) rows.push({ part, facts });
          sessionFacts.set(facts.sessionId, { id: facts.sessionId, runtime: session.runtime, externalId: `ext-${index}`, cwd: null, branch: session.branch, repoPath: session.repo });
        });
        const since = options.since === null ? null : day(options.since);
        const until = options.length === null ? null : day((options.since ?? 0) + options.length);
        const report: ReportOptions = { timeZone: options.zone, since, until, breakdown: options.breakdown, now: BASE + 30 * 24 * HOUR, limit: null, pricesReadOn: table.readOn };
        // Slots outside the range are left out by the query's bounds; the core keeps the dates asked for.
        const anyTime = (part: RollupPart) => part.firstMs !== null;
        for (const kind of ["daily", "weekly", "monthly"] as const) {
          expect(periodReport(kind, grouped(rows, { bySlot: true, bySession: false, breakdown: options.breakdown }, anyTime), report)).toEqual(periodReport(kind, requests, report));
        }
        const ranged = since !== null || until !== null;
        expect(sessionReport(grouped(rows, { bySlot: ranged, bySession: true, breakdown: null }, ranged ? anyTime : () => true), sessionFacts, report)).toEqual(sessionReport(requests, sessionFacts, report));
        const withLimit = { ...report, limit: options.limit };
        const fromRollups = usageBlocks(grouped(rows, { bySlot: true, bySession: false, breakdown: null }, anyTime), { now: report.now, limit: options.limit });
        const fromRequests = blocksReport(requests, withLimit);
        const document = blocksDocument(fromRollups, null, withLimit);
        // A limit's crossing request is read back by the server; everything else is the same.
        const withoutCrossing = (blocks: typeof document.blocks) => blocks.map((block) => ({ ...block, limit: block.limit ? { ...block.limit, reachedAt: block.limit.reachedAt === null } : block.limit }));
        expect(withoutCrossing(document.blocks)).toEqual(withoutCrossing(fromRequests.blocks));
        expect({ ...document, blocks: null }).toEqual({ ...fromRequests, blocks: null });
      }),
      { numRuns: 300 },
    );
  });

  it("a request on a quarter hour's first millisecond has a slot of its own; later ones share the next", () => {
    const at = Date.parse("2025-01-01T15:00:00.000Z");
    expect(slotOf(at)).toBe((at / 900_000) * 2);
    expect(slotOf(at + 1)).toBe((at / 900_000) * 2 + 1);
    expect(slotOf(at + 899_999)).toBe((at / 900_000) * 2 + 1);
    expect(slotOf(null)).toBeLessThan(slotOf(-8.64e15));
    // On a block's end exactly a request stays in the block; a minute later it starts the next.
    const start = Date.parse("2025-01-01T10:00:00.000Z");
    const samples = storedSamples(start, [0, 5 * HOUR, 60_000].map((step) => ({ step, untimed: false, model: "claude-sonnet-4-5", inputTokens: 10, cacheWriteTokens: 0, cacheWrite1hTokens: undefined, cacheReadTokens: 0, outputTokens: 1, reasoningTokens: 0, recordedCostNano: undefined })));
    const facts: EntryFacts = { runtime: "claude-code", sessionId: "s", repo: null, branch: null };
    const rows = rollupSamples(samples).map((part) => rollupEntry(part, facts, table));
    const blocks = usageBlocks(rows, { now: start + 100 * HOUR });
    expect(blocks.map((block) => [block.startTime, block.entries])).toEqual([
      ["2025-01-01T10:00:00.000Z", 2],
      ["2025-01-01T15:00:00.000Z", 1],
    ]);
    expect(blocks).toEqual(usageBlocks(samples.map((sample) => requestEntry(sample, facts, table)), { now: start + 100 * HOUR }));
  });
});

describe("when rollups can price a table", () => {
  it("the shipped table's tiers start at rollup bands; a user's tier elsewhere makes reports read the requests", () => {
    expect(bandsCover(table)).toBe(true);
    const rates = { input: 1, output: 2, cacheWrite5m: 1, cacheWrite1h: 2, cacheRead: 0.1 };
    expect(bandsCover(buildPriceTable(undefined, { "my-model": { ...rates, source: "user", tiers: [{ above: 200_000, ...rates }] } }))).toBe(true);
    expect(bandsCover(buildPriceTable(undefined, { "my-model": { ...rates, source: "user", tiers: [{ above: 100_000, ...rates }] } }))).toBe(false);
  });
});
