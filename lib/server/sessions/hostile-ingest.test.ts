import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter, type Cell, type Row } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { getSession } from "../queries/sessions";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { scanSessions } from "./scan-sessions";

/**
 * Issue 15 items 2, 3 and 6 and issue 14's sessions, end to end on both databases: hostile values in
 * logs and handoffs never abort an ingest (before: on PostgreSQL the whole scan failed, on every
 * rescan, and stored nothing; on SQLite a NUL was stored), every one is a finding of its file, the
 * good files around them are stored exactly, and a write that fails anyway costs only its file.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-hostile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const json = (value: unknown) => JSON.stringify(value);
const lines = (...items: string[]) => `${items.join("\n")}\n`;
const claudeLine = (session: string, id: string, at: string, usage: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  json({ type: "assistant", sessionId: session, cwd: "/work/app", gitBranch: "main", timestamp: at, requestId: `req-${id}`, ...extra, message: { id, model: "claude-sonnet-4-5", usage } });
const usage = (input: number) => ({ input_tokens: input, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 5 });

const GOOD = "10000000-0000-4000-8000-000000000001";
const HUGE = "10000000-0000-4000-8000-000000000002";
const NUL = "10000000-0000-4000-8000-000000000003";
const COMPACT = "10000000-0000-4000-8000-000000000004";
const SHAPES = "10000000-0000-4000-8000-000000000005";
const CODEX_QUIET = "019b7a10-5d2e-7f31-9c44-0a1b2c3d4e01";
const CODEX_HUGE = "019b7a10-5d2e-7f31-9c44-0a1b2c3d4e02";
const GEMINI = "7b3e9f10-2c4d-4e5f-8a9b-0c1d2e3f4a01";

function writeLogs(home: string) {
  const project = path.join(home, ".claude", "projects", "-work-app");
  mkdirSync(project, { recursive: true });
  const at = (second: number) => new Date(Date.UTC(2026, 10, 3, 9, 0, second)).toISOString();
  writeFileSync(path.join(project, `${GOOD}.jsonl`), lines(claudeLine(GOOD, "m1", at(1), usage(10)), claudeLine(GOOD, "m2", at(2), usage(20))));
  // 1e30 is a bigint syntax error on PostgreSQL; 1e308 was "counted as 1e+308"; 2^53+1 is not exact.
  writeFileSync(
    path.join(project, `${HUGE}.jsonl`),
    lines(
      claudeLine(HUGE, "m1", at(1), usage(10)),
      claudeLine(HUGE, "m2", at(2), { input_tokens: 1e30, output_tokens: 3 }),
      claudeLine(HUGE, "m3", at(3), { input_tokens: 1e308, output_tokens: 3 }),
      `{"type":"assistant","sessionId":"${HUGE}","timestamp":"${at(4)}","requestId":"r4","message":{"id":"m4","model":"claude-sonnet-4-5","usage":{"input_tokens":9007199254740993,"output_tokens":3}}}`,
      claudeLine(HUGE, "m5", at(5), usage(20)),
    ),
  );
  // JSON \u0000 in cwd, gitBranch and model: "invalid byte sequence … 0x00" on PostgreSQL, stored on SQLite.
  writeFileSync(
    path.join(project, `${NUL}.jsonl`),
    lines(
      claudeLine(NUL, "m1", at(1), usage(10)),
      `{"type":"assistant","sessionId":"${NUL}","cwd":"/work/a\\u0000pp","gitBranch":"ma\\u0000in","timestamp":"${at(2)}","requestId":"r2","message":{"id":"m2","model":"claude-\\u0000sonnet-4-5","usage":{"input_tokens":20,"output_tokens":5}}}`,
    ),
  );
  // -1e309 is -Infinity into an integer column.
  writeFileSync(
    path.join(project, `${COMPACT}.jsonl`),
    lines(
      claudeLine(COMPACT, "m1", at(1), usage(10)),
      `{"type":"system","subtype":"compact_boundary","sessionId":"${COMPACT}","timestamp":"${at(2)}","compactMetadata":{"trigger":"auto","preTokens":-1e309,"postTokens":"x"}}`,
      claudeLine(COMPACT, "m3", at(3), usage(20)),
    ),
  );
  writeFileSync(
    path.join(project, `${SHAPES}.jsonl`),
    lines(
      claudeLine(SHAPES, "m1", at(1), usage(10)),
      json({ type: "assistant", sessionId: SHAPES, timestamp: at(2), message: "a string" }),
      json({ type: "assistant", sessionId: SHAPES, timestamp: at(3), message: { id: "m3", usage: [1, 2] } }),
      claudeLine(SHAPES, "m4", at(4), usage(20), { cwd: 12345 }),
      '{"type":"assistant","sessionId":"cut',
      claudeLine(SHAPES, "m6", at(6), usage(30)),
    ),
  );

  const codex = path.join(home, ".codex", "sessions", "2026", "11", "03");
  mkdirSync(codex, { recursive: true });
  const meta = (id: string) => json({ timestamp: at(0), type: "session_meta", payload: { id, cwd: "/srv/codex", git: { branch: "main" } } });
  // Codex Desktop: tool calls, no token_count event.
  writeFileSync(
    path.join(codex, `rollout-2026-11-03T09-00-00-${CODEX_QUIET}.jsonl`),
    lines(
      meta(CODEX_QUIET),
      json({ timestamp: at(1), type: "response_item", payload: { type: "function_call", name: "shell", arguments: "{}" } }),
      json({ timestamp: at(2), type: "response_item", payload: { type: "function_call_output", output: "done" } }),
    ),
  );
  const count = (second: number, last: Record<string, unknown>, info?: unknown) =>
    json({ timestamp: at(second), type: "event_msg", payload: { type: "token_count", info: info ?? { last_token_usage: last } } });
  writeFileSync(
    path.join(codex, `rollout-2026-11-03T09-00-00-${CODEX_HUGE}.jsonl`),
    lines(
      meta(CODEX_HUGE),
      json({ timestamp: at(1), type: "turn_context", payload: { model: "gpt-5.1-codex", cwd: "/srv/codex" } }),
      count(2, { input_tokens: 100, cached_input_tokens: 40, output_tokens: 10 }),
      count(3, { input_tokens: 1e300, output_tokens: 1 }),
      count(4, {}, "str"),
      json({ timestamp: at(5), type: "event_msg", payload: null }),
      count(6, { input_tokens: 200, cached_input_tokens: 80, output_tokens: 20 }),
    ),
  );

  const gemini = path.join(home, ".gemini", "tmp", "proj", "chats");
  mkdirSync(gemini, { recursive: true });
  writeFileSync(
    path.join(gemini, "session-2026-11-03T09-00-7b3e9f10.jsonl"),
    lines(
      json({ sessionId: GEMINI, projectHash: "abc", startTime: at(0), kind: "main" }),
      json({ id: "g1", timestamp: at(1), type: "gemini", model: "gemini-3-pro-preview", tokens: { input: 1000, output: 10, cached: 400, thoughts: 0, tool: 0, total: 1010 } }),
      json({ id: "g2", timestamp: at(2), type: "gemini", model: "gemini-3-pro-preview", tokens: { input: 1e300, output: 1 } }),
      json({ id: "g3", timestamp: at(3), type: "gemini", tokens: "x" }),
      `{"id":"g4","timestamp":"${at(4)}","type":"gemini","model":"gemini-\\u0000x","tokens":{"input":5,"output":1}}`,
      json({ id: "g5", timestamp: at(5), type: "gemini", model: "gemini-3-pro-preview", tokens: { input: 2000, output: 20, cached: 800, thoughts: 0, tool: 0, total: 2020 } }),
    ),
  );
  return {
    CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
    CODEX_HOME: path.join(home, ".codex"),
    GEMINI_DATA_DIR: path.join(home, ".gemini"),
    OPENCODE_DATA_DIR: path.join(home, "none"),
  };
}

/** A BulkWriter whose writes of a row holding `poison` fail as a bad value would (the statement errors inside the transaction). */
function poisoned(real: BulkWriter, poison: string): BulkWriter {
  const holds = (rows: Row[]) => rows.some((row) => row.some((cell: Cell) => typeof cell === "string" && cell.includes(poison)));
  const fail = async () => {
    // A real statement error: on PostgreSQL it aborts the transaction, which only a savepoint recovers.
    await real.execute("SELECT CAST('not a number' AS INTEGER) AS x");
    throw new Error("a value the database refused (SQLite casts quietly)");
  };
  return new Proxy(real, {
    get(target, property, receiver) {
      if (property === "insert") return async (table: string, columns: string[], rows: Row[], options?: { ignoreConflicts?: boolean }) => (holds(rows) ? fail() : target.insert(table, columns, rows, options));
      if (property === "upsert") return async (table: string, columns: string[], rows: Row[], options: Parameters<BulkWriter["upsert"]>[3]) => (holds(rows) ? fail() : target.upsert(table, columns, rows, options));
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`hostile values never stop an ingest (${provider.name})${provider.skip ? ` — ${POSTGRES_SKIP_MESSAGE}` : ""}`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let env: Record<string, string>;
    const nobody = path.join(scratch, `nobody-${provider.name}`);

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      env = writeLogs(path.join(scratch, `home-${provider.name}`));
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
    });

    const session = async (runtime: string, externalId: string) => {
      const row = await db.agentSession.findFirst({ where: { runtime, externalId, parentId: null }, select: { id: true } });
      expect(row, `${runtime} ${externalId}`).not.toBeNull();
      return (await getSession(db, row!.id))!;
    };
    // Line order, file-level issues last (the providers order NULLs differently).
    const issuesOf = async (fileEnd: string) =>
      (await db.ingestIssue.findMany({ where: { path: { endsWith: fileEnd } }, orderBy: { id: "asc" }, select: { line: true, rule: true, message: true } }))
        .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity))
        .map((issue) => `${issue.line ?? "-"} ${issue.rule}: ${issue.message}`);

    it("agent logs: every session is stored, absurd counts count 0, bad values are findings on their file and line", async () => {
      const result = await scanSessions({ bulk, agents: { env, homeDir: nobody, workers: 0 } });
      expect(result.agents?.sources.map((source) => [source.kind, source.status, source.stats.filesFailed])).toEqual([
        ["claude-code", "ok", 0],
        ["codex", "ok", 0],
        ["gemini-cli", "ok", 0],
      ]);

      expect(await session("claude-code", GOOD)).toMatchObject({ requestCount: 2, inputTokens: 30, cacheWriteTokens: 200, cacheReadTokens: 2000, outputTokens: 10, notices: [] });
      // Item 3: 1e30, 1e308 and 2^53+1 count 0; the good lines count; nothing derived is Infinity.
      const huge = await session("claude-code", HUGE);
      expect(huge).toMatchObject({ requestCount: 5, inputTokens: 30, cacheWriteTokens: 200, cacheReadTokens: 2000, outputTokens: 19, peakContextTokens: 1120, contextWindow: 200_000 });
      expect(Number.isFinite(huge.peakContextPercent)).toBe(true);
      expect(await issuesOf(`${HUGE}.jsonl`)).toEqual([
        "2 agent-bad-line: not a token count: message.usage.input_tokens is 1e+30 (beyond exact integers), counted as 0",
        "3 agent-bad-line: not a token count: message.usage.input_tokens is 1e+308 (beyond exact integers), counted as 0",
        "4 agent-bad-line: not a token count: message.usage.input_tokens is 9007199254740992 (beyond exact integers), counted as 0",
      ]);

      // Item 2: NULs are removed before the write, and reported.
      const nul = await session("claude-code", NUL);
      expect(nul).toMatchObject({ cwd: "/work/app", branch: "main", models: ["claude-sonnet-4-5"], requestCount: 2, inputTokens: 30 });
      expect(await issuesOf(`${NUL}.jsonl`)).toEqual([
        '2 agent-bad-value: the model name held 1 NUL character: removed ("claude-sonnet-4-5" kept)',
        '- agent-bad-value: cwd held 1 NUL character: removed ("/work/app" kept)',
        '- agent-bad-value: the branch held 1 NUL character: removed ("main" kept)',
      ]);

      const compact = await session("claude-code", COMPACT);
      expect(compact).toMatchObject({ requestCount: 2, compactionCount: 1, compactions: [{ trigger: "auto", preTokens: null, postTokens: null }] });
      expect(await issuesOf(`${COMPACT}.jsonl`)).toEqual([
        "2 agent-bad-line: compactMetadata.preTokens is -Infinity (not finite): not recorded",
        '2 agent-bad-line: compactMetadata.postTokens is "x" (not a number): not recorded',
      ]);

      // Item 6: each bad line is a finding with its reason; the good lines around still count.
      expect(await session("claude-code", SHAPES)).toMatchObject({ requestCount: 3, inputTokens: 60 });
      const shapes = await issuesOf(`${SHAPES}.jsonl`);
      expect(shapes.slice(0, 3)).toEqual([
        "2 agent-bad-line: message is a string, not an object: not read",
        "3 agent-bad-line: message.usage is an array, not an object: no tokens counted",
        "4 agent-bad-line: cwd is 12345, not a string: ignored",
      ]);
      expect(shapes[3]).toMatch(/^5 agent-bad-line: invalid JSON \(the line is cut short\): /);

      // Issue 14: a rollout with tool calls and no token_count is a session with 0 tokens and a notice.
      const quiet = await session("codex", CODEX_QUIET);
      expect(quiet).toMatchObject({ requestCount: 0, totalTokens: 0, cwd: "/srv/codex", branch: "main", notices: [expect.stringMatching(/^No token counts in this session's log files/)] });
      expect(await issuesOf(`${CODEX_QUIET}.jsonl`)).toEqual([expect.stringMatching(/^- agent-no-token-counts: no token counts in this file/)]);

      const codex = await session("codex", CODEX_HUGE);
      expect(codex).toMatchObject({ requestCount: 3, inputTokens: 180, cacheReadTokens: 120, outputTokens: 31, contextWindow: 400_000, contextWindowSource: "model-table" });
      expect(await issuesOf(`${CODEX_HUGE}.jsonl`)).toEqual([
        "4 agent-bad-line: not a token count: payload.info.last_token_usage.input_tokens is 1e+300 (beyond exact integers), counted as 0",
        '5 agent-bad-line: payload.info is "str", not an object: no tokens counted',
        "6 agent-bad-line: payload is null, not an object: not read",
      ]);

      const gemini = await session("gemini-cli", GEMINI);
      expect(gemini).toMatchObject({ requestCount: 4, cacheReadTokens: 1200, contextWindow: 1_048_576, contextWindowSource: "model-table" });
      expect(gemini.models).toEqual(["gemini-3-pro-preview", "gemini-x"]);
      expect(await issuesOf("7b3e9f10.jsonl")).toEqual([
        "3 agent-bad-line: not a token count: tokens.input is 1e+300 (beyond exact integers), counted as 0",
        '4 agent-bad-line: tokens is "x", not an object: no tokens counted',
        '5 agent-bad-value: the model name held 1 NUL character: removed ("gemini-x" kept)',
      ]);

      // Nothing stored holds a NUL.
      const stored = await db.agentSession.findMany({ select: { cwd: true, branch: true, models: true, lastModel: true, externalId: true } });
      expect(JSON.stringify(stored)).not.toContain("\\u0000");
    });

    it("a rescan of the same hostile files reads nothing and fails nothing", async () => {
      const result = await scanSessions({ bulk, agents: { env, homeDir: nobody, workers: 0 } });
      expect(result.status).toBe("ok");
      expect(result.agents?.sources.map((source) => source.stats.filesRead)).toEqual([0, 0, 0]);
    });

    it("a handoff with a NUL after 8 KB is a binary file; the good handoff beside it is stored", async () => {
      const repo = new GitFixture(`hostile-${provider.name}`);
      const good = "docs/ai/handoff/claude/03112026/handoff_build.md";
      const bad = "docs/ai/handoff/claude/03112026/handoff_review.md";
      repo.write(good, handoffMarkdown({ phase: "build", path: good }));
      repo.write(bad, Buffer.concat([Buffer.from(handoffMarkdown({ phase: "review", path: bad })), Buffer.from(`${"x".repeat(9000)}\u0000tail\n`)]));
      repo.commit("handoffs");
      const result = await scanPaths([repo.root], { bulk });
      expect(result.repos[0]!.status).toBe("partial");
      expect(result.repos[0]!.stats.handoffsNew).toBe(1);
      expect((await db.handoff.findMany({ select: { path: true } })).map((row) => row.path)).toEqual([good]);
      expect(result.repos[0]!.errors).toEqual([expect.objectContaining({ path: bad, message: expect.stringMatching(/^File looks binary \(NUL byte at byte [\d,]+\); it was not read\.$/) })]);
      // And again: the scan does not fail on every rescan.
      expect((await scanPaths([repo.root], { bulk })).repos[0]!.status).not.toBe("failed");
    });

    it("the safety net: a write that fails anyway costs its file only (agent logs and handoffs)", async () => {
      const home = path.join(scratch, `net-${provider.name}`);
      const project = path.join(home, "projects", "-work-net");
      mkdirSync(project, { recursive: true });
      const at = (second: number) => new Date(Date.UTC(2026, 10, 4, 9, 0, second)).toISOString();
      const okId = "20000000-0000-4000-8000-000000000001";
      const poisonId = "20000000-0000-4000-8000-000000000002";
      writeFileSync(path.join(project, `${okId}.jsonl`), lines(claudeLine(okId, "m1", at(1), usage(10))));
      writeFileSync(path.join(project, `${poisonId}.jsonl`), lines(claudeLine(poisonId, "m1", at(1), usage(10), { cwd: "/poison" })));
      const fresh = await provider.create();
      const freshBulk = openBulkWriter(fresh.target);
      const freshDb = createDb(fresh.target);
      try {
        const net = poisoned(freshBulk, "poison");
        const result = await scanSessions({ bulk: net, agents: { env: { CLAUDE_CONFIG_DIR: home, CODEX_HOME: path.join(home, "x"), GEMINI_DATA_DIR: path.join(home, "x"), OPENCODE_DATA_DIR: path.join(home, "x") }, homeDir: nobody, workers: 0 } });
        expect(result.status).not.toBe("failed");
        const sessions = await freshDb.agentSession.findMany({ select: { externalId: true, requestCount: true } });
        expect(sessions).toContainEqual({ externalId: okId, requestCount: 1 });

        const repo = new GitFixture(`net-${provider.name}`);
        const good = "docs/ai/handoff/claude/04112026/handoff_build.md";
        const bad = "docs/ai/handoff/claude/04112026/handoff_review.md";
        repo.write(good, handoffMarkdown({ phase: "build", path: good }));
        repo.write(bad, `${handoffMarkdown({ phase: "review", path: bad })}\nA poison value the checks let through.\n`);
        repo.commit("handoffs");
        const scanned = await scanPaths([repo.root], { bulk: net });
        expect(scanned.repos[0]!.stats.handoffsNew).toBe(1);
        expect((await freshDb.handoff.findMany({ select: { path: true } })).map((row) => row.path)).toEqual([good]);
        expect(scanned.repos[0]!.errors).toContainEqual(expect.objectContaining({ path: bad, message: expect.stringMatching(/^could not be stored: /) }));
      } finally {
        await freshBulk.close();
        await freshDb.$disconnect();
        await fresh.drop();
      }
    });
  });
}
