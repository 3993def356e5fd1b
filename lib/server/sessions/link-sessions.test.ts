import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { countScanLinks } from "../queries/scan-links";
import { getScanReport } from "../queries/scan-report";
import { getSession, getSessionsForHandoff } from "../queries/sessions";
import { listSessions, parseSessionFilters } from "../queries/session-list";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { scanSessions } from "./scan-sessions";
import { claudeTranscript } from "./session-test-fixtures";

const S1 = "51515151-0000-4000-8000-000000000001";
const S2 = "52525252-0000-4000-8000-000000000002";
const S3 = "53535353-0000-4000-8000-000000000003";
const H = (phase: string) => `docs/ai/handoff/claude-code/01112026/handoff_${phase}.md`;
// GitFixture commits at 2026-11-01T00:0<tick>:00Z: init 00:01, then one handoff per commit.
const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 1, 0, minutes, seconds)).toISOString();

function buildWorkspace(scratch: string) {
  const repo = new GitFixture("linked");
  const root = realpathSync(repo.root);
  repo.write("README.md", "# linked\n").commit("init");
  repo.write(H("named"), handoffMarkdown({ phase: "named", path: H("named") }).replace("Session id: unknown", `Session id: ${S1}`)).commit("named handoff"); // 00:02
  repo.write(H("timed"), handoffMarkdown({ phase: "timed", path: H("timed") })).commit("timed handoff"); // 00:03
  repo.write(H("later"), handoffMarkdown({ phase: "later", path: H("later") })).commit("later handoff"); // 00:04
  repo.write(H("elsewhere"), handoffMarkdown({ phase: "elsewhere", path: H("elsewhere") }).replace("- Branch: main", "- Branch: feat/other")).commit("other branch"); // 00:05
  // Seed / MoAI state in the working tree (not committed: state files usually are not).
  repo.write(".moai/state/checkpoint-1.json", JSON.stringify({ checkpoint_id: "ckpt_1", session_id: S2, timestamp: at(2), phase: "GREEN", token_usage: { total: 200_000, used: 50_000, available: 150_000 }, recovery_tokens_reserved: 40_000 }));
  repo.write(".moai/config/context-budget.json", JSON.stringify({ context_budget: { warning_threshold_percent: 75, emergency_threshold_percent: 85, reserve_tokens: 40_000 } }));
  repo.write(
    "session.json",
    JSON.stringify([
      { session_id: S2, model: "claude-sonnet-4-5", created_at: at(0), last_updated: at(3), context_window: { total: 200_000, used: 60_000, available: 140_000 } },
      { session_id: "sess_seed_only", model: "claude-opus-4-8", created_at: at(30), last_updated: at(45), context_window: { total: 1_000_000, used: 412_000, available: 588_000 } },
    ]),
  );

  const claude = path.join(scratch, ".claude");
  const project = path.join(claude, "projects", root.replace(/[/.]/g, "-"));
  mkdirSync(project, { recursive: true });
  const turn = (n: number, time: string, branchless = false) => ({ at: time, messageId: `msg_${n}${branchless ? "b" : ""}`, input: 10, cacheWrite: 100, cacheRead: 1000 * n, output: 5 });
  writeFileSync(path.join(project, `${S1}.jsonl`), claudeTranscript({ sessionId: S1, cwd: root, branch: "feat/s1", start: at(0), turns: [turn(1, at(1, 30))] }));
  writeFileSync(path.join(project, `${S2}.jsonl`), claudeTranscript({ sessionId: S2, cwd: `${root}/src`, branch: "main", start: at(0, 10), turns: [turn(1, at(1)), turn(2, at(3, 30))] }));
  writeFileSync(path.join(project, `${S3}.jsonl`), claudeTranscript({ sessionId: S3, cwd: root, branch: "main", start: at(3, 50), turns: [turn(3, at(20))] }));
  return { repo, root, claude };
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`session ↔ handoff links and seed state (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let scratch: string;
    let workspace: ReturnType<typeof buildWorkspace>;
    const idOf = async (externalId: string) => (await db.agentSession.findFirstOrThrow({ where: { externalId, runtime: "claude-code" }, select: { id: true } })).id;
    const handoffId = async (file: string) => (await db.handoff.findFirstOrThrow({ where: { path: file }, select: { id: true } })).id;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      scratch = mkdtempSync(path.join(os.tmpdir(), "baton-links-"));
      workspace = buildWorkspace(scratch);
      const handoffs = await scanPaths([workspace.root], { bulk });
      const repo = handoffs.repos[0]!;
      const env = { CLAUDE_CONFIG_DIR: workspace.claude, CODEX_HOME: path.join(scratch, "none"), GEMINI_DATA_DIR: path.join(scratch, "none"), OPENCODE_DATA_DIR: path.join(scratch, "none") };
      await scanSessions({ bulk, repos: [{ repoId: repo.repoId!, path: repo.path, name: repo.name }], agents: { env, homeDir: scratch } });
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    });

    it("links by the session id a handoff names, whatever the branch", async () => {
      const links = await getSessionsForHandoff(db, await handoffId(H("named")));
      expect(links.map((link) => [link.session.sessionId, link.method])).toEqual([[S1, "session-id"]]);
    });

    it("the scan summary counts the links of what it scanned only (countScanLinks)", async () => {
      const repo = await db.repo.findFirstOrThrow({ select: { id: true } });
      const sources = (await db.source.findMany({ select: { id: true } })).map((source) => source.id);
      expect(await countScanLinks(bulk, { repoIds: [repo.id], sourceIds: [] })).toEqual({ bySessionId: 1, byRepoBranchTime: 2 });
      expect(await countScanLinks(bulk, { repoIds: [], sourceIds: sources })).toEqual({ bySessionId: 1, byRepoBranchTime: 2 });
      // Another repo's scan says nothing of this repo's links.
      expect(await countScanLinks(bulk, { repoIds: ["another-repo"], sourceIds: [] })).toEqual({ bySessionId: 0, byRepoBranchTime: 0 });
      expect(await countScanLinks(bulk, { repoIds: [], sourceIds: [] })).toEqual({ bySessionId: 0, byRepoBranchTime: 0 });
    });

    it("else by repo + branch + the session running when the handoff was committed (closest end)", async () => {
      const timed = await getSessionsForHandoff(db, await handoffId(H("timed")));
      expect(timed.map((link) => [link.session.sessionId, link.method])).toEqual([[S2, "repo-branch-time"]]);
      // Committed at 00:04: S2 ended 00:03:30 (within the 10-minute grace), S3 began 00:03:50 and ends
      // 00:20; the end closest to the commit is S2's.
      const later = await getSessionsForHandoff(db, await handoffId(H("later")));
      expect(later.map((link) => link.session.sessionId)).toEqual([S2]);
      expect(await getSessionsForHandoff(db, await handoffId(H("elsewhere")))).toEqual([]);
    });

    it("a session's repo is the registered repo containing its cwd; its detail lists the handoffs", async () => {
      const s2 = (await getSession(db, await idOf(S2)))!;
      expect(s2.repo?.name).toBe("linked");
      expect(s2.cwd).toBe(`${workspace.root}/src`);
      // Both name the same identity timestamp (when they were written); ties go by path.
      expect(s2.handoffs.map((handoff) => [handoff.path, handoff.method, handoff.t])).toEqual([
        [H("later"), "repo-branch-time", Date.parse("2026-11-20T10:00:00Z")],
        [H("timed"), "repo-branch-time", Date.parse("2026-11-20T10:00:00Z")],
      ]);
      expect(s2.linkedHandoffs).toBe(2);
      // The list counts the links (and subagents) of the rows it shows, the same as the detail.
      const listed = (await listSessions(db, parseSessionFilters({ pageSize: "200" }))).items.find((item) => item.id === s2.id);
      expect(listed).toMatchObject({ linkedHandoffs: 2, subagents: s2.subagentCount });
    });

    it("checkpoints attach by session id; the repo's budget applies to its sessions", async () => {
      const s2 = (await getSession(db, await idOf(S2)))!;
      expect(s2.checkpoints.map((checkpoint) => [checkpoint.kind, checkpoint.id, checkpoint.usedTokens])).toEqual([
        ["checkpoint", "ckpt_1", 50_000],
        ["session-metadata", expect.stringMatching(/^session-metadata:/), 60_000],
      ]);
      expect(s2.checkpoints[0]).toMatchObject({ phase: "GREEN", availableTokens: 150_000, recoveryReserveTokens: 40_000, t: Date.parse(at(2)) });
      expect(s2.budget).toEqual({ thresholdsPercent: [75, 85], reserveTokens: 40_000, totalTokens: null, allocation: null, source: ".moai/config/context-budget.json" });
    });

    it("a seed session of its own is listed; one a runtime log also names is folded into it", async () => {
      const seeds = await listSessions(db, parseSessionFilters({ runtime: "seed" }));
      expect(seeds.items.map((item) => item.sessionId)).toEqual(["sess_seed_only"]);
      expect(seeds.items[0]).toMatchObject({ contextWindow: 1_000_000, contextWindowSource: "log", peakContextTokens: 412_000, requests: 0, repo: { name: "linked" } });
      const all = await listSessions(db, parseSessionFilters({ pageSize: "200" }));
      expect(all.items.filter((item) => item.sessionId === S2)).toHaveLength(1);
    });

    it("scan --json's sessions carry their links; a rescan keeps them", async () => {
      const repo = await db.repo.findFirstOrThrow({ select: { id: true, path: true, name: true } });
      const env = { CLAUDE_CONFIG_DIR: workspace.claude, CODEX_HOME: path.join(scratch, "none"), GEMINI_DATA_DIR: path.join(scratch, "none"), OPENCODE_DATA_DIR: path.join(scratch, "none") };
      const again = await scanSessions({ bulk, repos: [{ repoId: repo.id, path: repo.path, name: repo.name }], agents: { env, homeDir: scratch } });
      expect(again.links).toMatchObject({ bySessionId: 1, byRepoBranchTime: 2 });
      expect(again.seeds[0]!.stats).toMatchObject({ filesRead: 0, filesUnchanged: 3 });
      const report = await getScanReport(db, { repoIds: [repo.id], sessionSourceIds: again.sourceIds });
      const s1 = report.sessions.find((session) => session.sessionId === S1)!;
      expect(s1.linkedHandoffs).toEqual([{ path: H("named"), repo: workspace.root, method: "session-id" }]);
      expect(report.sessions.map((session) => session.runtime).sort()).toEqual(["claude-code", "claude-code", "claude-code", "seed"]);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`session ↔ handoff links (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
