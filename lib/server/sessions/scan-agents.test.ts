import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSuite, REALCLI } from "../../core/test-support/shared-fixtures";
import { CLAUDE_EXPECTED, CODEX_EXPECTED, GEMINI_EXPECTED, OPENCODE_EXPECTED, tokenFields, type ExpectedSession } from "../../core/sessions/__fixtures__/realcli-truth";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { getSession, setUserContextWindow, type SessionDetail } from "../queries/sessions";
import { listSessions, parseSessionFilters } from "../queries/session-list";
import { listAgentSources } from "../queries/agent-sources";
import { getSessionReport } from "../queries/scan-report";
import { sqlReaderFor } from "../db/sql-reader";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { isFirstAgentScan, scanAgentSources } from "./scan-agents";
import { claudeTranscript, copyRealcliHome, REALCLI_PRESENT, type ClaudeTurn } from "./session-test-fixtures";
import { useProviderDatabase } from "../test-support/provider-database";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-sessions-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const emptyHome = path.join(scratch, "empty-home");
mkdirSync(emptyHome, { recursive: true });
/** Only the folder under test: the other runtimes point at nothing, and HOME is empty. */
const only = (env: Record<string, string>) => ({ CLAUDE_CONFIG_DIR: path.join(scratch, "none"), CODEX_HOME: path.join(scratch, "none"), GEMINI_DATA_DIR: path.join(scratch, "none"), OPENCODE_DATA_DIR: path.join(scratch, "none"), ...env });

async function detailOf(db: Db, runtime: string, externalId: string): Promise<SessionDetail> {
  const row = await db.agentSession.findFirst({ where: { runtime, externalId, parentId: null }, select: { id: true } });
  expect(row, `${runtime} ${externalId}`).not.toBeNull();
  const detail = await getSession(db, row!.id);
  expect(detail).not.toBeNull();
  return detail!;
}

function expectTotals(detail: SessionDetail, expected: ExpectedSession) {
  expect(tokenFields(detail), expected.sessionId).toEqual(tokenFields(expected));
  expect(detail.requestCount).toBe(expected.requests);
  expect(detail.requests).toHaveLength(expected.requests);
  expect(detail.compactionCount).toBe(expected.compactions);
  expect(detail.compactions).toHaveLength(expected.compactions);
  expect(detail.peakContextTokens).toBe(expected.peakContextTokens);
  // The per-request samples add up to the stored totals.
  expect(detail.requests.reduce((sum, request) => sum + request.cacheReadTokens, 0)).toBe(expected.cacheReadTokens);
  if (expected.subagents) {
    expect(detail.subagents.map(({ agentId, requests, inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens }) => ({ agentId, requests, inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens }))).toEqual(expected.subagents);
  } else {
    expect(detail.subagents).toEqual([]);
  }
}

