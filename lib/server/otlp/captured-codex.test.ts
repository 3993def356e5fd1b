/**
 * A real capture (lib/core/otlp/__fixtures__/captured/codex-0.171.0/README.md): Codex's own OTLP bodies.
 * Each response's usage arrives once (its count-less twin is ignored), equal to the rollout's
 * token_usage_record; then the session's rollout (rebuilt here from those records) supersedes it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeLogsProtobuf } from "../../core/otlp/decode-otlp";
import { mapOtlpRecords } from "../../core/otlp/map-otlp-records";
import { listApiSessions } from "../queries/api-sessions";
import { scanSessions } from "../sessions/scan-sessions";
import { useCaptureDatabase } from "./capture-test-database";
import { handleOtlp } from "./otlp-route";

const CAPTURE = path.resolve(import.meta.dirname, "../../core/otlp/__fixtures__/captured/codex-0.171.0");
const THREAD = "01a2356a-992e-7973-9ced-4ad0c37d88eb";
const bodies = readdirSync(CAPTURE).filter((file) => file.endsWith(".bin")).sort().map((file) => readFileSync(path.join(CAPTURE, file)));
/** The rollout's token_usage_record usages for the same run (README). */
const ROLLOUT_USAGE = [
  { response_id: "resp_mock_0002_0fbfca7f046b", at: "2026-12-02T06:21:48.645Z", usage: { input_tokens: 9232, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 131, reasoning_output_tokens: 64, total_tokens: 9363 } },
  { response_id: "resp_mock_0003_3e2916b122ab", at: "2026-12-02T06:21:48.960Z", usage: { input_tokens: 9393, cached_input_tokens: 9216, cache_write_input_tokens: 0, output_tokens: 17, reasoning_output_tokens: 0, total_tokens: 9410 } },
];

describe("a captured Codex 0.171.0 session over OTLP", () => {
  it("maps each response once, with the rollout's numbers", () => {
    const result = bodies.map((body) => {
      const decoded = decodeLogsProtobuf(body);
      if (!decoded.ok) throw new Error(decoded.error);
      return mapOtlpRecords(decoded.value);
    });
    const samples = result.flatMap((entry) => entry.samples);
    expect(result.flatMap((entry) => entry.findings)).toEqual([]);
    expect(samples.map((sample) => ({ session: sample.sessionId, ...sample.request }))).toMatchObject([
      { session: THREAD, model: "gpt-5.5", inputTokens: 9232, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 131, reasoningTokens: 64 },
      { session: THREAD, model: "gpt-5.5", inputTokens: 177, cacheReadTokens: 9216, cacheWriteTokens: 0, outputTokens: 17, reasoningTokens: 0 },
    ]);
  });

  describe("through the receiver, then the rollout", () => {
    const capture = useCaptureDatabase("baton-otlp-codex-");

    it("lists the thread live, then as the rollout's session with the same totals, and keeps no tool output", async () => {
      for (const body of [...bodies, ...bodies]) {
        const response = await handleOtlp(new Request("http://127.0.0.1:3000/v1/logs", { method: "POST", body, headers: { "Content-Type": "application/x-protobuf" } }), "logs");
        expect(response.status).toBe(200);
      }
      const totals = { requests: 2, inputTokens: 9409, cacheReadTokens: 9216, cacheWriteTokens: 0, outputTokens: 148, reasoningTokens: 64 };
      expect((await listApiSessions(capture.bulk, { sessionId: THREAD })).sessions).toMatchObject([{ origin: "otlp", runtime: "codex", ...totals }]);

      const home = path.join(capture.scratch, "home");
      const day = path.join(home, ".codex", "sessions", "2026", "12", "02");
      mkdirSync(day, { recursive: true });
      const lines = [
        { timestamp: "2026-12-02T06:21:48.300Z", type: "session_meta", payload: { id: THREAD, session_id: THREAD, cwd: "/work/codex", cli_version: "0.171.0", git: { branch: "feature/otlp" } } },
        { timestamp: "2026-12-02T06:21:48.400Z", type: "turn_context", payload: { model: "gpt-5.5", cwd: "/work/codex", turn_id: "01a2356a-9996-7c10-8aa8-189727c5742b" } },
        ...ROLLOUT_USAGE.map((record) => ({ timestamp: record.at, type: "token_usage_record", payload: { thread_id: THREAD, session_id: THREAD, response_id: record.response_id, usage: record.usage } })),
      ];
      writeFileSync(path.join(day, `rollout-2026-12-02T06-21-48-${THREAD}.jsonl`), `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
      const env = { CLAUDE_CONFIG_DIR: path.join(home, ".claude"), CODEX_HOME: path.join(home, ".codex"), GEMINI_DATA_DIR: path.join(home, ".gemini"), OPENCODE_DATA_DIR: path.join(home, "oc") };
      await scanSessions({ bulk: capture.bulk, repos: [], agents: { env, homeDir: home, workers: 0 } });
      const { sessions } = await listApiSessions(capture.bulk, { sessionId: THREAD });
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ origin: "scan", runtime: "codex", cwd: "/work/codex", ...totals });

      for (const table of ["AgentSession", "SampleChunk", "IngestIssue", "Source"]) {
        const rows = JSON.stringify(await capture.bulk.query(`SELECT * FROM "${table}"`));
        expect(rows, table).not.toContain("hello-from-mock-tool");
      }
    });
  });
});
