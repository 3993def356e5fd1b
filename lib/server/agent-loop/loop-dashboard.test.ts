/**
 * From a hook to the dashboard: records written at hook time (no database), read in by
 * `scan --agents`, matched to the session and the handoff, and counted in the on-time rate, on
 * SQLite and PostgreSQL.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync, appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanPaths } from "../ingest/scan";
import { handoffResumes, loopOverview, sessionLoopEvents } from "../queries/agent-loop";
import { scanSessions } from "../sessions/scan-sessions";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { useProviderDatabase, type ProviderDatabase } from "../test-support/provider-database";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { runHook } from "./run-hook";

const SESSION = "5d0c8a3e-1b2f-4c6d-9e7a-0f1b2c3d4e5f";
const FIRST = "docs/ai/handoff/codex/19112026/handoff_start.md";
const SECOND = "docs/ai/handoff/claude-code/20112026/handoff_next.md";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`the agent loop on the dashboard (${provider.name})${provider.skip ? ` [${POSTGRES_SKIP_MESSAGE}]` : ""}`, () => {
    let handle: ProviderDatabase;
    useProviderDatabase(provider, (opened) => (handle = opened));
    let repo: GitFixture;
    let data: string;
    let claudeHome: string;
    const previousDataDir = process.env.BATON_DATA_DIR;

    beforeAll(async () => {
      const base = mkdtempSync(path.join(os.tmpdir(), "baton-loop-dashboard-"));
      data = path.join(base, "data");
      claudeHome = path.join(base, "claude");
      process.env.BATON_DATA_DIR = data;
      const env = { ...process.env, BATON_DATA_DIR: data, HOME: base };
      repo = new GitFixture(`loop-dashboard-${provider.name}`);
      repo.write("README.md", "x\n").commit("init");
      repo.write(FIRST, handoffMarkdown({ phase: "start", runtime: "codex", path: FIRST })).commit("first handoff");
      const root = realpathSync(repo.root);

      // The session: started from FIRST through the hook, then asked for a handoff at 91.7 %.
      const transcript = path.join(claudeHome, "projects", "-loop", `${SESSION}.jsonl`);
      mkdirSync(path.dirname(transcript), { recursive: true });
      const line = (n: number, tokens: number) =>
        JSON.stringify({ type: "assistant", sessionId: SESSION, uuid: `u${n}`, cwd: root, gitBranch: "main", timestamp: `2026-11-20T10:0${n}:00.000Z`, requestId: `r${n}`, message: { id: `m${n}`, model: "claude-sonnet-4-5", usage: { input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: tokens - 3, output_tokens: 9 } } });
      writeFileSync(transcript, `${line(1, 40_000)}\n${line(2, 183_500)}\n`);
      const stdin = (event: string, extra: object) => JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd: root, hook_event_name: event, ...extra });
      expect(await runHook({ runtime: "claude-code", slug: "session-start", stdin: stdin("SessionStart", { source: "startup" }), env, now: new Date("2026-11-20T09:59:00Z") })).toContain("Resume work");
      expect(await runHook({ runtime: "claude-code", slug: "user-prompt-submit", stdin: stdin("UserPromptSubmit", { prompt: "go" }), env, now: new Date("2026-11-20T10:03:00Z") })).toContain("Baton context guard");
      // The handoff it then wrote names the session and comes after the request, before any compaction.
      repo.write(SECOND, handoffMarkdown({ phase: "next", path: SECOND, previous: FIRST }).replace("- Session id: unknown", `- Session id: ${SESSION}`).replace("2026-11-20T10:00:00Z", "2026-11-20T10:06:00Z")).commit("second handoff");
      appendFileSync(path.join(data, "agent-loop", "events.jsonl"), "{ not a record\n");

      const scanned = await scanPaths([root], { bulk: handle.bulk });
      const result = await scanSessions({
        bulk: handle.bulk,
        repos: scanned.repos.map((entry) => ({ repoId: entry.repoId!, path: entry.path, name: entry.name })),
        agents: { env: { CLAUDE_CONFIG_DIR: claudeHome }, homeDir: path.join(base, "nohome"), workers: 0 },
      });
      expect(result.loop).toMatchObject({ records: 2, badLines: [{ line: 3, message: "not JSON" }] });
      // Read again: nothing stored twice.
      await scanSessions({ bulk: handle.bulk, agents: { env: { CLAUDE_CONFIG_DIR: claudeHome }, homeDir: path.join(base, "nohome"), workers: 0 } });
    }, 120_000);
    afterAll(() => {
      if (previousDataDir === undefined) delete process.env.BATON_DATA_DIR;
      else process.env.BATON_DATA_DIR = previousDataDir;
    });

    it("stores each record once and shows the guard's request on the session", async () => {
      expect(await handle.db.agentLoopEvent.count()).toBe(2);
      const events = await sessionLoopEvents(handle.db, { runtime: "claude-code", externalId: SESSION });
      expect(events.map((event) => event.kind)).toEqual(["resume-injected", "guard-instruction"]);
      // 78.5 %: Claude Code compacts a 200,000 window at 167,000 (83.5 %), so 90 % comes 5 points before that.
      expect(events[1]).toMatchObject({ threshold: 78.5, targetPath: "docs/ai/handoff/claude-code/20112026/handoff_<phase>.md", handoffPath: FIRST });
      expect(events[1]!.percent).toBeCloseTo(91.75, 6);
    });

    it("says on the handoff which session resumed it through the hook", async () => {
      const first = await handle.db.handoff.findFirstOrThrow({ where: { path: FIRST }, select: { id: true, path: true, blobSha: true } });
      const session = await handle.db.agentSession.findFirstOrThrow({ where: { externalId: SESSION, parentId: null }, select: { id: true } });
      expect(await handoffResumes(handle.db, first)).toMatchObject([{ runtime: "claude-code", sessionExternalId: SESSION, sessionId: session.id, source: "startup", delivered: "full" }]);
    });

    it("counts the session as having handed off on time", async () => {
      expect(await loopOverview(handle.db)).toEqual({ crossed: 1, onTime: 1, late: 0, none: 0, percent: 100, unmatched: 0, resumesInjected: 1 });
    });
  });
}
