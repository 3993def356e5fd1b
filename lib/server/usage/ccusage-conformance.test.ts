/**
 * Baton's usage reports against ccusage 20.0.24's own outputs on the public samples
 * (../shared/fixtures/public/ccusage-tool/outputs, run with --offline -z UTC): the samples are
 * ingested into a fresh database as `baton scan --agents` would, then reported. Token totals must
 * be equal and costs within 1 % wherever both tables price the same way; every exception below is a
 * difference docs/token-accounting.md ("Cost", and "Deliberate differences") explains.
 */
import { PROGRESS_ONLY_HAIKU, PROGRESS_ONLY_SESSION, progressOnlyExtra } from "../../core/sessions/__fixtures__/public-truth";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PUBLIC, fixtureSuite } from "../../core/test-support/shared-fixtures";
import { buildPriceTable } from "../../core/usage/prices";
import { blocksReport, periodReport, sessionReport } from "../../core/usage/report";
import { openBulkWriter } from "../db/bulk";
import { scanSessions } from "../sessions/scan-sessions";
import { createSqliteTestDatabase } from "../test-support/test-database";
import { loadUsage } from "./load-usage";

const outputs = path.join(PUBLIC, "ccusage-tool", "outputs");
const present = existsSync(outputs);
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-usage-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const table = buildPriceTable();

interface CcusageRow {
  sessionId?: string;
  date?: string;
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
  totalTokens: number;
  totalCost?: number;
  costUSD?: number;
}

/** The JSON document in one of ccusage-tool/outputs/*.txt (the command line first). */
function ccusage<T>(name: string): T {
  const text = readFileSync(path.join(outputs, name), "utf8");
  const start = text.indexOf("\n{") + 1;
  return JSON.parse(text.slice(start, text.indexOf("\n}\n", start) + 2)) as T;
}

/** The samples in `env` ingested into a fresh SQLite database, as usage entries. */
async function ingest(env: Record<string, string>) {
  const none = path.join(scratch, "none");
  const database = await createSqliteTestDatabase();
  const bulk = openBulkWriter(database.target);
  try {
    await scanSessions({ bulk, repos: [], agents: { env: { CLAUDE_CONFIG_DIR: none, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none, ...env }, homeDir: none, workers: 0 } });
    return await loadUsage(bulk, table);
  } finally {
    await bulk.close();
    await database.drop();
  }
}

