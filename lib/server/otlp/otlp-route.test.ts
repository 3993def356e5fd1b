import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ACTOR } from "../../core/access/actor";
import { claudeRecords, codexRecords, geminiRecords, logsRequest, logsRequestProtobuf, PLANTED_PROMPT } from "../../core/otlp/__fixtures__/otlp-bodies";
import { otlpProtoRoot } from "../../core/otlp/decode-otlp";
import { registerTeamActorResolver } from "../access/require-access";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { listApiSessions } from "../queries/api-sessions";
import { claudeTranscript } from "../sessions/session-test-fixtures";
import { scanSessions } from "../sessions/scan-sessions";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { handleOtlp } from "./otlp-route";
import { resetRateLimits } from "./rate-limit";
import { closeOtlpWriters } from "./store-otlp-samples";

const URL_BASE = "http://127.0.0.1:3000";

function post(pathname: string, body: BodyInit | Uint8Array, headers: Record<string, string>): Request {
  return new Request(`${URL_BASE}${pathname}`, { method: "POST", body: body as BodyInit, headers });
}

const claudeTurns = [
  { at: "2026-12-01T10:00:01.000Z", messageId: "msg_01", requestId: "req-msg_01", input: 12, output: 340, cacheRead: 20_000, cacheWrite: 1_500 },
  { at: "2026-12-01T10:00:09.000Z", messageId: "msg_02", requestId: "req-msg_02", input: 3, output: 25, cacheRead: 21_500, cacheWrite: 400 },
];
const claudeBody = logsRequest(claudeRecords("claude-otlp-1", claudeTurns));

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`OTLP receiver (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    const previousUrl = process.env.DATABASE_URL;

    beforeAll(async () => {
      database = await provider.create();
      process.env.DATABASE_URL = database.target.url;
      bulk = openBulkWriter(database.target);
    });
    afterEach(() => {
      delete process.env.BATON_TEAM;
      registerTeamActorResolver(null);
      resetRateLimits();
    });
    afterAll(async () => {
      await closeOtlpWriters();
      await bulk?.close();
      await database?.drop();
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
    });

    it("stores protobuf, JSON and gzip bodies of all three runtimes; a redelivered body counts once", async () => {
      const codex = logsRequest(codexRecords("codex-otlp-1", [{ at: "2026-12-01T11:00:00Z", input: 10_000, cached: 8_000, output: 700, reasoning: 300 }]));
      const gemini = logsRequest(geminiRecords("gemini-otlp-1", [{ at: "2026-12-01T12:00:00Z", input: 5_000, cached: 4_000, output: 200, thoughts: 50, tool: 10 }]));
      const protobuf = await handleOtlp(post("/v1/logs", logsRequestProtobuf(claudeBody), { "Content-Type": "application/x-protobuf" }), "logs");
      expect(protobuf.status).toBe(200);
      expect(protobuf.headers.get("content-type")).toBe("application/x-protobuf");
      expect(new Uint8Array(await protobuf.arrayBuffer())).toHaveLength(0);
      // The same body again (an exporter's retry) and once more gzipped.
      expect((await handleOtlp(post("/v1/logs", JSON.stringify(claudeBody), { "Content-Type": "application/json" }), "logs")).status).toBe(200);
      expect((await handleOtlp(post("/v1/logs", gzipSync(logsRequestProtobuf(claudeBody)), { "Content-Type": "application/x-protobuf", "Content-Encoding": "gzip" }), "logs")).status).toBe(200);
      expect((await handleOtlp(post("/v1/logs", gzipSync(JSON.stringify(codex)), { "Content-Type": "application/json", "Content-Encoding": "gzip" }), "logs")).status).toBe(200);
      expect((await handleOtlp(post("/otlp/ignored-in-local-mode/v1/logs", logsRequestProtobuf(gemini), { "Content-Type": "application/x-protobuf" }), "logs", "ignored-in-local-mode")).status).toBe(200);

      const { sessions } = await listApiSessions(bulk, {});
      const byId = new Map(sessions.map((session) => [session.sessionId, session]));
      expect(byId.get("claude-otlp-1")).toMatchObject({ origin: "otlp", runtime: "claude-code", requests: 2, inputTokens: 15, cacheWriteTokens: 1_900, cacheReadTokens: 41_500, outputTokens: 365, models: ["claude-sonnet-4-5"], startedAt: "2026-12-01T10:00:01.000Z", endedAt: "2026-12-01T10:00:09.000Z" });
      expect(byId.get("codex-otlp-1")).toMatchObject({ origin: "otlp", runtime: "codex", requests: 1, inputTokens: 2_000, cacheReadTokens: 8_000, outputTokens: 700, reasoningTokens: 300 });
      expect(byId.get("gemini-otlp-1")).toMatchObject({ origin: "otlp", runtime: "gemini-cli", requests: 1, inputTokens: 1_010, cacheReadTokens: 4_000, outputTokens: 250, reasoningTokens: 50 });
      expect((await listApiSessions(bulk, { runtime: "codex" })).sessions.map((session) => session.sessionId)).toEqual(["codex-otlp-1"]);
    });

    it("stores no content attribute anywhere (the planted prompt is in no table)", async () => {
      const tables = ["Source", "AgentSession", "SampleChunk", "IngestIssue", "Compaction", "FileState"];
      for (const table of tables) {
        const rows = await bulk.query<Record<string, unknown>>(`SELECT * FROM "${table}"`);
        const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
        expect(text, table).not.toContain("PLANTED-PROMPT");
        expect(text, table).not.toContain(PLANTED_PROMPT);
      }
    });

    it("answers 413 for a body over 5 MB, also a gzip body that inflates past it, and 400/415 for what it cannot read", async () => {
      const big = new Uint8Array(6 * 1024 * 1024);
      expect((await handleOtlp(post("/v1/logs", big, { "Content-Type": "application/x-protobuf" }), "logs")).status).toBe(413);
      // Streamed without a Content-Length: counted while it arrives, cut at the limit.
      const streamed = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new Uint8Array(1024 * 1024));
        },
      });
      const chunked = new Request(`${URL_BASE}/v1/logs`, { method: "POST", body: streamed, headers: { "Content-Type": "application/x-protobuf" }, duplex: "half" } as RequestInit);
      expect((await handleOtlp(chunked, "logs")).status).toBe(413);
      const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
      const refused = await handleOtlp(post("/v1/logs", bomb, { "Content-Type": "application/json", "Content-Encoding": "gzip" }), "logs");
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({ code: 8 });
      expect((await handleOtlp(post("/v1/logs", "{not json", { "Content-Type": "application/json" }), "logs")).status).toBe(400);
      expect((await handleOtlp(post("/v1/logs", new Uint8Array([0x0a, 0xff, 0xff]), { "Content-Type": "application/x-protobuf" }), "logs")).status).toBe(400);
      expect((await handleOtlp(post("/v1/logs", "x", { "Content-Type": "text/plain" }), "logs")).status).toBe(415);
      expect((await handleOtlp(post("/v1/logs", "{}", { "Content-Type": "application/json", "Content-Encoding": "br" }), "logs")).status).toBe(415);
    });

    it("accepts metrics and traces (metrics decoded, not used) and answers partial success for records it cannot use", async () => {
      const metricsType = otlpProtoRoot().lookupType("opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest");
      const metrics = metricsType.encode(metricsType.fromObject({ resourceMetrics: [{ scopeMetrics: [{ metrics: [{ name: "claude_code.token.usage", sum: { dataPoints: [{ asInt: 5 }] } }] }] }] })).finish();
      expect((await handleOtlp(post("/v1/metrics", metrics, { "Content-Type": "application/x-protobuf" }), "metrics")).status).toBe(200);
      expect((await handleOtlp(post("/v1/traces", "{}", { "Content-Type": "application/json" }), "traces")).status).toBe(200);
      const noSession = logsRequest([{ ...claudeRecords("x", claudeTurns)[1]!, attributes: { ...claudeRecords("x", claudeTurns)[1]!.attributes, "session.id": "" } }]);
      const response = await handleOtlp(post("/v1/logs", JSON.stringify(noSession), { "Content-Type": "application/json" }), "logs");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ partialSuccess: { rejectedLogRecords: "1", errorMessage: expect.stringMatching(/without session.id/) } });
    });

    it("team mode: no token or a bad one answers 401, a viewer 403; a good header or path token is stored as its user's", async () => {
      process.env.BATON_TEAM = "1";
      registerTeamActorResolver(async (request) => {
        const header = request.headers.get("authorization");
        if (header === "Bearer btn_good") return { actor: { ...LOCAL_ACTOR, kind: "token", userId: "user-1", email: "dev@example.com", name: "Dev", role: "member", tokenId: "t1" }, scopes: null };
        if (header === "Bearer btn_viewer") return { actor: { ...LOCAL_ACTOR, kind: "token", userId: "user-2", email: "v@example.com", name: "V", role: "viewer", tokenId: "t2" }, scopes: null };
        return null;
      });
      const body = () => JSON.stringify(logsRequest(claudeRecords("claude-team-1", claudeTurns)));
      expect((await handleOtlp(post("/v1/logs", body(), { "Content-Type": "application/json" }), "logs")).status).toBe(401);
      expect((await handleOtlp(post("/v1/logs", body(), { "Content-Type": "application/json", Authorization: "Bearer btn_wrong" }), "logs")).status).toBe(401);
      expect((await handleOtlp(post("/otlp/btn_wrong/v1/logs", body(), { "Content-Type": "application/json" }), "logs", "btn_wrong")).status).toBe(401);
      expect((await handleOtlp(post("/v1/logs", body(), { "Content-Type": "application/json", Authorization: "Bearer btn_viewer" }), "logs")).status).toBe(403);
      expect((await handleOtlp(post("/otlp/btn_good/v1/logs", body(), { "Content-Type": "application/json" }), "logs", "btn_good")).status).toBe(200);
      const sources = await bulk.query<{ root: string }>(`SELECT src."root" FROM "AgentSession" s JOIN "Source" src ON src."id" = s."sourceId" WHERE s."externalId" = 'claude-team-1'`);
      expect(sources).toEqual([{ root: "otlp:user-1" }]);
    });

    it("answers 503 with Retry-After when the database cannot take the batch (nothing stored)", async () => {
      const url = process.env.DATABASE_URL;
      process.env.DATABASE_URL = "file:/nonexistent-baton-otlp-dir/baton.db";
      try {
        const response = await handleOtlp(post("/v1/logs", JSON.stringify(claudeBody), { "Content-Type": "application/json" }), "logs");
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
      } finally {
        process.env.DATABASE_URL = url;
      }
    });

    it("answers 429 with Retry-After past the per-token rate", async () => {
      process.env.BATON_OTLP_RATE = "1";
      try {
        const statuses: number[] = [];
        let retryAfter: string | null = null;
        for (let index = 0; index < 4; index++) {
          const response = await handleOtlp(post("/v1/traces", "{}", { "Content-Type": "application/json" }), "traces");
          statuses.push(response.status);
          retryAfter ??= response.headers.get("retry-after");
        }
        expect(statuses).toEqual([200, 200, 429, 429]);
        expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      } finally {
        delete process.env.BATON_OTLP_RATE;
      }
    });

    it("OTLP first, then the same session's JSONL log: one session, with the log's exact totals", async () => {
      const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-otlp-log-"));
      try {
        const sessionId = "3f1c2d4e-otlp-then-log";
        // Telemetry saw only the first request; the log holds both (with the same request ids).
        const early = logsRequest(claudeRecords(sessionId, claudeTurns.slice(0, 1)));
        expect((await handleOtlp(post("/v1/logs", JSON.stringify(early), { "Content-Type": "application/json" }), "logs")).status).toBe(200);
        expect((await listApiSessions(bulk, { sessionId })).sessions).toMatchObject([{ origin: "otlp", requests: 1 }]);

        const home = path.join(scratch, "home");
        const project = path.join(home, ".claude", "projects", "-work-app");
        mkdirSync(project, { recursive: true });
        writeFileSync(path.join(project, `${sessionId}.jsonl`), claudeTranscript({ sessionId, cwd: "/work/app", branch: "main", start: "2026-12-01T10:00:00.000Z", turns: claudeTurns.map((turn) => ({ ...turn, blocks: 2 })) }));
        const env = { CLAUDE_CONFIG_DIR: path.join(home, ".claude"), CODEX_HOME: path.join(home, ".codex"), GEMINI_DATA_DIR: path.join(home, ".gemini"), OPENCODE_DATA_DIR: path.join(home, "oc") };
        await scanSessions({ bulk, repos: [], agents: { env, homeDir: home, workers: 0 } });

        const { sessions } = await listApiSessions(bulk, { sessionId });
        expect(sessions).toHaveLength(1);
        expect(sessions[0]).toMatchObject({ origin: "scan", requests: 2, inputTokens: 15, cacheWriteTokens: 1_900, cacheReadTokens: 41_500, outputTokens: 365, cwd: "/work/app", branch: "main" });

        // Telemetry that arrives after the log changes nothing the lists show.
        const late = logsRequest(claudeRecords(sessionId, claudeTurns));
        expect((await handleOtlp(post("/v1/logs", JSON.stringify(late), { "Content-Type": "application/json" }), "logs")).status).toBe(200);
        expect((await listApiSessions(bulk, { sessionId })).sessions).toMatchObject([{ origin: "scan", requests: 2, outputTokens: 365 }]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

if (testProviders.some((provider) => provider.skip)) {
  describe("OTLP receiver (postgresql)", () => {
    it.skip(POSTGRES_SKIP_MESSAGE, () => undefined);
  });
}
