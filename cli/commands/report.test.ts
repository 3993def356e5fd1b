/**
 * `baton report` as a user runs it (bin/baton.mjs in a child process, nothing inherited but PATH):
 * it scans the Claude sample first, its JSON equals ccusage 20.0.24's daily report (every day and
 * model, to the token), the table fits 80 columns, and bad options are refused in words.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureSuite, PUBLIC } from "../../lib/core/test-support/shared-fixtures";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const sample = path.join(PUBLIC, "claude-code", "marot-spotter");
const present = existsSync(sample);
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-cli-report-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const none = path.join(scratch, "none");
const env = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: none,
  BATON_HOME_DIR: none,
  BATON_DATA_DIR: scratch,
  DATABASE_URL: `file:${path.join(scratch, "baton.db")}`,
  CLAUDE_CONFIG_DIR: sample,
  CODEX_HOME: none,
  GEMINI_DATA_DIR: none,
  OPENCODE_DATA_DIR: none,
};

function baton(args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], { cwd: projectRoot, env: { ...env, ...extra } as unknown as NodeJS.ProcessEnv, encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!present)(fixtureSuite("baton report", sample, present), () => {
  it("scans first, then `report daily --json --timezone UTC` equals ccusage 20's daily report: every day, every model, to the token (cost within 1 %)", () => {
    const run = baton(["report", "daily", "--json", "--timezone", "UTC"]);
    expect(run.stderr).not.toMatch(/baton:/);
    expect(run.code).toBe(0);
    type Row = { date: string; inputTokens: number; outputTokens: number; cacheCreationTokens: number; cacheReadTokens: number; totalTokens: number; totalCost: number; modelsUsed: string[]; modelBreakdowns: ({ modelName: string; cost: number } & Omit<Row, "date" | "totalCost" | "modelsUsed" | "modelBreakdowns" | "totalTokens">)[] };
    const document = JSON.parse(run.stdout) as { daily: Row[]; totals: Omit<Row, "date">; costIsEstimate: boolean };
    const text = readFileSync(path.join(PUBLIC, "ccusage-tool", "outputs", "claude-spotter-daily-v20.txt"), "utf8");
    const start = text.indexOf("\n{") + 1;
    const reference = JSON.parse(text.slice(start, text.indexOf("\n}\n", start) + 2)) as { daily: Row[]; totals: Omit<Row, "date"> };
    expect(document.costIsEstimate).toBe(true);
    const counts = ({ inputTokens, outputTokens, cacheCreationTokens, cacheReadTokens }: Omit<Row, "date" | "totalCost" | "modelsUsed" | "modelBreakdowns" | "totalTokens">) => ({ inputTokens, outputTokens, cacheCreationTokens, cacheReadTokens });
    expect(document.daily.map((row) => row.date)).toEqual(reference.daily.map((row) => row.date));
    reference.daily.forEach((expected, index) => {
      const row = document.daily[index]!;
      expect(counts(row), expected.date).toEqual(counts(expected));
      expect(row.totalTokens, expected.date).toBe(expected.totalTokens);
      expect([...row.modelsUsed].sort(), expected.date).toEqual([...expected.modelsUsed].sort());
      for (const model of expected.modelBreakdowns) {
        const mine = row.modelBreakdowns.find((candidate) => candidate.modelName === model.modelName)!;
        expect(counts(mine), `${expected.date} ${model.modelName}`).toEqual(counts(model));
        expect(Math.abs(mine.cost - model.cost), `${expected.date} ${model.modelName} cost`).toBeLessThanOrEqual(model.cost * 0.01);
      }
      expect(Math.abs(row.totalCost - expected.totalCost)).toBeLessThanOrEqual(expected.totalCost * 0.01);
    });
    // 2026-02-10's haiku requests are recorded only in the progress lines of session 491e126e.
    expect(counts(document.daily[0]!.modelBreakdowns.find((model) => model.modelName.startsWith("claude-haiku"))!)).toEqual({ inputTokens: 24, outputTokens: 7, cacheCreationTokens: 14_285, cacheReadTokens: 95_343 });
    expect(document.totals.totalTokens).toBe(reference.totals.totalTokens);
  });

  it("prints tables that fit 80 columns for every report, and refuses bad options in words", () => {
    for (const kind of ["daily", "weekly", "monthly", "session", "blocks"]) {
      const run = baton(["report", kind, "--no-scan", "-z", "Asia/Kathmandu", "--breakdown", "model"]);
      expect(run.code, run.stderr).toBe(0);
      for (const line of run.stdout.trimEnd().split("\n")) expect(line.length, `${kind}: ${line}`).toBeLessThanOrEqual(80);
      expect(run.stdout).toContain("estimate");
    }
    expect(baton(["report", "daily", "--no-scan", "--timezone", "Mars/Olympus"]).stderr).toMatch(/is not a time zone/);
    expect(baton(["report", "daily", "--no-scan", "--since", "2026-13-01"]).stderr).toMatch(/--since takes a date/);
    expect(baton(["report", "yearly"]).code).toBe(2);
  });

  it("reads the user's price file, and reports a bad one in words without failing", () => {
    const prices = path.join(scratch, "my-prices.json");
    writeFileSync(prices, JSON.stringify({ models: { "claude-opus-4-6": { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, source: "free" }, "claude-haiku-4-5": { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 } } }));
    const free = JSON.parse(baton(["report", "monthly", "--json", "--no-scan", "-z", "UTC"], { BATON_PRICES_FILE: prices }).stdout) as { totals: { totalCost: number }; prices: { overrideFile: string } };
    expect(free.totals.totalCost).toBe(0);
    expect(free.prices.overrideFile).toBe(prices);
    writeFileSync(prices, "{ not json");
    const bad = baton(["report", "monthly", "--json", "--no-scan", "-z", "UTC"], { BATON_PRICES_FILE: prices });
    expect(bad.code).toBe(0);
    expect(bad.stderr).toMatch(/my-prices.json is not valid JSON/);
    expect((JSON.parse(bad.stdout) as { totals: { totalCost: number } }).totals.totalCost).toBeGreaterThan(1);
  });
});

describe.skipIf(!present)(fixtureSuite("baton report blocks --since", sample, present), () => {
  it("starts with the range's first block, never with a gap from before it", () => {
    // Without --no-scan: it scans first, as a user's first run would.
    const run = baton(["report", "blocks", "--since", "2026-02-11", "--json", "-z", "UTC"]);
    expect(run.code, run.stderr).toBe(0);
    const blocks = (JSON.parse(run.stdout) as { blocks: { id: string; isGap: boolean }[] }).blocks;
    expect(blocks.map((block) => [block.id, block.isGap])).toEqual([["2026-02-11T21:00:00.000Z", false]]);
    const table = baton(["report", "blocks", "--since", "2026-02-11", "--no-scan", "-z", "UTC"]);
    expect(table.stdout).not.toMatch(/gap/i);
    expect(table.stdout).toContain("2026-02-11");
  });
});

describe("a repo of one's own: the scan names the log file with bad lines; --breakdown repo names the repo", () => {
  const own = mkdtempSync(path.join(scratch, "own-"));
  const repo = path.join(own, "work", "shop");
  const claudeDir = path.join(own, "claude");
  const logDir = path.join(claudeDir, "projects", "-work-shop");
  const ownEnv = { CLAUDE_CONFIG_DIR: claudeDir, DATABASE_URL: `file:${path.join(own, "baton.db")}`, BATON_DATA_DIR: own };
  const line = (index: number) =>
    JSON.stringify({ type: "assistant", sessionId: "5e55a0a0-0000-4000-8000-000000000001", cwd: repo, gitBranch: "main", timestamp: `2026-03-0${index}T10:00:00.000Z`, requestId: `req_${index}`, message: { id: `msg_${index}`, model: "claude-opus-4-6", usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 100 } } });

  it("scan: the file with a bad line is named under its folder's line", () => {
    mkdirSync(repo, { recursive: true });
    spawnSync("git", ["init", "-q", "-b", "main", repo]);
    mkdirSync(logDir, { recursive: true });
    writeFileSync(path.join(logDir, "5e55a0a0-0000-4000-8000-000000000001.jsonl"), `${line(1)}\n{ this is not json\n${line(2)}\n`);
    const run = baton(["scan", repo, "--agents"], ownEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("1 file with bad lines or unknown record types:");
    expect(run.stdout).toMatch(/^ {4}projects\/-work-shop\/5e55a0a0-0000-4000-8000-000000000001\.jsonl: 1 bad line$/m);
  });

  it("report daily --breakdown repo: the table shows the repo's name, --json its path and name", () => {
    const table = baton(["report", "daily", "--breakdown", "repo", "--no-scan", "-z", "UTC"], ownEnv);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^2026-03-01 shop\b/m);
    expect(table.stdout).not.toContain(own);
    const json = JSON.parse(baton(["report", "daily", "--breakdown", "repo", "--no-scan", "--json", "-z", "UTC"], ownEnv).stdout) as { daily: { date: string; repo: string; repoName: string }[] };
    expect(json.daily.map((row) => [row.date, row.repoName])).toEqual([["2026-03-01", "shop"], ["2026-03-02", "shop"]]);
    expect(json.daily[0]!.repo).toMatch(/\/work\/shop$/);
  });
});
