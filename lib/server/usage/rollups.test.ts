/**
 * The rollups the ingest writes give, on both databases, the same report documents as the requests
 * themselves (loadUsage and the core report functions over every request), after a first scan, after
 * appends (a response split over two reads, a sidechain replay, a subagent's file), after a log
 * shrinks and is read again, and in zones with half-hour, 45-minute and DST offsets; and they equal a
 * rebuild from the stored requests. Generated data, seeded: small enough for the unit suite.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Breakdown } from "../../core/usage/aggregate";
import { blocksReport, periodReport, sessionReport, type ReportKind } from "../../core/usage/report";
import { slotOf } from "../../core/usage/rollup";
import { scanSessions } from "../sessions/scan-sessions";
import { useProviderDatabase, type ProviderDatabase } from "../test-support/provider-database";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { loadUsage } from "./load-usage";
import { loadPriceTable } from "./price-table";
import { ensureRollups, rollupsAreCurrent } from "./rollups-write";
import { buildUsageReport } from "./build-usage-report";
import { trueStartBefore } from "./usage-blocks";
import { readUsage } from "./usage-source";
import { buildPriceTable } from "../../core/usage/prices";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-rollups-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOUR = 3_600_000;
/** Around the end of daylight saving time in New York (2025-11-02). */
const BASE = Date.parse("2025-10-31T22:00:00Z");
const MODELS = ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-opus-4-8", "claude-haiku-4-5", "mystery-model"];
const STEPS = [1, 60_000, 14 * 60_000, 899_999, 2 * HOUR, 5 * HOUR, 5 * HOUR + 1, 9 * HOUR];

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  at: number;
  id: string;
  model: string;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheWrite1hTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  sidechain?: boolean;
  agentId?: string;
}

function lineText(sessionId: string, line: Line): string {
  return `${JSON.stringify({
    type: "assistant",
    isSidechain: line.sidechain === true,
    ...(line.agentId ? { agentId: line.agentId } : {}),
    sessionId,
    cwd: `/work/project-${sessionId.slice(0, 1)}`,
    gitBranch: sessionId.endsWith("1") ? "feat/x" : "main",
    timestamp: new Date(line.at).toISOString(),
    requestId: `req-${line.id}`,
    uuid: `${line.id}-${line.outputTokens}`,
    message: {
      id: line.id,
      model: line.model,
      role: "assistant",
      usage: {
        input_tokens: line.inputTokens,
        cache_creation_input_tokens: line.cacheWriteTokens,
        cache_read_input_tokens: line.cacheReadTokens,
        output_tokens: line.outputTokens,
        ...(line.cacheWrite1hTokens > 0 ? { cache_creation: { ephemeral_5m_input_tokens: line.cacheWriteTokens - line.cacheWrite1hTokens, ephemeral_1h_input_tokens: line.cacheWrite1hTokens } } : {}),
      },
    },
  })}\n`;
}

/** A session's requests: a chain of steps from a start on or just after a whole hour. */
function sessionLines(next: () => number, sessionId: string, count: number, steps: readonly number[] = STEPS): Line[] {
  let at = BASE + Math.floor(next() * 72) * HOUR + [0, 1, 900_000][Math.floor(next() * 3)]!;
  const lines: Line[] = [];
  for (let index = 0; index < count; index++) {
    at += steps[Math.floor(next() * steps.length)]!;
    const cacheWriteTokens = Math.floor(next() * 30_000);
    lines.push({
      at,
      id: `msg_${sessionId.slice(0, 8)}_${index}`,
      model: MODELS[Math.floor(next() * MODELS.length)]!,
      // Some prompts above the 200,000-token tier.
      inputTokens: next() < 0.15 ? 150_000 + Math.floor(next() * 100_000) : Math.floor(next() * 4_000),
      cacheWriteTokens,
      cacheWrite1hTokens: next() < 0.3 ? Math.floor(cacheWriteTokens / 2) : 0,
      cacheReadTokens: Math.floor(next() * 120_000),
      outputTokens: 1 + Math.floor(next() * 5_000),
    });
  }
  return lines;
}