const options = { timeZone: "UTC", now: Date.parse("2030-01-01T00:00:00Z"), pricesReadOn: table.readOn };
const tokens = (row: CcusageRow | { inputTokens: number; outputTokens: number; cacheCreationTokens: number; cacheReadTokens: number }) => ({
  input: row.inputTokens,
  output: row.outputTokens,
  cacheWrite: row.cacheCreationTokens,
  cacheRead: row.cacheReadTokens,
});
const costOf = (row: CcusageRow) => row.totalCost ?? row.costUSD ?? 0;
const within1Percent = (actual: number | null, expected: number, what: string) => {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} against ccusage's ${expected}`).toBeLessThanOrEqual(Math.max(expected * 0.01, 1e-9));
};
const claude = (dir: string) => ({ CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", dir) });
/** OpenCode's sample database, copied: reading it in place may add a -shm file beside the shared sample. */
const copyOpencodeDatabase = () => {
  const dataDir = mkdtempSync(path.join(scratch, "opencode-"));
  copyFileSync(path.join(PUBLIC, "opencode", "synthetic", "sqlite", "opencode.db"), path.join(dataDir, "opencode.db"));
  return dataDir;
};

describe.skipIf(!present)(fixtureSuite("usage reports against ccusage 20.0.24 on the public samples", outputs, present), () => {
  test("Claude entireio-cli: every session's tokens equal, cost within 1 % (1-hour cache writes priced as such)", async () => {
    const usage = await ingest(claude("entireio-cli"));
    const report = sessionReport(usage.entries, usage.sessions, options);
    const reference = ccusage<{ sessions: CcusageRow[] }>("claude-entire-session-v20.txt").sessions;
    expect(report.sessions).toHaveLength(reference.length);
    for (const expected of reference) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      expect(tokens(row), expected.sessionId).toEqual(tokens(expected));
      expect(row.totalTokens).toBe(expected.totalTokens);
      within1Percent(row.totalCost, costOf(expected), expected.sessionId!);
    }
  });

  test("Claude marot-spotter sessions: equal, except that Baton's session 491e126e also holds its subagent's requests recorded only in progress lines, which ccusage's daily report counts and its session report leaves out", async () => {
    const usage = await ingest(claude("marot-spotter"));
    const report = sessionReport(usage.entries, usage.sessions, options);
    const reference = ccusage<{ sessions: CcusageRow[] }>("claude-spotter-session-v20.txt").sessions;
    expect(report.sessions).toHaveLength(reference.length);
    for (const expected of reference) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      const extra = progressOnlyExtra(expected.sessionId);
      expect(tokens(row), expected.sessionId).toEqual({ input: expected.inputTokens + extra.input, output: expected.outputTokens + extra.output, cacheWrite: expected.cacheCreationTokens + extra.cacheWrite, cacheRead: expected.cacheReadTokens + extra.cacheRead });
      if (expected.sessionId !== PROGRESS_ONLY_SESSION) within1Percent(row.totalCost, costOf(expected), expected.sessionId!);
    }
  });

  test("Claude claude-code-viewer: equal, except the flat 2.0.x agent file Baton rolls into its parent (same prices, so cost still within 1 %)", async () => {
    const usage = await ingest(claude("d-kimuson-claude-code-viewer"));
    const report = sessionReport(usage.entries, usage.sessions, options);
    const reference = ccusage<{ sessions: CcusageRow[] }>("claude-ccv-session-v20.txt").sessions;
    const flat = reference.find((session) => session.sessionId === "agent-test-hash-123")!;
    for (const expected of reference.filter((session) => session !== flat)) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      const parentOfFlat = expected.sessionId === "5c0375b4-57a5-4f26-b12d-d022ee4e51b7";
      expect(row.totalTokens, expected.sessionId).toBe(expected.totalTokens + (parentOfFlat ? flat.totalTokens : 0));
      within1Percent(row.totalCost, costOf(expected) + (parentOfFlat ? costOf(flat) : 0), expected.sessionId!);
    }
  });

  test("Claude ccusage's fixtures: tokens equal; their lines carry costUSD, which ccusage reports and Baton keeps as recordedCost beside its estimate", async () => {
    const usage = await ingest(claude("ccusage-fixtures"));
    const report = sessionReport(usage.entries, usage.sessions, options);
    for (const expected of ccusage<{ sessions: CcusageRow[] }>("claude-ccusagefix-session-v20.txt").sessions) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      expect(tokens(row)).toEqual(tokens(expected));
      within1Percent(row.recordedCost, costOf(expected), `${expected.sessionId} recorded`);
      // The recorded figures are made up (1.02 USD for 995 tokens): far from any list price.
      expect(row.totalCost!).toBeLessThan(costOf(expected) / 10);
    }
  });

  test("Claude marot-spotter daily: every day's tokens equal, per model too (2026-02-10's haiku requests are recorded only in progress lines), cost within 1 %", async () => {
    const usage = await ingest(claude("marot-spotter"));
    const report = periodReport("daily", usage.entries, options);
    const reference = ccusage<{ daily: (CcusageRow & { modelBreakdowns: (CcusageRow & { modelName: string })[] })[] }>("claude-spotter-daily-v20.txt").daily;
    const rows = report.daily as (CcusageRow & { date: string; totalCost: number | null; modelBreakdowns: (CcusageRow & { modelName: string })[] })[];
    expect(rows.map((row) => row.date)).toEqual(reference.map((row) => row.date));
    reference.forEach((expected, index) => {
      const row = rows[index]!;
      expect(tokens(row), expected.date).toEqual(tokens(expected));
      expect(row.totalTokens).toBe(expected.totalTokens);
      within1Percent(row.totalCost, costOf(expected), expected.date!);
      const byModel = (list: (CcusageRow & { modelName: string })[]) => Object.fromEntries(list.map((model) => [model.modelName, tokens(model)]));
      expect(byModel(row.modelBreakdowns), expected.date).toEqual(byModel(expected.modelBreakdowns));
    });
    expect(tokens(rows[0]!.modelBreakdowns.find((model) => model.modelName.startsWith("claude-haiku"))!)).toEqual(PROGRESS_ONLY_HAIKU);
  });

  test("all four runtimes' samples together, daily: every day's tokens equal ccusage's all-agents daily report", async () => {
    const usage = await ingest({
      CLAUDE_CONFIG_DIR: path.join(PUBLIC, "claude-code", "marot-spotter"),
      CODEX_HOME: path.join(PUBLIC, "codex", "madshn-localpush"),
      GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", "embedded-real-doc-sample", "tmp"),
      OPENCODE_DATA_DIR: copyOpencodeDatabase(),
    });
    const rows = periodReport("daily", usage.entries, options).daily as (CcusageRow & { date: string; reasoningTokens: number })[];
    const reference = ccusage<{ daily: (CcusageRow & { period: string })[] }>("all-agents-daily-v20.txt").daily;
    expect(rows.map((row) => row.date)).toEqual(reference.map((row) => row.period));
    reference.forEach((expected, index) => {
      const row = rows[index]!;
      // Gemini: Baton's output holds the thoughts, ccusage's total does (its output does not).
      const thoughts = expected.totalTokens - expected.inputTokens - expected.outputTokens - expected.cacheCreationTokens - expected.cacheReadTokens;
      expect(tokens(row), expected.period).toEqual({ ...tokens(expected), output: expected.outputTokens + thoughts });
      expect(row.totalTokens, expected.period).toBe(expected.totalTokens);
    });
  });

  test.each([
    ["madshn-localpush", "codex-localpush-session-v20.txt"],
    ["ccusage-fixtures", "codex-ccusagefix-session-v20.txt"],
  ])("Codex %s: every session's tokens equal, cost within 1 %", async (dir, file) => {
    const usage = await ingest({ CODEX_HOME: path.join(PUBLIC, "codex", dir) });
    const report = sessionReport(usage.entries, usage.sessions, options);
    for (const expected of ccusage<{ sessions: CcusageRow[] }>(file).sessions) {
      // ccusage names Codex sessions by path; Baton by thread id (the file's UUID) when session_meta gives one.
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId || expected.sessionId!.endsWith(session.sessionId))!;
      expect(tokens(row), expected.sessionId).toEqual(tokens(expected));
      within1Percent(row.totalCost, costOf(expected), expected.sessionId!);
    }
  });

  test("Codex madshn-localpush daily: every day's tokens equal, cost within 1 %", async () => {
    const usage = await ingest({ CODEX_HOME: path.join(PUBLIC, "codex", "madshn-localpush") });
    const rows = periodReport("daily", usage.entries, options).daily as (CcusageRow & { date: string; totalCost: number | null })[];
    const reference = ccusage<{ daily: CcusageRow[] }>("codex-localpush-daily-v20.txt").daily;
    expect(rows.map((row) => row.date)).toEqual(reference.map((row) => row.date));
    reference.forEach((expected, index) => {
      expect(tokens(rows[index]!)).toEqual(tokens(expected));
      expect(rows[index]!.totalTokens).toBe(expected.totalTokens);
      within1Percent(rows[index]!.totalCost, costOf(expected), expected.date!);
    });
  });

  test.each([
    ["entireio-cli", "gemini-entire-session-v20.txt"],
    ["embedded-real-doc-sample", "gemini-embeddedreal-session-v20.txt"],
  ])("Gemini %s: tokens equal (Baton's output holds thoughts, ccusage's does not), cost within 1 % (both price thoughts as output)", async (dir, file) => {
    const usage = await ingest({ GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", dir, "tmp") });
    const report = sessionReport(usage.entries, usage.sessions, options);
    for (const expected of ccusage<{ sessions: CcusageRow[] }>(file).sessions) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      const thoughts = expected.totalTokens - expected.inputTokens - expected.cacheReadTokens - expected.outputTokens;
      expect(row.reasoningTokens).toBe(thoughts);
      expect(tokens(row)).toEqual({ ...tokens(expected), output: expected.outputTokens + thoughts });
      within1Percent(row.totalCost, costOf(expected), expected.sessionId!);
    }
  });

  test("Gemini synthetic-jsonl: tokens equal; ccusage's Gemini reader prices this one file at 0.8x what its own table gives the same tokens (0.00132 USD through its Claude reader, Baton's figure)", async () => {
    const usage = await ingest({ GEMINI_DATA_DIR: path.join(PUBLIC, "gemini", "synthetic-jsonl", "tmp") });
    const [row] = sessionReport(usage.entries, usage.sessions, options).sessions;
    const [expected] = ccusage<{ sessions: CcusageRow[] }>("gemini-jsonl-session-v20.txt").sessions;
    expect(tokens(row!)).toEqual({ ...tokens(expected!), output: 80 });
    // 100 input x $2 + 800 cache read x $0.20 + 80 output (20 of them thoughts) x $12, per million.
    expect(row!.totalCost).toBeCloseTo(0.00132, 12);
    expect(costOf(expected!)).toBeCloseTo(0.00132 * 0.8, 12);
  });

  test.each([
    ["legacy-json", "opencode-json-session-v20.txt"],
    ["sqlite", "opencode-sqlite-session-v20.txt"],
  ])("OpenCode %s: tokens equal; ccusage reports the cost OpenCode recorded, which Baton keeps as recordedCost (and flags against its estimate)", async (kind, file) => {
    let dataDir = path.join(PUBLIC, "opencode", "synthetic", kind);
    if (kind === "sqlite") dataDir = copyOpencodeDatabase();
    const usage = await ingest({ OPENCODE_DATA_DIR: dataDir });
    const report = sessionReport(usage.entries, usage.sessions, options);
    for (const expected of ccusage<{ sessions: CcusageRow[] }>(file).sessions) {
      const row = report.sessions.find((session) => session.sessionId === expected.sessionId)!;
      expect(tokens(row)).toEqual(tokens(expected));
      within1Percent(row.recordedCost, costOf(expected), expected.sessionId!);
    }
  });

  test("Claude blocks over three sample folders: the same blocks and gaps as ccusage's blocks report, the same token counts except the progress-only requests in 2026-02-10's block", async () => {
    const usage = await ingest({ CLAUDE_CONFIG_DIR: ["marot-spotter", "d-kimuson-claude-code-viewer", "entireio-cli"].map((dir) => path.join(PUBLIC, "claude-code", dir)).join(",") });
    const blocks = blocksReport(usage.entries, options).blocks;
    const reference = ccusage<{ blocks: { id: string; endTime: string; isGap: boolean; totalTokens: number; costUSD: number }[] }>("claude-all-blocks-v20.txt").blocks;
    expect(blocks.map((block) => [block.id, block.endTime, block.isGap])).toEqual(reference.map((block) => [block.id, block.endTime, block.isGap]));
    const extra = PROGRESS_ONLY_HAIKU.input + PROGRESS_ONLY_HAIKU.output + PROGRESS_ONLY_HAIKU.cacheWrite + PROGRESS_ONLY_HAIKU.cacheRead;
    const differences = blocks.map((block, index) => block.totalTokens - reference[index]!.totalTokens);
    expect(differences).toEqual(reference.map((block) => (block.id === "2026-02-10T21:00:00.000Z" ? extra : 0)));
    blocks.forEach((block, index) => {
      if (differences[index] === 0) within1Percent(block.costUSD, reference[index]!.costUSD, block.id);
    });
  });
});
