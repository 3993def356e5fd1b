/**
 * `baton report` as a user runs it (bin/baton.mjs in a child process, nothing inherited but PATH):
 * it scans the Claude sample first, its JSON equals ccusage 20.0.24's daily report where the two
 * count the same requests, the table fits 80 columns, and bad options are refused in words.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  it("scans first, then daily --json has ccusage's numbers for the day both count alike", () => {
    const run = baton(["report", "daily", "--json", "-z", "UTC"]);
    expect(run.stderr).not.toMatch(/baton:/);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { daily: { date: string; totalTokens: number; totalCost: number; modelsUsed: string[] }[]; costIsEstimate: boolean };
    const text = readFileSync(path.join(PUBLIC, "ccusage-tool", "outputs", "claude-spotter-daily-v20.txt"), "utf8");
    const start = text.indexOf("\n{") + 1;
    const reference = JSON.parse(text.slice(start, text.indexOf("\n}\n", start) + 2)) as { daily: { date: string; totalTokens: number; totalCost: number }[] };
    expect(document.costIsEstimate).toBe(true);
    expect(document.daily[1]).toMatchObject({ date: "2026-02-11", totalTokens: reference.daily[1]!.totalTokens });
    expect(document.daily[1]!.totalCost).toBeCloseTo(reference.daily[1]!.totalCost, 9);
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