const turn = (n: number, extra: Partial<ClaudeTurn> = {}): ClaudeTurn => ({
  at: new Date(Date.UTC(2026, 10, 2, 9, n)).toISOString(),
  messageId: `msg_${String(n).padStart(3, "0")}`,
  input: 3 + n,
  cacheWrite: 100 * n,
  cacheRead: 1000 * n,
  output: 10 + n,
  ...extra,
});
const sumOf = (turns: ClaudeTurn[]) => ({
  inputTokens: turns.reduce((sum, entry) => sum + entry.input, 0),
  cacheWriteTokens: turns.reduce((sum, entry) => sum + entry.cacheWrite, 0),
  cacheReadTokens: turns.reduce((sum, entry) => sum + entry.cacheRead, 0),
  outputTokens: turns.reduce((sum, entry) => sum + entry.output, 0),
  reasoningTokens: 0,
});

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`agent session ingest (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    describe.skipIf(!REALCLI_PRESENT)(fixtureSuite("the real CLIs' logs (copies)", REALCLI, REALCLI_PRESENT), () => {
      let env: Record<string, string>;
      beforeAll(() => {
        env = copyRealcliHome(path.join(scratch, `realcli-${provider.name}`)).env;
      });

      it("stores per-session totals equal to the mock's usage, for all four runtimes", async () => {
        const result = await scanAgentSources({ bulk, env, homeDir: emptyHome, workers: 0 });
        expect(result.issues).toEqual([]);
        expect(result.sources.map((source) => [source.kind, source.status])).toEqual([
          ["claude-code", "ok"],
          ["codex", "ok"],
          ["gemini-cli", "ok"],
          ["opencode", "ok"],
        ]);
        for (const [runtime, expected] of [
          ["claude-code", CLAUDE_EXPECTED],
          ["codex", CODEX_EXPECTED],
          ["gemini-cli", GEMINI_EXPECTED],
          ["opencode", OPENCODE_EXPECTED],
        ] as const) {
          for (const session of expected) expectTotals(await detailOf(db, runtime, session.sessionId), session);
        }
        const list = await listSessions(db, parseSessionFilters({ pageSize: "200" }));
        expect(list.total).toBe(CLAUDE_EXPECTED.length + CODEX_EXPECTED.length + GEMINI_EXPECTED.length + OPENCODE_EXPECTED.length);
        // Totals are numbers (BIGINT in the database), so the list is JSON-safe.
        expect(JSON.parse(JSON.stringify(list.items))).toEqual(list.items);
      });

      it("records where the context window comes from: log, model table, or unknown", async () => {
        const codex = await detailOf(db, "codex", CODEX_EXPECTED[0]!.sessionId);
        expect(codex).toMatchObject({ contextWindow: 258_400, contextWindowSource: "log", cwd: "/home/dev/work-codex", branch: "feature/mock-codex", models: ["gpt-5.5"] });
        const sonnet = await detailOf(db, "claude-code", "3557ae41-bf7f-42bb-994f-b4786ce06d9e");
        expect(sonnet).toMatchObject({ contextWindow: 200_000, contextWindowSource: "model-table" });
        expect(sonnet.peakContextPercent).toBeCloseTo((28_986 * 100) / 200_000, 6);
        const gemini = await detailOf(db, "gemini-cli", GEMINI_EXPECTED[0]!.sessionId);
        expect(gemini).toMatchObject({ contextWindow: null, contextWindowSource: "unknown", peakContextPercent: null, cwd: "/home/dev/work-gemini", branch: null });
        const opus = await detailOf(db, "claude-code", "9f3d2a6d-710d-4346-a4b9-8ee1c2f0bf7a");
        expect(opus.compactions).toEqual([expect.objectContaining({ trigger: "auto", preTokens: 183_643, postTokens: 702 })]);
        // Requests come ordered by time, subagents included, marked by agent id.
        const withAgent = await detailOf(db, "claude-code", "269881a4-6322-42b2-b5b8-ab605f8bd02c");
        expect(withAgent.requests.map((request) => request.agentId)).toEqual([null, "ae93b9c2561416fb6", null]);
        expect(withAgent.requests.map((request) => request.t)).toEqual([...withAgent.requests.map((request) => request.t)].sort((a, b) => a! - b!));
        expect(withAgent.subagents[0]).toMatchObject({ agentId: "ae93b9c2561416fb6", peakContextTokens: 11_477 });
        // The list counts the subagents of the rows it shows (not over the whole table).
        const listed = (await listSessions(db, parseSessionFilters({ pageSize: "200" }))).items.find((item) => item.id === withAgent.id);
        expect(listed).toMatchObject({ subagents: 1, linkedHandoffs: 0 });
      });

      it("a user window wins over log and table, and clearing it restores the table", async () => {
        const sonnet = await detailOf(db, "claude-code", "3557ae41-bf7f-42bb-994f-b4786ce06d9e");
        await setUserContextWindow(db, sonnet.id, 100_000);
        expect(await getSession(db, sonnet.id)).toMatchObject({ contextWindow: 100_000, contextWindowSource: "user", userContextWindow: 100_000 });
        // A rescan that touches the session keeps the user's window.
        await scanAgentSources({ bulk, env, homeDir: emptyHome });
        await setUserContextWindow(db, sonnet.id, null);
        expect(await getSession(db, sonnet.id)).toMatchObject({ contextWindow: 200_000, contextWindowSource: "model-table", userContextWindow: null });
        await expect(setUserContextWindow(db, sonnet.id, -5)).rejects.toThrow(RangeError);
      });

      it("rescans without reading anything when nothing changed", async () => {
        const before = await db.agentSession.findMany({ select: { id: true, updatedAt: true, totalTokens: true }, orderBy: { id: "asc" } });
        const result = await scanAgentSources({ bulk, env, homeDir: emptyHome });
        expect(result.sources.map((source) => source.stats.filesRead)).toEqual([0, 0, 0, 0]);
        expect(result.sessionIds).toEqual([]);
        expect(await db.agentSession.findMany({ select: { id: true, updatedAt: true, totalTokens: true }, orderBy: { id: "asc" } })).toEqual(before);
      });

      it("lists sources with file, session and issue counts", async () => {
        const sources = await listAgentSources(db);
        const claude = sources.find((source) => source.kind === "claude-code" && source.root.includes(`realcli-${provider.name}`));
        expect(claude).toMatchObject({ files: 8, failedFiles: 0, sessions: 7, issues: 0, unknownTypes: {}, lastStatus: "ok" });
        expect(claude!.lastScanAt).toMatch(/^\d{4}-/);
      });

      it("filters and sorts the list", async () => {
        const codex = await listSessions(db, parseSessionFilters({ runtime: "codex" }));
        expect(codex.items.map((item) => item.sessionId).sort()).toEqual(CODEX_EXPECTED.map((session) => session.sessionId).sort());
        const byTokens = await listSessions(db, parseSessionFilters({ sort: "tokens", pageSize: "3" }));
        expect(byTokens.items).toHaveLength(3);
        expect(byTokens.items[0]!.totalTokens).toBeGreaterThanOrEqual(byTokens.items[1]!.totalTokens);
        const byPeak = await listSessions(db, parseSessionFilters({ sort: "peak", pageSize: "200" }));
        const percents = byPeak.items.map((item) => item.peakContextPercent).filter((value): value is number => value !== null);
        expect(percents).toEqual([...percents].sort((a, b) => b - a));
        expect(byPeak.items.at(-1)!.peakContextPercent).toBeNull();
        const days = await listSessions(db, parseSessionFilters({ from: "2026-11-29", to: "2026-11-29", pageSize: "200" }));
        expect(days.total).toBeGreaterThan(0);
        expect((await listSessions(db, parseSessionFilters({ from: "2030-01-01" }))).total).toBe(0);
        // A bad value is dropped, not an error.
        expect(parseSessionFilters({ sort: "nonsense", page: "0" })).toMatchObject({ sort: "recent", page: 1 });
      });

      it("parses on worker threads to the same totals", async () => {
        const fresh = await provider.create();
        const freshBulk = openBulkWriter(fresh.target);
        const freshDb = createDb(fresh.target);
        try {
          const result = await scanAgentSources({ bulk: freshBulk, env, homeDir: emptyHome, workers: 2 });
          expect(result.workers).toBe(2);
          for (const expected of CLAUDE_EXPECTED) expectTotals(await detailOf(freshDb, "claude-code", expected.sessionId), expected);
          for (const expected of CODEX_EXPECTED) expectTotals(await detailOf(freshDb, "codex", expected.sessionId), expected);
        } finally {
          await freshBulk.close();
          await freshDb.$disconnect();
          await fresh.drop();
        }
      });

      it("reads a Codex rollout in two slices (carry) to the whole file's totals", async () => {
        const codexDir = path.join(scratch, `codex-slices-${provider.name}`, "sessions", "2026", "11", "29");
        mkdirSync(codexDir, { recursive: true });
        const source = path.join(REALCLI, "codex", ".codex", "sessions", "2026", "11", "29");
        const name = readdirSync(source).find((file) => file.includes("dc4c"))!;
        const bytes = readFileSync(path.join(source, name));
        const cut = bytes.indexOf(10, Math.floor(bytes.length / 2)) + 1;
        writeFileSync(path.join(codexDir, name), bytes.subarray(0, cut));
        const sliceEnv = only({ CODEX_HOME: path.join(scratch, `codex-slices-${provider.name}`) });
        await scanAgentSources({ bulk, env: sliceEnv, homeDir: emptyHome });
        appendFileSync(path.join(codexDir, name), bytes.subarray(cut));
        const second = await scanAgentSources({ bulk, env: sliceEnv, homeDir: emptyHome });
        expect(second.sources[0]!.stats).toMatchObject({ filesRead: 1, bytesRead: bytes.length - cut, sessionsReset: 0 });
        const rows = await db.agentSession.findMany({ where: { externalId: CODEX_EXPECTED[1]!.sessionId, parentId: null } });
        expect(rows).toHaveLength(2); // the realcli copy and this one: different roots, different sessions
        for (const row of rows) expectTotals((await getSession(db, row.id))!, CODEX_EXPECTED[1]!);
      });

      it("a Codex rollout moved to archived_sessions/ stays one session, its compaction counted once", async () => {
        const codexHome = path.join(scratch, `codex-archive-${provider.name}`);
        const day = path.join(codexHome, "sessions", "2026", "11", "29");
        mkdirSync(day, { recursive: true });
        const source = path.join(REALCLI, "codex", ".codex", "sessions", "2026", "11", "29");
        const name = readdirSync(source).find((file) => file.includes("dc4c"))!;
        writeFileSync(path.join(day, name), readFileSync(path.join(source, name)));
        const archiveEnv = only({ CODEX_HOME: codexHome });
        await scanAgentSources({ bulk, env: archiveEnv, homeDir: emptyHome });
        mkdirSync(path.join(codexHome, "archived_sessions"), { recursive: true });
        writeFileSync(path.join(codexHome, "archived_sessions", name), readFileSync(path.join(day, name)));
        rmSync(path.join(day, name));
        const moved = await scanAgentSources({ bulk, env: archiveEnv, homeDir: emptyHome });
        expect(moved.sources[0]!.stats).toMatchObject({ filesRead: 1, filesGone: 1 });
        const row = await db.agentSession.findFirstOrThrow({ where: { externalId: CODEX_EXPECTED[1]!.sessionId, source: { root: { startsWith: codexHome } } }, select: { id: true } });
        expectTotals((await getSession(db, row.id))!, CODEX_EXPECTED[1]!);
      });
    });

    it("knows a first agent scan (whose parser workers start with it): until one has ended, none was made", async () => {
      const fresh = await provider.create();
      const freshBulk = openBulkWriter(fresh.target);
      const root = path.join(scratch, `first-scan-${provider.name}`, ".claude");
      const sessionId = "99999999-2222-4333-8444-555555555555";
      mkdirSync(path.join(root, "projects", "-work-first"), { recursive: true });
      writeFileSync(path.join(root, "projects", "-work-first", `${sessionId}.jsonl`), claudeTranscript({ sessionId, cwd: "/work/first", branch: "main", start: "2026-11-02T09:00:00.000Z", turns: [turn(1), turn(2)] }));
      try {
        expect(await isFirstAgentScan(freshBulk)).toBe(true);
        const first = await scanAgentSources({ bulk: freshBulk, env: only({ CLAUDE_CONFIG_DIR: root }), homeDir: emptyHome });
        expect(first.sources[0]!.stats).toMatchObject({ filesRead: 1 });
        expect(await isFirstAgentScan(freshBulk)).toBe(false);
        const again = await scanAgentSources({ bulk: freshBulk, env: only({ CLAUDE_CONFIG_DIR: root }), homeDir: emptyHome });
        expect(again.sources[0]!.stats).toMatchObject({ filesRead: 0, filesUnchanged: 1 });
      } finally {
        await freshBulk.close();
        await fresh.drop();
      }
    });

    describe("incremental reads of a Claude transcript", () => {
      const root = path.join(scratch, `incremental-${provider.name}`, ".claude");
      const project = path.join(root, "projects", "-work-app");
      const env = only({ CLAUDE_CONFIG_DIR: root });
      const sessionId = "11111111-2222-4333-8444-555555555555";
      const file = path.join(project, `${sessionId}.jsonl`);
      const turns = [1, 2, 3, 4, 5, 6].map((n) => turn(n, { blocks: 3 }));
      const text = claudeTranscript({ sessionId, cwd: "/work/app", branch: "main", start: "2026-11-02T09:00:00.000Z", turns });
      const lines = text.split("\n");
      const scan = () => scanAgentSources({ bulk, env, homeDir: emptyHome });
      const detail = () => detailOf(db, "claude-code", sessionId);

      beforeAll(() => mkdirSync(project, { recursive: true }));

      it("reads an appended file from where the last scan stopped; streamed copies count once, with final numbers", async () => {
        // Cut inside turn 3's blocks: its provisional line (output 1) comes first, the final one later.
        const head = `${lines.slice(0, 8).join("\n")}\n`;
        writeFileSync(file, head);
        await scan();
        const first = await detail();
        expect(first.requestCount).toBe(3);
        appendFileSync(file, text.slice(head.length));
        const second = await scan();
        expect(second.sources[0]!.stats).toMatchObject({ filesRead: 1, bytesRead: Buffer.byteLength(text) - Buffer.byteLength(head) });
        const after = await detail();
        expect(tokenFields(after)).toEqual(sumOf(turns));
        expect(after.requestCount).toBe(6);
        expect(after.peakContextTokens).toBe(6 + 3 + 600 + 6000);
        expect(after.startedAt).toBe("2026-11-02T09:00:00.000Z");
      });

      it("leaves a truncated last line for the next scan, counted as a bad line meanwhile", async () => {
        const more = [7, 8].map((n) => turn(n));
        const extra = claudeTranscript({ sessionId, cwd: "/work/app", branch: "main", start: "2026-11-02T09:06:30.000Z", turns: more }).split("\n").slice(1).join("\n");
        const half = Math.floor(extra.length * 0.75);
        appendFileSync(file, extra.slice(0, half));
        await scan();
        const pending = await detail();
        expect(pending.requestCount).toBe(7);
        expect(pending.sourceIssues).toEqual([{ file, badLines: 1, unknownTypes: {} }]);
        const report = await getSessionReport(sqlReaderFor(db), [(await db.agentSession.findFirst({ where: { externalId: sessionId }, select: { sourceId: true } }))!.sourceId]);
        expect(report.sourceIssues).toEqual([{ source: "claude-code", file, badLines: 1, unknownTypes: {} }]);
        appendFileSync(file, extra.slice(half));
        await scan();
        const completed = await detail();
        expect(completed.requestCount).toBe(8);
        expect(tokenFields(completed)).toEqual(sumOf([...turns, ...more]));
        expect(completed.sourceIssues).toEqual([]);
      });

      it("counts a malformed line and an unknown record type without stopping", async () => {
        appendFileSync(file, `{"type":"assistant", this is not json\n${JSON.stringify({ type: "hologram", timestamp: "2026-11-02T09:09:00.000Z", sessionId })}\n`);
        appendFileSync(file, claudeTranscript({ sessionId, cwd: "/work/app", branch: "feat/x", start: "2026-11-02T09:09:30.000Z", turns: [turn(9)] }).split("\n").slice(1).join("\n"));
        const result = await scan();
        expect(result.sources[0]!.status).toBe("ok");
        const after = await detail();
        expect(after.requestCount).toBe(9);
        expect(after.branch).toBe("feat/x");
        expect(after.sourceIssues).toEqual([{ file, badLines: 1, unknownTypes: { hologram: 1 } }]);
        const issues = await db.ingestIssue.findMany({ where: { path: `projects/-work-app/${sessionId}.jsonl` }, select: { rule: true } });
        expect(issues.map((issue) => issue.rule).sort()).toEqual(["agent-bad-line", "agent-unknown-type"]);
      });

      it("a symbolic link in the folder is an issue of the source while it is there, and is not followed", async () => {
        const link = path.join(root, "projects", "-work-linked");
        symlinkSync(project, link);
        const links = () => db.ingestIssue.findMany({ where: { rule: "agent-symlink-not-followed" }, select: { path: true, severity: true, message: true } });
        try {
          const result = await scan();
          expect(result.sources[0]!.stats).toMatchObject({ files: 1, filesRead: 0 });
          expect(result.issues.map((issue) => issue.rule)).toEqual(["agent-symlink-not-followed"]);
          expect(await links()).toEqual([{ path: "projects/-work-linked", severity: "warning", message: expect.stringContaining("point CLAUDE_CONFIG_DIR at its target") }]);
          // A second scan does not list it twice.
          await scan();
          expect(await links()).toHaveLength(1);
        } finally {
          rmSync(link);
        }
        await scan();
        expect(await links()).toEqual([]);
      });

      it("a stored chunk that cannot be read back is reported on the source; the session's other chunks still count", async () => {
        const before = await detail();
        const row = await db.agentSession.findFirst({ where: { externalId: sessionId, parentId: null }, select: { id: true } });
        const chunks = await bulk.query<{ id: unknown; count: unknown }>(`SELECT "id", "count" FROM "SampleChunk" WHERE "sessionId" = ? ORDER BY "id"`, [row!.id]);
        expect(chunks.length).toBeGreaterThan(1);
        const damaged = chunks[chunks.length - 1]!;
        await bulk.execute(`UPDATE "SampleChunk" SET "data" = ? WHERE "id" = ?`, ['{"v":2,"k":["cut', Number(damaged.id)]);
        appendFileSync(file, claudeTranscript({ sessionId, cwd: "/work/app", branch: "feat/x", start: "2026-11-02T09:10:30.000Z", turns: [turn(10)] }).split("\n").slice(1).join("\n"));
        const result = await scan();
        expect(result.sources[0]!.errors).toEqual([{ path: "(stored samples)", message: expect.stringContaining(`stored sample chunk ${Number(damaged.id)} could not be read back`) }]);
        const after = await detail();
        expect(after.requestCount).toBe(before.requestCount - Number(damaged.count) + 1);
        expect(after.requests).toHaveLength(after.requestCount);
      });

      it("a database migrated from per-request rows reads every log again and gets its samples back", async () => {
        // What the sample_chunks migration does: chunks gone, every agent file marked to be read from its start.
        await bulk.execute(`DELETE FROM "SampleChunk"`);
        await bulk.execute(`UPDATE "FileState" SET "size" = -1, "offset" = 0, "lines" = 0, "carry" = NULL, "headHash" = NULL WHERE "sourceId" IN (SELECT "id" FROM "Source" WHERE "kind" = 'claude-code')`);
        const result = await scan();
        expect(result.sources[0]!.stats.filesRead).toBe(result.sources[0]!.stats.files);
        const after = await detail();
        expect(tokenFields(after)).toEqual(sumOf([...turns, turn(7), turn(8), turn(9), turn(10)]));
        expect(after.requestCount).toBe(10);
        expect(after.sourceIssues).toEqual([{ file, badLines: 1, unknownTypes: { hologram: 1 } }]);
      });

      it("re-reads a file that shrank, replacing what it said", async () => {
        const shorter = claudeTranscript({ sessionId, cwd: "/work/app", branch: "main", start: "2026-11-02T09:00:00.000Z", turns: turns.slice(0, 2) });
        writeFileSync(file, shorter);
        const result = await scan();
        expect(result.sources[0]!.stats.sessionsReset).toBe(1);
        const after = await detail();
        expect(tokenFields(after)).toEqual(sumOf(turns.slice(0, 2)));
        expect(after.requestCount).toBe(2);
        expect(after.branch).toBe("main");
        expect(after.sourceIssues).toEqual([]);
      });

      it("re-reads a file replaced by other content of at least the same size", async () => {
        const replacement = turns.slice(0, 2).map((entry) => ({ ...entry, messageId: `${entry.messageId}-v2`, input: entry.input + 1 }));
        const replaced = claudeTranscript({ sessionId, cwd: "/work/app", branch: "main", start: "2026-11-02T08:59:00.000Z", turns: [...replacement, turn(20)] });
        writeFileSync(file, replaced);
        await scan();
        const after = await detail();
        expect(tokenFields(after)).toEqual(sumOf([...replacement, turn(20)]));
        expect(after.startedAt).toBe("2026-11-02T08:59:00.000Z");
      });

      it("keeps what a deleted transcript said (Claude removes old ones)", async () => {
        const before = await detail();
        rmSync(file);
        const result = await scan();
        expect(result.sources[0]!.stats.filesGone).toBe(1);
        const after = await detail();
        expect(tokenFields(after)).toEqual(tokenFields(before));
        const state = await db.fileState.findFirst({ where: { path: `projects/-work-app/${sessionId}.jsonl` }, select: { status: true } });
        expect(state?.status).toBe("gone");
      });

      it("a replaced file that now holds another session drops the old one", async () => {
        const other = "99999999-2222-4333-8444-555555555555";
        const first = path.join(project, "moved.jsonl");
        writeFileSync(first, claudeTranscript({ sessionId: "aaaaaaaa-2222-4333-8444-555555555555", cwd: "/work/app", branch: "main", start: "2026-11-03T09:00:00.000Z", turns: [turn(1)] }));
        await scan();
        expect(await db.agentSession.count({ where: { externalId: "aaaaaaaa-2222-4333-8444-555555555555" } })).toBe(1);
        writeFileSync(first, claudeTranscript({ sessionId: other, cwd: "/work/app", branch: "main", start: "2026-11-03T10:00:00.000Z", turns: [turn(2), turn(3)] }));
        await scan();
        expect(await db.agentSession.count({ where: { externalId: "aaaaaaaa-2222-4333-8444-555555555555" } })).toBe(0);
        expect(tokenFields(await detailOf(db, "claude-code", other))).toEqual(sumOf([turn(2), turn(3)]));
      });

      it("a file with activity but no usage yet is a session with 0 tokens and a notice, until usage arrives (issue 14)", async () => {
        const fresh = "bbbbbbbb-2222-4333-8444-555555555555";
        const pendingFile = path.join(project, `${fresh}.jsonl`);
        const full = claudeTranscript({ sessionId: fresh, cwd: "/work/app", branch: "main", start: "2026-11-04T09:00:00.000Z", turns: [turn(1, { at: "2026-11-04T09:01:00.000Z" })] });
        writeFileSync(pendingFile, `${full.split("\n")[0]}\n`);
        await scan();
        expect(await detailOf(db, "claude-code", fresh)).toMatchObject({ requestCount: 0, totalTokens: 0, startedAt: "2026-11-04T09:00:00.000Z", notices: [expect.stringContaining("No token counts")] });
        const notice = { path: { endsWith: `${fresh}.jsonl` }, rule: "agent-no-token-counts" };
        expect(await db.ingestIssue.count({ where: notice })).toBe(1);
        writeFileSync(pendingFile, full);
        await scan();
        expect(await detailOf(db, "claude-code", fresh)).toMatchObject({ requestCount: 1, startedAt: "2026-11-04T09:00:00.000Z", notices: [] });
        expect(await db.ingestIssue.count({ where: notice })).toBe(0);
      });

      it.each([
        ["the replay comes after the session's own copy", false],
        ["the replay comes first, the session's own copy later", true],
      ])("a sidechain replay of a response counts once when %s (slices)", async (_label, replayFirst) => {
        const replaySession = replayFirst ? "dddddddd-2222-4333-8444-555555555555" : "eeeeeeee-2222-4333-8444-555555555555";
        const replayFile = path.join(project, `${replaySession}.jsonl`);
        const line = (sidechain: boolean, requestId: string, output: number) =>
          `${JSON.stringify({
            type: "assistant",
            isSidechain: sidechain,
            sessionId: replaySession,
            cwd: "/work/app",
            gitBranch: "main",
            timestamp: sidechain ? "2026-11-05T09:02:00.000Z" : "2026-11-05T09:01:00.000Z",
            requestId,
            uuid: `${requestId}-u`,
            message: { id: "msg_shared", model: "claude-sonnet-4-5", usage: { input_tokens: 5, cache_creation_input_tokens: 10, cache_read_input_tokens: 1000, output_tokens: output } },
          })}\n`;
        const own = line(false, "req_own", 40);
        // The replay even reports a larger total: the session's own copy still wins (ccusage #913).
        const replay = line(true, "req_replay", 400);
        writeFileSync(replayFile, replayFirst ? replay : own);
        await scan();
        appendFileSync(replayFile, replayFirst ? own : replay);
        await scan();
        const after = await detailOf(db, "claude-code", replaySession);
        expect(after.requestCount).toBe(1);
        expect(tokenFields(after)).toEqual({ inputTokens: 5, cacheWriteTokens: 10, cacheReadTokens: 1000, outputTokens: 40, reasoningTokens: 0 });
        expect(after.peakContextTokens).toBe(1015);
      });

      it("truncated files are never fatal: an unreadable file is a failed file, the rest is read", async () => {
        const broken = path.join(project, "unreadable.jsonl");
        mkdirSync(broken); // a directory named like a transcript: discovery skips it, nothing fails
        const result = await scan();
        expect(result.sources[0]!.status).toBe("ok");
        rmSync(broken, { recursive: true });
        truncateSync(path.join(project, "moved.jsonl"), 0);
        const after = await scan();
        expect(after.sources[0]!.status).toBe("ok");
      });
    });
  });
}

if (testProviders[1]!.skip) console.warn(`agent session ingest (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