const ZONES = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/New_York"];
const RANGES: [string | null, string | null][] = [
  [null, null],
  ["2025-11-02", null],
  [null, "2025-11-02"],
  ["2025-11-01", "2025-11-03"],
  // Ranges that start inside the data: blocks are built from the last true start before them.
  ["2025-11-03", null],
  ["2025-11-04", "2025-11-05"],
];
const BREAKDOWNS: Breakdown[] = [null, "model", "runtime", "repo", "branch"];

async function expectSameReports(handle: ProviderDatabase) {
  const prices = loadPriceTable({ ...process.env, BATON_PRICES_FILE: "", BATON_DATA_DIR: scratch });
  expect(await rollupsAreCurrent(handle.bulk)).toBe(true);
  const all = await loadUsage(handle.bulk, prices.table);
  expect(all.entries.length).toBeGreaterThan(0);
  const now = BASE + 40 * 24 * HOUR;
  // Rows by repo name their repo (`repoName`), as the CLI and the API do.
  const repoNames = new Map([...all.sessions.values()].flatMap((session) => (session.repoPath !== null && session.repoName !== null ? [[session.repoPath, session.repoName] as const] : [])));
  for (const timeZone of ZONES) {
    for (const [since, until] of RANGES) {
      const reportOptions = { timeZone, since, until, now, pricesReadOn: prices.table.readOn, priceOverrideFile: null };
      const build = async (kind: ReportKind, breakdown: Breakdown, limit: { kind: "tokens" | "cost"; amount: number } | null = null) =>
        (await buildUsageReport(handle.bulk, kind, { timeZone, since, until, breakdown, runtime: null, limit, weekLimit: null, now }, prices)).document;
      for (const kind of ["daily", "weekly", "monthly"] as const) {
        for (const breakdown of BREAKDOWNS) {
          expect(await build(kind, breakdown), `${kind} ${breakdown} ${timeZone} ${since}..${until}`).toEqual(periodReport(kind, all.entries, { ...reportOptions, breakdown, repoNames }));
        }
      }
      expect(await build("session", null), `session ${timeZone} ${since}..${until}`).toEqual(sessionReport(all.entries, all.sessions, reportOptions));
      for (const limit of [null, { kind: "tokens" as const, amount: 300_000 }, { kind: "cost" as const, amount: 1 }]) {
        expect(await build("blocks", null, limit), `blocks ${JSON.stringify(limit)} ${timeZone} ${since}..${until}`).toEqual(blocksReport(all.entries, { ...reportOptions, limit }));
      }
    }
  }
  // The last true block start at or before any slot, paged through 3 slots at a time, is the one
  // the requests themselves give (the first request, or the first after more than 5 hours).
  const times = all.entries.map((entry) => entry.timestampMs).filter((time): time is number => time !== null).sort((a, b) => a - b);
  const starts = times.filter((time, index) => index === 0 || time - times[index - 1]! > 5 * HOUR).map(slotOf);
  const slots = [...new Set(times.map(slotOf))];
  for (const bound of [slots[0]! - 1, ...slots, ...slots.map((slot) => slot + 1)]) {
    const expected = starts.filter((slot) => slot <= bound).pop() ?? null;
    expect(await trueStartBefore(handle.bulk, bound, null, 3), `bound ${bound}`).toBe(expected);
  }
  // Rollups answer for the shipped prices; a tier they cannot price (a user's, at 100,000) reads the requests.
  const grain = { bySlot: true, bySession: false, breakdown: null };
  expect((await readUsage(handle.bulk, prices.table, { grain })).source).toBe("rollups");
  const rates = { input: 1, output: 2, cacheWrite5m: 1, cacheWrite1h: 2, cacheRead: 0.1 };
  expect((await readUsage(handle.bulk, buildPriceTable(undefined, { "claude-sonnet-4-5": { ...rates, source: "user", tiers: [{ above: 100_000, ...rates }] } }), { grain })).source).toBe("requests");
  // What the scans left equals a rebuild from the stored requests.
  const stored = await rollupRows(handle);
  await handle.bulk.execute(`DELETE FROM "UsageRollupState"`);
  expect(await rollupsAreCurrent(handle.bulk)).toBe(false);
  expect(await ensureRollups(handle.bulk)).toBeGreaterThan(0);
  expect(await rollupRows(handle)).toEqual(stored);
}

