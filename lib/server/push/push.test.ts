import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushCommand } from "../../../cli/commands/push";
import { POST as pushRoute } from "../../../app/api/push/route";
import { claudeRecords, logsRequest } from "../../core/otlp/__fixtures__/otlp-bodies";
import { ingestLoopRecords } from "../agent-loop/ingest-loop-records";
import { runHook } from "../agent-loop/run-hook";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { handleOtlp } from "../otlp/otlp-route";
import { closeOtlpWriters } from "../otlp/store-otlp-samples";
import { handoffResumes } from "../queries/agent-loop";
import { listApiSessions } from "../queries/api-sessions";
import { scanSessions } from "../sessions/scan-sessions";
import { claudeTranscript } from "../sessions/session-test-fixtures";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { createSqliteTestDatabase, POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";

const LOOP_HANDOFF = "docs/ai/handoff/codex/30112026/handoff_start.md";

const turns = [
  { at: "2026-12-01T09:00:01.000Z", messageId: "msg_p1", input: 10, output: 100, cacheRead: 5_000, cacheWrite: 700, blocks: 2 },
  { at: "2026-12-01T09:00:20.000Z", messageId: "msg_p2", input: 4, output: 60, cacheRead: 5_700, cacheWrite: 120 },
];

for (const provider of testProviders) describe.skipIf(provider.skip)(`baton push → POST /api/push (server on ${provider.name})`, () => {
  let scratch: string;
  let local: TestDatabase;
  let server: TestDatabase;
  let serverBulk: BulkWriter;
  let httpServer: http.Server;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  const previousUrl = process.env.DATABASE_URL;
  const sessionId = "7d2e-push-session";
  const projectFile = () => path.join(scratch, "home", ".claude", "projects", "-work-api", `${sessionId}.jsonl`);

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), "baton-push-"));
    local = await createSqliteTestDatabase();
    server = await provider.create();
    process.env.DATABASE_URL = server.target.url;
    serverBulk = openBulkWriter(server.target);
    // The route handler behind a real socket, so the CLI goes through fetch and serverRequest.
    httpServer = http.createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on("data", (part: Buffer) => parts.push(part));
      request.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
        void pushRoute(new Request(`http://127.0.0.1:3000${request.url}`, { method: request.method, headers, body: Buffer.concat(parts) })).then(async (answer) => {
          response.writeHead(answer.status, { "Content-Type": "application/json" });
          response.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    const home = path.join(scratch, "home");
    mkdirSync(path.dirname(projectFile()), { recursive: true });
    writeFileSync(projectFile(), claudeTranscript({ sessionId, cwd: "/work/api", branch: "feat/push", start: "2026-12-01T09:00:00.000Z", turns: turns.slice(0, 1) }));
    env = {
      ...process.env,
      DATABASE_URL: local.target.url,
      BATON_SERVER: baseUrl,
      BATON_TOKEN: "btn_local_mode_ignores_it",
      XDG_CONFIG_HOME: path.join(scratch, "config"),
      BATON_HOME_DIR: home,
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
      CODEX_HOME: path.join(home, ".codex"),
      GEMINI_DATA_DIR: path.join(home, ".gemini"),
      OPENCODE_DATA_DIR: path.join(home, "opencode"),
    };
  });

  afterAll(async () => {
    await new Promise((resolve) => httpServer.close(resolve));
    await closeOtlpWriters();
    await serverBulk.close();
    await local.drop();
    await server.drop();
    rmSync(scratch, { recursive: true, force: true });
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  });

  const run = async (argv: string[] = ["--json"], runEnv: NodeJS.ProcessEnv = env) => {
    const out: string[] = [];
    const code = await pushCommand(argv, { out: (line: string) => out.push(line), err: () => undefined } as never, runEnv);
    expect(code).toBe(0);
    return JSON.parse(out.join("\n")) as { pushed: number; unchanged: number; sessions: { sessionId: string; requests: number }[] };
  };

  it("supersedes the session the server had over OpenTelemetry, stores the log's totals as origin push, and sends only what changed", async () => {
    // The teammate's telemetry arrived first (one request, provisional).
    const early = logsRequest(claudeRecords(sessionId, [{ at: turns[0]!.at, requestId: "req-msg_p1", input: 10, output: 100, cacheRead: 5_000, cacheWrite: 700 }]));
    expect((await handleOtlp(new Request("http://127.0.0.1:3000/v1/logs", { method: "POST", body: JSON.stringify(early), headers: { "Content-Type": "application/json" } }), "logs")).status).toBe(200);
    expect((await listApiSessions(serverBulk, { sessionId })).sessions).toMatchObject([{ origin: "otlp", requests: 1 }]);

    const first = await run();
    expect(first).toMatchObject({ pushed: 1, unchanged: 0, sessions: [{ sessionId, requests: 1 }] });
    expect((await listApiSessions(serverBulk, { sessionId })).sessions).toMatchObject([{ origin: "push", requests: 1, inputTokens: 10, cacheWriteTokens: 700, cacheReadTokens: 5_000, outputTokens: 100, cwd: "/work/api", branch: "feat/push" }]);

    // Nothing changed: nothing is sent, nothing moves.
    const before = await serverBulk.query(`SELECT "id", "requestCount", "inputTokens", "outputTokens" FROM "AgentSession" ORDER BY "id"`);
    expect(await run()).toMatchObject({ pushed: 0, unchanged: 1 });
    expect(await serverBulk.query(`SELECT "id", "requestCount", "inputTokens", "outputTokens" FROM "AgentSession" ORDER BY "id"`)).toEqual(before);

    // The log grows: only that session goes again, and the server ends with the log's exact totals.
    writeFileSync(projectFile(), claudeTranscript({ sessionId, cwd: "/work/api", branch: "feat/push", start: "2026-12-01T09:00:00.000Z", turns }));
    expect(await run()).toMatchObject({ pushed: 1, unchanged: 0, sessions: [{ sessionId, requests: 2 }] });
    const { sessions } = await listApiSessions(serverBulk, { sessionId });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ origin: "push", requests: 2, inputTokens: 14, cacheWriteTokens: 820, cacheReadTokens: 10_700, outputTokens: 160 });
  });

  it("carries what Baton's hooks did in the session, once, without local paths", async () => {
    const localBulk = openBulkWriter(local.target);
    try {
      await localBulk.insert(
        "AgentLoopEvent",
        ["id", "kind", "at", "runtime", "sessionExternalId", "event", "source", "repoPath", "branch", "headSha", "handoffPath", "handoffId", "targetPath", "percent", "tokens", "contextWindow", "threshold", "delivered"],
        [["loop-1", "guard-instruction", new Date("2026-12-01T09:00:30.000Z"), "claude-code", sessionId, "PostToolUse", null, "/work/api", "feat/push", "abc1234", "docs/ai/handoff/codex/30112026/handoff_x.md", "local-id", "docs/ai/handoff/claude-code/01122026/handoff_<phase>.md", 91.7, 183_400, 200_000, 90, "full"]],
      );
    } finally {
      await localBulk.close();
    }
    expect(await run()).toMatchObject({ pushed: 1 });
    expect(await run()).toMatchObject({ pushed: 0 });
    const stored = await serverBulk.query<Record<string, unknown>>(`SELECT "id", "kind", "runtime", "sessionExternalId", "repoPath", "handoffId", "targetPath", "percent", "threshold" FROM "AgentLoopEvent"`);
    expect(stored).toMatchObject([{ id: "loop-1", kind: "guard-instruction", runtime: "claude-code", sessionExternalId: sessionId, repoPath: null, handoffId: null, targetPath: "docs/ai/handoff/claude-code/01122026/handoff_<phase>.md", threshold: 90 }]);
    expect(Number(stored[0]!.percent)).toBeCloseTo(91.7, 6);
  });

  it("shows a resume given through the hook on the server's own row of that handoff (its id differs: matched by path and blob sha)", async () => {
    // Machine A: the session-start hook gives the session the repo's handoff, and scan --agents reads the record in.
    const repo = new GitFixture("push-loop");
    repo.write("README.md", "x\n").commit("init");
    repo.write(LOOP_HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: LOOP_HANDOFF })).commit("handoff");
    const data = path.join(scratch, "hook-data");
    const hookStdin = JSON.stringify({ session_id: sessionId, transcript_path: projectFile(), cwd: repo.root, hook_event_name: "SessionStart", source: "startup" });
    expect(await runHook({ runtime: "claude-code", slug: "session-start", stdin: hookStdin, env: { ...process.env, BATON_DATA_DIR: data, HOME: scratch } })).toContain("Resume work");
    const localBulk = openBulkWriter(local.target);
    try {
      expect(await ingestLoopRecords(localBulk, { ...process.env, BATON_DATA_DIR: data })).toMatchObject({ records: 1, badLines: [] });
    } finally {
      await localBulk.close();
    }
    expect(await run()).toMatchObject({ pushed: 1 });

    // The team server reads the same repository from its own clone: another path, so other handoff ids.
    const clone = path.join(scratch, "server-clone");
    execFileSync("git", ["clone", "-q", repo.root, clone]);
    await scanPaths([clone], { bulk: serverBulk });
    const db = createDb(server.target);
    try {
      const handoff = await db.handoff.findFirstOrThrow({ where: { path: LOOP_HANDOFF }, select: { id: true, path: true, blobSha: true } });
      const stored = await db.agentLoopEvent.findFirstOrThrow({ where: { kind: "resume-injected" }, select: { handoffId: true, handoffPath: true, handoffBlobSha: true } });
      expect(stored).toEqual({ handoffId: null, handoffPath: LOOP_HANDOFF, handoffBlobSha: handoff.blobSha });
      const session = await db.agentSession.findFirstOrThrow({ where: { externalId: sessionId, parentId: null, supersededById: null }, select: { id: true } });
      expect(await handoffResumes(db, handoff)).toMatchObject([{ runtime: "claude-code", sessionExternalId: sessionId, sessionId: session.id, source: "startup", delivered: "full" }]);
      // Another content at the same path is another handoff: not resumed.
      expect(await handoffResumes(db, { ...handoff, id: "other", blobSha: "0".repeat(40) })).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  });

  it("pushing the same sessions again (a lost cursor) changes nothing on the server", async () => {
    const before = await serverBulk.query(`SELECT "id", "requestCount", "inputTokens", "cacheReadTokens", "outputTokens", "supersededById" FROM "AgentSession" ORDER BY "id"`);
    rmSync(path.join(scratch, "config"), { recursive: true, force: true });
    expect(await run()).toMatchObject({ pushed: 1 });
    expect(await serverBulk.query(`SELECT "id", "requestCount", "inputTokens", "cacheReadTokens", "outputTokens", "supersededById" FROM "AgentSession" ORDER BY "id"`)).toEqual(before);
    const chunks = await serverBulk.query<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "SampleChunk" WHERE "file" = 'push'`);
    expect(Number(chunks[0]!.n)).toBe(1);
  });

  it("never sends the demo workspace's sessions, even when `npm start` registered its agent folders", async () => {
    const dataDir = path.join(scratch, "data");
    const demoClaude = path.join(dataDir, "demo", ".agents", "claude");
    const demoFile = path.join(demoClaude, "projects", "-demo-api", "demo-session-1.jsonl");
    mkdirSync(path.dirname(demoFile), { recursive: true });
    writeFileSync(demoFile, claudeTranscript({ sessionId: "demo-session-1", cwd: "/demo/api", branch: "main", start: "2026-12-01T08:00:00.000Z", turns: turns.slice(0, 1) }));
    // What ensureDemoWorkspace does on a first `npm start`: the demo's agent folder scanned into the local database.
    const localBulk = openBulkWriter(local.target);
    try {
      await scanSessions({ bulk: localBulk, repos: [], agents: { env: { CLAUDE_CONFIG_DIR: demoClaude, CODEX_HOME: path.join(dataDir, "demo", ".agents", "codex") }, homeDir: path.join(dataDir, "demo", ".agents") } });
    } finally {
      await localBulk.close();
    }
    rmSync(path.join(scratch, "config"), { recursive: true, force: true });
    const result = (await run(["--json"], { ...env, BATON_DATA_DIR: dataDir })) as Awaited<ReturnType<typeof run>> & { demoLeftOut: number };
    expect(result.demoLeftOut).toBe(1);
    expect(result.sessions.map((session) => session.sessionId)).toEqual([sessionId]);
    expect((await listApiSessions(serverBulk, { sessionId: "demo-session-1" })).sessions).toEqual([]);
  });

  it("refuses a body that is not a push (400) or not JSON (415)", async () => {
    const bad = await pushRoute(new Request("http://127.0.0.1:3000/api/push", { method: "POST", body: JSON.stringify({ sessions: [{ runtime: "x" }] }), headers: { "Content-Type": "application/json" } }));
    expect(bad.status).toBe(400);
    const text = await pushRoute(new Request("http://127.0.0.1:3000/api/push", { method: "POST", body: "x", headers: { "Content-Type": "text/plain" } }));
    expect(text.status).toBe(415);
  });
});

if (testProviders.some((provider) => provider.skip)) {
  describe("baton push → POST /api/push (server on postgresql)", () => {
    it.skip(POSTGRES_SKIP_MESSAGE, () => undefined);
  });
}
