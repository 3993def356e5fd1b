/**
 * A real capture (lib/core/otlp/__fixtures__/captured/gemini-cli-0.61.0/README.md): Gemini CLI's own
 * api_response records (OTLP/JSON, sent to the path-token route), then the session's chat file
 * (rebuilt here with the numbers the run's chat file recorded), which supersedes them.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeLogsJson } from "../../core/otlp/decode-otlp";
import { mapOtlpRecords } from "../../core/otlp/map-otlp-records";
import { listApiSessions } from "../queries/api-sessions";
import { scanSessions } from "../sessions/scan-sessions";
import { useCaptureDatabase } from "./capture-test-database";
import { handleOtlp } from "./otlp-route";

const BODY = readFileSync(path.resolve(import.meta.dirname, "../../core/otlp/__fixtures__/captured/gemini-cli-0.61.0/api-responses.logs.json"), "utf8");
const SESSION = "fa026b21-70ac-4bac-8789-dee0552203a9";

describe("a captured Gemini CLI 0.61.0 session over OTLP", () => {
  it("maps each api_response as the chat parser maps the same usage", () => {
    const decoded = decodeLogsJson(BODY);
    if (!decoded.ok) throw new Error(decoded.error);
    const result = mapOtlpRecords(decoded.value);
    expect(result.findings).toEqual([]);
    expect(result.samples.map((sample) => ({ session: sample.sessionId, ...sample.request }))).toMatchObject([
      { session: SESSION, model: "gemini-3.5-flash-lite", inputTokens: 785, cacheReadTokens: 0, outputTokens: 23, reasoningTokens: 0 },
      { session: SESSION, model: "gemini-3.8-flash", inputTokens: 12_077, cacheReadTokens: 0, outputTokens: 91, reasoningTokens: 48 },
      { session: SESSION, model: "gemini-3.8-flash", inputTokens: 3_166, cacheReadTokens: 9_057, outputTokens: 20, reasoningTokens: 0 },
    ]);
  });

  describe("through the path-token route, then the chat file", () => {
    const capture = useCaptureDatabase("baton-otlp-gemini-");

    it("lists the session live (router call included), then with the chat file's totals, and keeps no prompt", async () => {
      const response = await handleOtlp(new Request("http://127.0.0.1:3000/otlp/btn_capture/v1/logs", { method: "POST", body: BODY, headers: { "Content-Type": "application/json" } }), "logs", "btn_capture");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
      expect((await listApiSessions(capture.bulk, { sessionId: SESSION })).sessions).toMatchObject([{ origin: "otlp", runtime: "gemini-cli", requests: 3, inputTokens: 16_028, cacheReadTokens: 9_057, outputTokens: 134, reasoningTokens: 48 }]);

      const home = path.join(capture.scratch, "home");
      const chats = path.join(home, ".gemini", "tmp", "work-gemini", "chats");
      mkdirSync(chats, { recursive: true });
      writeFileSync(path.join(home, ".gemini", "projects.json"), JSON.stringify({ "/work/gemini": "work-gemini" }));
      const lines = [
        { sessionId: SESSION, projectHash: "0".repeat(64), startTime: "2026-12-02T06:25:56.900Z", lastUpdated: "2026-12-02T06:25:59.200Z", kind: "main" },
        { id: "u1", timestamp: "2026-12-02T06:25:57.000Z", type: "user", content: [{ text: "hello" }] },
        { id: "g1", timestamp: "2026-12-02T06:25:58.342Z", type: "gemini", content: "I'll use a tool.", model: "gemini-3.8-flash", tokens: { input: 12_077, output: 43, cached: 0, thoughts: 48, tool: 0, total: 12_168 } },
        { id: "g2", timestamp: "2026-12-02T06:25:59.161Z", type: "gemini", content: "done", model: "gemini-3.8-flash", tokens: { input: 12_223, output: 20, cached: 9_057, thoughts: 0, tool: 0, total: 12_243 } },
      ];
      writeFileSync(path.join(chats, "session-2026-12-02T06-25-fa026b21.jsonl"), `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
      const env = { CLAUDE_CONFIG_DIR: path.join(home, ".claude"), CODEX_HOME: path.join(home, ".codex"), GEMINI_DATA_DIR: path.join(home, ".gemini"), OPENCODE_DATA_DIR: path.join(home, "oc") };
      await scanSessions({ bulk: capture.bulk, repos: [], agents: { env, homeDir: home, workers: 0 } });
      const { sessions } = await listApiSessions(capture.bulk, { sessionId: SESSION });
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ origin: "scan", runtime: "gemini-cli", requests: 2, inputTokens: 15_243, cacheReadTokens: 9_057, outputTokens: 111, reasoningTokens: 48 });

      for (const table of ["AgentSession", "SampleChunk", "IngestIssue", "Source"]) {
        const rows = JSON.stringify(await capture.bulk.query(`SELECT * FROM "${table}"`));
        expect(rows, table).not.toContain("TOOL_BASH");
        expect(rows, table).not.toContain("max-old-space-size");
      }
    });
  });
});