async function rollupRows(handle: ProviderDatabase) {
  const rows = await handle.bulk.query<Record<string, unknown>>(`SELECT * FROM "UsageRollup" ORDER BY "sessionId", "slot", "model", "band"`);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)])));
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`usage rollups equal the requests' reports (${provider.name})`, () => {
    let handle: ProviderDatabase;
    useProviderDatabase(provider, (opened) => (handle = opened));
    const home = path.join(scratch, provider.name);
    const project = path.join(home, ".claude", "projects", "-work-app");
    const none = path.join(scratch, "none");
    const scan = () => scanSessions({ bulk: handle.bulk, repos: [], agents: { env: { CLAUDE_CONFIG_DIR: path.join(home, ".claude"), CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none }, homeDir: none, workers: 0 } });

    // Hundreds of reports per step: generous for a loaded machine (a timing bound belongs in the bench).
    it("after a first scan, appends, a replay, a subagent and a shrunk log; and after a rebuild", { timeout: 600_000 }, async () => {
      mkdirSync(project, { recursive: true });
      const next = random(20261207);
      const ids = Array.from({ length: 6 }, (_, index) => `${String.fromCharCode(97 + index)}${"0".repeat(7)}-1111-4222-8333-44444444444${index % 2}`);
      const sessions = new Map(ids.map((id) => [id, sessionLines(next, id, 8 + Math.floor(next() * 20))]));
      // A marathon: days of requests never more than 5 hours apart, so the blocks of a range that
      // starts inside it depend on where it began.
      const marathon = "f0000000-1111-4222-8333-444444444449";
      ids.push(marathon);
      sessions.set(marathon, sessionLines(next, marathon, 60, [60_000, 2 * HOUR, 3 * HOUR + 1, 5 * HOUR - 1, 5 * HOUR]));
      const file = (id: string) => path.join(project, `${id}.jsonl`);
      // First scan: each file holds the first half of its requests.
      for (const [id, lines] of sessions) writeFileSync(file(id), lines.slice(0, lines.length >> 1).map((line) => lineText(id, line)).join(""));
      await scan();
      await expectSameReports(handle);

      // Appends: the rest, a response re-sent with a larger output (split over two reads), a sidechain
      // replay of an earlier response, and a subagent file.
      for (const [id, lines] of sessions) {
        const half = lines.length >> 1;
        const resent = { ...lines[half - 1]!, outputTokens: lines[half - 1]!.outputTokens + 777 };
        appendFileSync(file(id), [resent, ...lines.slice(half)].map((line) => lineText(id, line)).join(""));
        appendFileSync(file(id), lineText(id, { ...lines[0]!, sidechain: true, outputTokens: lines[0]!.outputTokens + 5 }));
      }
      const [first] = ids;
      const agentFolder = path.join(project, first!, "subagents");
      mkdirSync(agentFolder, { recursive: true });
      const agentLines = sessionLines(next, first!, 6).map((line, index) => ({ ...line, id: `msg_agent_${index}`, sidechain: true, agentId: "a1234567890abcdef" }));
      writeFileSync(path.join(agentFolder, "agent-a1234567890abcdef.jsonl"), agentLines.map((line) => lineText(first!, line)).join(""));
      await scan();
      await expectSameReports(handle);

      // A log shrinks (rewritten shorter): read again from its start.
      const second = ids[1]!;
      writeFileSync(file(second), sessions.get(second)!.slice(0, 3).map((line) => lineText(second, line)).join(""));
      await scan();
      await expectSameReports(handle);
    });
  });
}
if (testProviders[1]!.skip) console.warn(`usage rollups (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
