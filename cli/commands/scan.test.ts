/**
 * `baton scan --agents --json` as a user runs it (bin/baton.mjs in a child process), with HOME and
 * the runtime folders pointing at private copies of the realcli homes: the real HOME is never read
 * (the environment passed is built from scratch), and the shared fixtures are never written.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSuite, REALCLI } from "../../lib/core/test-support/shared-fixtures";
import { CLAUDE_EXPECTED, CODEX_EXPECTED, GEMINI_EXPECTED, OPENCODE_EXPECTED, tokenFields } from "../../lib/core/sessions/__fixtures__/realcli-truth";
import type { ScanReport } from "../../lib/server/queries/scan-report";
import { copyRealcliHome, REALCLI_PRESENT } from "../../lib/server/sessions/session-test-fixtures";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../../lib/server/test-support/test-database";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const EXPECTED = [...CLAUDE_EXPECTED, ...CODEX_EXPECTED, ...GEMINI_EXPECTED, ...OPENCODE_EXPECTED];

function baton(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], {
    cwd: projectRoot,
    // Nothing inherited but PATH: no XDG_CONFIG_HOME, no CLAUDE_CONFIG_DIR of whoever runs the tests.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip || !REALCLI_PRESENT)(fixtureSuite(`baton scan --agents --json (${provider.name})`, REALCLI, REALCLI_PRESENT), () => {
    let database: TestDatabase;
    let scratch: string;
    let home: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await provider.create();
      scratch = mkdtempSync(path.join(os.tmpdir(), "baton-cli-scan-"));
      ({ home, env } = copyRealcliHome(scratch));
    });
    afterAll(async () => {
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("finds the default folders under HOME and prints sessions + sourceIssues as JSON", () => {
      const run = baton(["scan", "--agents", "--json"], { HOME: home, DATABASE_URL: database.target.url });
      expect(run.stderr).not.toMatch(/Error|baton:/);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as ScanReport & { scan: { agents: { kind: string; root: string }[] } };
      expect(report.sourceIssues).toEqual([]);
      expect(report.sessions).toHaveLength(EXPECTED.length);
      for (const expected of EXPECTED) {
        const session = report.sessions.find((entry) => entry.sessionId === expected.sessionId)!;
        expect(tokenFields(session)).toEqual(tokenFields(expected));
        expect(session).toMatchObject({ requests: expected.requests, compactions: expected.compactions, peakContextTokens: expected.peakContextTokens, linkedHandoffs: [] });
      }
      // Every root read is inside the fake HOME.
      expect(report.scan.agents.map((source) => source.kind)).toEqual(["claude-code", "codex", "gemini-cli", "opencode"]);
      for (const source of report.scan.agents) expect(source.root.startsWith(home)).toBe(true);
      const withAgent = report.sessions.find((entry) => entry.sessionId === "269881a4-6322-42b2-b5b8-ab605f8bd02c")!;
      expect(withAgent.subagents).toEqual([expect.objectContaining({ agentId: "ae93b9c2561416fb6", requests: 1, cacheReadTokens: 11_417 })]);
    });

    it("takes BATON_HOME_DIR and the per-runtime variables; reports a bad line and format drift per file", () => {
      const claudeProject = path.join(env.CLAUDE_CONFIG_DIR!, "projects", "-home-dev-work-claude");
      const file = path.join(claudeProject, readdirSync(claudeProject).filter((name) => name.endsWith(".jsonl")).sort()[0]!);
      appendFileSync(file, `not json at all\n${JSON.stringify({ type: "brand-new-record", timestamp: "2026-11-29T09:00:00Z" })}\n`);
      const emptyHome = path.join(scratch, "empty-home");
      mkdirSync(emptyHome, { recursive: true });
      const run = baton(["scan", "--agents", "--json"], { HOME: emptyHome, BATON_HOME_DIR: emptyHome, DATABASE_URL: database.target.url, ...env });
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as ScanReport;
      expect(report.sourceIssues).toEqual([{ source: "claude-code", file, badLines: 1, unknownTypes: { "brand-new-record": 1 } }]);
      expect(report.sessions).toHaveLength(EXPECTED.length);
    });

    it("without --agents and without a repo it is a usage error", () => {
      const run = baton(["scan", "--json"], { HOME: home, DATABASE_URL: database.target.url });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
    });
  });
}

if (testProviders[1]!.skip) console.warn(`baton scan --agents --json (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
