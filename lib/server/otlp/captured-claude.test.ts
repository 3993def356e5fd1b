/**
 * A real capture (lib/core/otlp/__fixtures__/captured/claude-code-2.1.197/README.md): Claude Code's own
 * OTLP bodies, then the session log the same run wrote. Telemetry's request_id is the log's requestId;
 * the log, once scanned, is the session's record; no prompt or answer text is stored.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeLogsProtobuf } from "../../core/otlp/decode-otlp";
import { mapOtlpRecords } from "../../core/otlp/map-otlp-records";
import { listApiSessions } from "../queries/api-sessions";
import { scanSessions } from "../sessions/scan-sessions";
import { useCaptureDatabase } from "./capture-test-database";
import { handleOtlp } from "./otlp-route";

const CAPTURE = path.resolve(import.meta.dirname, "../../core/otlp/__fixtures__/captured/claude-code-2.1.197");
const SESSION = "e40b49f3-edfe-463a-ae79-87acb23380ee";
const bodies = readdirSync(CAPTURE).filter((file) => file.endsWith(".bin")).sort().map((file) => readFileSync(path.join(CAPTURE, file)));

describe("a captured Claude Code 2.1.197 session over OTLP", () => {
  it("decodes to one sample per api_request, keyed by the request id the JSONL log names", () => {
    const samples = bodies.flatMap((body) => {
      const decoded = decodeLogsProtobuf(body);
      if (!decoded.ok) throw new Error(decoded.error);
      return mapOtlpRecords(decoded.value).samples;
    });
    expect(samples.map((sample) => [sample.sessionId, sample.request.key])).toEqual([
      [SESSION, "req:req_mock_bcbfddf2f50747c79934"],
      [SESSION, "req:req_mock_dacacbace9fa410290d7"],
      [SESSION, "req:req_mock_ab6f7606996048e4a763"],
    ]);
    const log = readFileSync(path.join(CAPTURE, `${SESSION}.jsonl`), "utf8");
    const requestIds = new Set([...log.matchAll(/"requestId":"([^"]+)"/g)].map((match) => match[1]));
    // The two conversation requests are in the log under the same ids; the session-title call is not.
    expect([...requestIds].sort()).toEqual(["req_mock_ab6f7606996048e4a763", "req_mock_dacacbace9fa410290d7"]);
    expect(samples[1]!.request).toMatchObject({ inputTokens: 5, cacheWriteTokens: 30_847, cacheReadTokens: 429, outputTokens: 90 });
  });

  describe("through the receiver, then the log", () => {
    const capture = useCaptureDatabase("baton-otlp-capture-");

    it("lists the session live from telemetry, then with the log's exact totals; the receiver stores no prompt or answer", async () => {
      for (const body of bodies) {
        const response = await handleOtlp(new Request("http://127.0.0.1:3000/v1/logs", { method: "POST", body, headers: { "Content-Type": "application/x-protobuf" } }), "logs");
        expect(response.status).toBe(200);
      }
      expect((await listApiSessions(capture.bulk, { sessionId: SESSION })).sessions).toMatchObject([{ origin: "otlp", requests: 3, inputTokens: 15, cacheWriteTokens: 31_418, cacheReadTokens: 31_710, outputTokens: 158 }]);
      // No prompt or answer text in any table the receiver wrote (the capture was made with
      // OTEL_LOG_USER_PROMPTS=1, so the records carry both).
      const tables = ["AgentSession", "SampleChunk", "IngestIssue", "Source"];
      for (const table of tables) {
        const rows = JSON.stringify(await capture.bulk.query(`SELECT * FROM "${table}"`));
        expect(rows, table).not.toContain("TOOL_BASH");
        expect(rows, table).not.toContain("Mock answer");
        expect(rows, table).not.toContain("shell command to check");
      }

      const home = path.join(capture.scratch, "home");
      const project = path.join(home, ".claude", "projects", "-tmp-otlp-clis-work-claude");
      mkdirSync(project, { recursive: true });
      copyFileSync(path.join(CAPTURE, `${SESSION}.jsonl`), path.join(project, `${SESSION}.jsonl`));
      const env = { CLAUDE_CONFIG_DIR: path.join(home, ".claude"), CODEX_HOME: path.join(home, ".codex"), GEMINI_DATA_DIR: path.join(home, ".gemini"), OPENCODE_DATA_DIR: path.join(home, "oc") };
      await scanSessions({ bulk: capture.bulk, repos: [], agents: { env, homeDir: home, workers: 0 } });
      const { sessions } = await listApiSessions(capture.bulk, { sessionId: SESSION });
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ origin: "scan", requests: 2, inputTokens: 11, cacheWriteTokens: 30_993, cacheReadTokens: 31_710, outputTokens: 109, branch: "feature/otlp" });

      // The log, read by the scan, titles the session with its first prompt (as every scanned session
      // is titled); the telemetry row it supersedes still carries none, and no answer is stored anywhere.
      const rows = await capture.bulk.query<{ title: string | null; superseded: string | null }>(`SELECT "title", "supersededById" AS "superseded" FROM "AgentSession" WHERE "externalId" = ?`, [SESSION]);
      expect(rows.map((row) => [row.title, row.superseded !== null]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        ["Hello, please TOOL_BASH now", false],
        [null, true],
      ]);
      for (const table of tables) {
        const stored = JSON.stringify(await capture.bulk.query(`SELECT * FROM "${table}"`));
        expect(stored, table).not.toContain("Mock answer");
      }
    });
  });
});
