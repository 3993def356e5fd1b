import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { claudeTranscript } from "../sessions/session-test-fixtures";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { registeredAgents, rescanRegistered, startWatching, type RescanAgents } from "./watch";
import { scanPaths } from "./scan";

const SESSION = "77777777-0000-4000-8000-000000000007";
const H = (phase: string) => `docs/ai/handoff/claude-code/01122026/handoff_${phase}.md`;

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`watch: rescans of what is registered (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let repo: GitFixture;
    let root: string;
    let agents: RescanAgents;
    let transcript: string;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      repo = new GitFixture("watched");
      root = realpathSync(repo.root);
      repo.write("README.md", "# watched\n").commit("init");
      repo.write(H("first"), handoffMarkdown({ phase: "first", path: H("first") })).commit("first handoff");
      await scanPaths([root], { bulk });

      const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-watch-"));
      const project = path.join(scratch, ".claude", "projects", "watched");
      mkdirSync(project, { recursive: true });
      transcript = path.join(project, `${SESSION}.jsonl`);
      const turn = (n: number) => ({ at: `2026-12-01T00:0${n}:00.000Z`, messageId: `msg_${n}`, input: 10, cacheWrite: 100, cacheRead: 1000 * n, output: 5 });
      writeFileSync(transcript, claudeTranscript({ sessionId: SESSION, cwd: root, branch: "main", start: "2026-12-01T00:00:00.000Z", turns: [turn(1)] }));
      agents = { env: { CLAUDE_CONFIG_DIR: path.join(scratch, ".claude"), CODEX_HOME: path.join(scratch, "none"), GEMINI_DATA_DIR: path.join(scratch, "none"), OPENCODE_DATA_DIR: path.join(scratch, "none") }, homeDir: scratch };
      // Registered (and read once) like `baton scan --agents` would.
      await rescanRegistered(bulk, agents);
      appendFileSync(transcript, claudeTranscript({ sessionId: SESSION, cwd: root, branch: "main", start: "2026-12-01T00:02:30.000Z", turns: [turn(2)] }).split("\n").slice(1).join("\n"));
    });
    afterAll(async () => {
      await bulk?.close();
      await database?.drop();
    });

    it("reads what changed since the last scan in the registered repos and agent folders, and nothing when nothing did", async () => {
      repo.write(H("second"), handoffMarkdown({ phase: "second", path: H("second"), previous: H("first") })).commit("second handoff");
      // The default: exactly the registered folders (found again from the Source rows, not from HOME).
      expect(await registeredAgents(bulk)).toMatchObject({ env: { CLAUDE_CONFIG_DIR: agents.env.CLAUDE_CONFIG_DIR } });
      const changed = await rescanRegistered(bulk);
      expect(changed).toMatchObject({ repos: 1, missing: [], handoffsNew: 1, branchesRead: 1, agentFilesRead: 1, sessionsTouched: 1, changed: true });
      const samples = await bulk.query<{ n: unknown }>(`SELECT SUM("count") AS "n" FROM "SampleChunk"`);
      expect(Number(samples[0]!.n)).toBe(2);

      const idle = await rescanRegistered(bulk);
      expect(idle).toMatchObject({ handoffsNew: 0, branchesRead: 0, handoffFilesRead: 0, agentFilesRead: 0, changed: false, notices: [] });
    });

    it("says what discovery noticed: a symbolic link in an agent folder is reported, not followed", async () => {
      const link = path.join(path.dirname(transcript), "elsewhere.jsonl");
      symlinkSync(transcript, link);
      try {
        const summary = await rescanRegistered(bulk);
        expect(summary.notices).toEqual([expect.stringContaining("1 symbolic link was not followed")]);
        expect(summary.notices[0]).toContain("watched/elsewhere.jsonl");
        expect(summary.agentFilesRead).toBe(0);
      } finally {
        rmSync(link);
      }
    });

    it("keeps rescanning on an interval, logs what changed, reports a missing repo once, and stops cleanly", async () => {
      const lines: string[] = [];
      const watcher = startWatching({ bulk, intervalMs: 50, agents: null, log: (line) => lines.push(line) });
      repo.write(H("third"), handoffMarkdown({ phase: "third", path: H("third"), previous: H("second") })).commit("third handoff");
      await expect.poll(() => lines.some((line) => line.startsWith("rescan: 1 new handoff ")), { timeout: 10_000 }).toBe(true);
      const moved = `${repo.root}-moved`;
      renameSync(repo.root, moved);
      try {
        await expect.poll(() => lines.filter((line) => line.includes("is registered but missing")).length, { timeout: 10_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(lines.filter((line) => line.includes("is registered but missing"))).toHaveLength(1);
      } finally {
        await watcher.stop();
        renameSync(moved, repo.root);
      }
      expect(lines.some((line) => line.startsWith("rescan failed"))).toBe(false);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`watch (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
