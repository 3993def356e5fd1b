import { describe, expect, test } from "vitest";
import { checkSeedRecords } from "./check-seed-records";
import { checkSessionLog } from "./check-session-log";
import { parseClaudeLog } from "./parse-claude-log";
import { parseCodexRollout } from "./parse-codex-rollout";
import { parseGeminiChatJson, parseGeminiChatJsonl } from "./parse-gemini-chat";
import { parseOpenCode } from "./parse-opencode";
import { parseSeedText } from "./parse-seed-json";
import { sumTokens } from "../tokens";
import type { ParsedSessionLog } from "./types";

/**
 * Issue 15 items 2, 3 and 6, per runtime: a hostile line between two good ones is a finding on its
 * own line with the right reason, the good lines around it still count, and nothing that reaches a
 * row holds a NUL, a lone surrogate, a non-finite number or a count over 10^8.
 */
const encode = (lines: string[]) => new TextEncoder().encode(lines.map((line) => `${line}\n`).join(""));
const json = (value: unknown) => JSON.stringify(value);

/** Everything a stored row could carry, checked (checkSessionLog ran, as ingest runs it). */
function expectStorable(log: ParsedSessionLog) {
  const texts = [log.sessionId, log.agentId, log.cwd, log.branch, ...log.models, ...log.requests.flatMap((request) => [request.key, request.model, request.agentId])].filter((text): text is string => text !== null);
  // eslint-disable-next-line no-control-regex -- looking for the NUL is the point
  for (const text of texts) expect(text, JSON.stringify(text)).not.toMatch(/\u0000|[\ud800-\udfff]/);
  for (const request of log.requests) {
    for (const field of ["inputTokens", "cacheWriteTokens", "cacheReadTokens", "outputTokens", "reasoningTokens", "contextTokens"] as const) {
      expect(Number.isSafeInteger(request[field]) && request[field] >= 0 && request[field] <= 3e8, `${field} ${request[field]}`).toBe(true);
    }
  }
  for (const compaction of log.compactions) for (const value of [compaction.preTokens, compaction.postTokens]) expect(value === null || (Number.isSafeInteger(value) && value >= 0)).toBe(true);
  if (log.contextWindow !== null) expect(Number.isSafeInteger(log.contextWindow)).toBe(true);
}

/* ---- Claude Code ---- */

const claudeGood = (id: string, at: string) =>
  json({ type: "assistant", sessionId: "s-claude", cwd: "/w", gitBranch: "main", timestamp: at, requestId: `r-${id}`, message: { id, model: "claude-sonnet-4-5", usage: { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 5 } } });
const claudeUsage = (usage: unknown, extra: Record<string, unknown> = {}) =>
  json({ type: "assistant", sessionId: "s-claude", timestamp: "2026-03-02T09:00:01.000Z", requestId: "r-x", ...extra, message: { id: "m-x", model: "claude-sonnet-4-5", usage } });

const CLAUDE_CASES: [string, string, RegExp, number][] = [
  // [what, the hostile line 2, the finding on line 2, requests counted in all]
  ["message as a string", json({ type: "assistant", timestamp: "2026-03-02T09:00:01.000Z", message: "hello" }), /^message is a string, not an object: not read$/, 2],
  ["usage as a string", json({ type: "assistant", message: { id: "m-x", usage: "12" } }), /^message\.usage is a string, not an object: no tokens counted$/, 2],
  ["usage as an array", json({ type: "assistant", message: { id: "m-x", usage: [1, 2] } }), /^message\.usage is an array, not an object: no tokens counted$/, 2],
  ["cwd: 12345", claudeUsage({ input_tokens: 1 }, { cwd: 12345 }), /^cwd is 12345, not a string: ignored$/, 3],
  ["sessionId: {}", claudeUsage({ input_tokens: 1 }, { sessionId: {} }), /^sessionId is \{\}, not a string: ignored$/, 3],
  ["timestamp: not a date", claudeUsage({ input_tokens: 1 }, { timestamp: "not a date" }), /^timestamp is "not a date", not a date: ignored$/, 3],
  ["timestamp out of range", claudeUsage({ input_tokens: 1 }, { timestamp: "2026-13-45T99:00:00.000Z" }), /^timestamp is "2026-13-45T99:00:00\.000Z", not a date: ignored$/, 3],
  ["input_tokens 1e308", claudeUsage({ input_tokens: 1e308, output_tokens: 3 }), /^not a token count: message\.usage\.input_tokens is 1e\+308 \(beyond exact integers\), counted as 0$/, 3],
  ["input_tokens 1e30", claudeUsage({ input_tokens: 1e30 }), /input_tokens is 1e\+30 \(beyond exact integers\), counted as 0/, 3],
  ["input_tokens 2^53+1", `{"type":"assistant","timestamp":"2026-03-02T09:00:01.000Z","message":{"id":"m-x","usage":{"input_tokens":9007199254740993}}}`, /input_tokens is 9007199254740992 \(beyond exact integers\), counted as 0/, 3],
  ["output_tokens over 10^8", claudeUsage({ output_tokens: 100_000_001 }), /output_tokens is 100000001 \(over 10\^8 for one request\), counted as 0/, 3],
  ["a fractional count", claudeUsage({ input_tokens: 12.5 }), /input_tokens is 12\.5 \(not a whole number\), counted as 0/, 3],
  ["compaction preTokens -1e309", `{"type":"system","subtype":"compact_boundary","timestamp":"2026-03-02T09:00:01.000Z","compactMetadata":{"trigger":"auto","preTokens":-1e309}}`, /^compactMetadata\.preTokens is -Infinity \(not finite\): not recorded$/, 2],
  ["compaction preTokens \"x\"", json({ type: "system", subtype: "compact_boundary", timestamp: "2026-03-02T09:00:01.000Z", compactMetadata: { trigger: "auto", preTokens: "x", postTokens: 5 } }), /^compactMetadata\.preTokens is "x" \(not a number\): not recorded$/, 2],
  ["a truncated line", '{"type":"assistant","message":{"id":"m-x","usage":{"input_tok', /^invalid JSON \(the line is cut short\): /, 2],
  ["a truncated line ending in a value", '{"type":"assistant","timestamp":"2026-03-02T09:00:01.000Z"', /^invalid JSON \(the line is cut short\): /, 2],
  ["a number, not an object", "5", /^not a JSON object \(a number\)$/, 2],
  ["null", "null", /^not a JSON object \(null\)$/, 2],
];

describe("Claude Code: hostile lines", () => {
  for (const fullParse of [false, true]) {
    test.each(CLAUDE_CASES)(`%s (${fullParse ? "whole-line parse" : "fast path"})`, (_what, hostile, reason, requests) => {
      const log = parseClaudeLog(encode([claudeGood("m-1", "2026-03-02T09:00:00.000Z"), hostile, claudeGood("m-3", "2026-03-02T09:00:02.000Z")]), { fullParse });
      expect(log.badLines.filter((bad) => bad.line !== 2)).toEqual([]);
      expect(log.badLines.map((bad) => bad.message).join(" | ")).toMatch(reason);
      expect(log.requests).toHaveLength(requests);
      // The good lines around count in full; the hostile one adds at most its sane counts.
      expect(sumTokens(log.requests.filter((request) => request.line !== 2))).toEqual({ inputTokens: 20, cacheWriteTokens: 200, cacheReadTokens: 2000, outputTokens: 10, reasoningTokens: 0 });
      expect(log.requests.every((request) => request.inputTokens <= 100_000_000)).toBe(true);
      expect(checkSessionLog(log)).toEqual([]);
      expectStorable(log);
    });
  }

  test("a JSON \\u0000 or lone surrogate in cwd, gitBranch and model: removed before storing, reported", () => {
    const line = `{"type":"assistant","sessionId":"s-\\u0000","cwd":"/w\\u0000ork","gitBranch":"ma\\ud800in","timestamp":"2026-03-02T09:00:01.000Z","requestId":"r","message":{"id":"m\\u0000","model":"claude-\\u0000sonnet-4-5","usage":{"input_tokens":7}}}`;
    for (const fullParse of [false, true]) {
      const log = parseClaudeLog(encode([claudeGood("m-1", "2026-03-02T09:00:00.000Z"), line]), { fullParse });
      const issues = checkSessionLog(log);
      expect(log).toMatchObject({ sessionId: "s-claude", cwd: "/work", branch: "main", models: ["claude-sonnet-4-5"] });
      expect(log.requests[1]).toMatchObject({ model: "claude-sonnet-4-5", inputTokens: 7, line: 2 });
      expect(issues).toEqual([
        { line: 2, message: 'the request key held 1 NUL character: removed ("m:r" kept)' },
        { line: 2, message: 'the response id held 1 NUL character: removed ("m" kept)' },
        { line: 2, message: 'the model name held 1 NUL character: removed ("claude-sonnet-4-5" kept)' },
        { line: null, message: 'cwd held 1 NUL character: removed ("/work" kept)' },
        { line: null, message: 'the branch held 1 lone surrogate: removed ("main" kept)' },
      ]);
      expectStorable(log);
    }
  });
});

/* ---- Codex ---- */

const codexMeta = json({ timestamp: "2026-04-10T14:00:00.000Z", type: "session_meta", payload: { id: "019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f", cwd: "/srv" } });
const codexCount = (total: number, last: Record<string, unknown>, at = "2026-04-10T14:00:05.000Z") =>
  json({ timestamp: at, type: "event_msg", payload: { type: "token_count", info: { total_token_usage: { input_tokens: total, output_tokens: total }, last_token_usage: last } } });
const codexGood = (total: number, at: string) => codexCount(total, { input_tokens: 100, cached_input_tokens: 40, output_tokens: 10 }, at);

const CODEX_CASES: [string, string, RegExp][] = [
  ["payload: null", json({ timestamp: "2026-04-10T14:00:02.000Z", type: "event_msg", payload: null }), /^payload is null, not an object: not read$/],
  ["payload: null on a response item", json({ timestamp: "2026-04-10T14:00:02.000Z", type: "response_item", payload: null }), /^payload is null, not an object: not read$/],
  ["info: \"str\"", json({ timestamp: "2026-04-10T14:00:02.000Z", type: "event_msg", payload: { type: "token_count", info: "str" } }), /^payload\.info is "str", not an object: no tokens counted$/],
  ["input_tokens 1e300", codexCount(5000, { input_tokens: 1e300, output_tokens: 1 }), /last_token_usage\.input_tokens is 1e\+300 \(beyond exact integers\), counted as 0/],
  ["input_tokens 2^53+1", `{"timestamp":"2026-04-10T14:00:02.000Z","type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":9007199254740993}}}}`, /input_tokens is 9007199254740992 \(beyond exact integers\), counted as 0/],
  ["a running total that jumps by 10^9", json({ timestamp: "2026-04-10T14:00:02.000Z", type: "event_msg", payload: { type: "token_count", info: { total_token_usage: { input_tokens: 1_000_000_200, output_tokens: 20 } } } }), /total_token_usage grew by 1000000100 input \(over 10\^8 for one request\), counted as 0/],
  ["a stated window of 1e30", json({ timestamp: "2026-04-10T14:00:02.000Z", type: "event_msg", payload: { type: "task_started", model_context_window: 1e30 } }), /^payload\.model_context_window is 1e\+30, not a context window: ignored$/],
  ["timestamp: not a date", json({ timestamp: "not a date", type: "turn_context", payload: { model: "gpt-5", cwd: "/srv" } }), /^timestamp is "not a date", not a date: ignored$/],
  ["a truncated line", '{"timestamp":"2026-04-10T14:00:02.000Z","type":"event_msg","payload":{"type":"token_co', /^invalid JSON \(the line is cut short\): /],
  ["an array", "[1,2]", /^not a JSON object \(an array\)$/],
];

describe("Codex: hostile lines", () => {
  test.each(CODEX_CASES)("%s", (_what, hostile, reason) => {
    const log = parseCodexRollout(encode([codexMeta, codexGood(100, "2026-04-10T14:00:01.000Z"), hostile, codexGood(200, "2026-04-10T14:00:03.000Z")]));
    expect(log.badLines.filter((bad) => bad.line !== 3)).toEqual([]);
    expect(log.badLines.map((bad) => bad.message).join(" | ")).toMatch(reason);
    const good = log.requests.filter((request) => request.line !== 3);
    expect(sumTokens(good)).toEqual({ inputTokens: 120, cacheWriteTokens: 0, cacheReadTokens: 80, outputTokens: 20, reasoningTokens: 0 });
    expect(checkSessionLog(log)).toEqual([]);
    expectStorable(log);
  });

  test("a rollout with tool calls but no token_count event: activity without requests (a session with 0 tokens)", () => {
    const log = parseCodexRollout(
      encode([
        codexMeta,
        json({ timestamp: "2026-04-10T14:00:01.000Z", type: "response_item", payload: { type: "function_call", name: "shell", arguments: "{}" } }),
        json({ timestamp: "2026-04-10T14:00:02.000Z", type: "response_item", payload: { type: "function_call_output", output: "ok" } }),
      ]),
    );
    expect(log).toMatchObject({ sessionId: "019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f", requests: [], hasActivity: true, badLines: [] });
  });
});

/* ---- Gemini CLI ---- */

const geminiHeader = json({ sessionId: "7b3e9f10-2c4d-4e5f-8a9b-0c1d2e3f4a5b", startTime: "2026-05-01T10:00:00.000Z", kind: "main" });
const geminiGood = (id: string, at: string) => json({ id, timestamp: at, type: "gemini", model: "gemini-3-pro-preview", tokens: { input: 1000, output: 10, cached: 400, thoughts: 0, tool: 0, total: 1010 } });

const GEMINI_CASES: [string, unknown, RegExp][] = [
  ["tokens: \"x\"", { id: "g-x", timestamp: "2026-05-01T10:00:02.000Z", type: "gemini", tokens: "x" }, /^tokens is "x", not an object: no tokens counted$/],
  ["input 1e300", { id: "g-x", timestamp: "2026-05-01T10:00:02.000Z", type: "gemini", tokens: { input: 1e300, output: 1 } }, /tokens\.input is 1e\+300 \(beyond exact integers\), counted as 0/],
  ["timestamp: not a date", { id: "g-x", timestamp: "not a date", type: "user", content: "hi" }, /^timestamp is "not a date", not a date: ignored$/],
  ["model: 5", { id: "g-x", timestamp: "2026-05-01T10:00:02.000Z", type: "gemini", model: 5, tokens: { input: 1 } }, /^model is 5, not a string: ignored$/],
];

describe("Gemini CLI: hostile lines and message entries", () => {
  test.each(GEMINI_CASES)("%s (JSONL)", (_what, hostile, reason) => {
    const log = parseGeminiChatJsonl(encode([geminiHeader, geminiGood("g-1", "2026-05-01T10:00:01.000Z"), json(hostile), geminiGood("g-3", "2026-05-01T10:00:03.000Z")]));
    expect(log.badLines.filter((bad) => bad.line !== 3)).toEqual([]);
    expect(log.badLines.map((bad) => bad.message).join(" | ")).toMatch(reason);
    expect(sumTokens(log.requests.filter((request) => request.line !== 3))).toEqual({ inputTokens: 1200, cacheWriteTokens: 0, cacheReadTokens: 800, outputTokens: 20, reasoningTokens: 0 });
    expect(checkSessionLog(log)).toEqual([]);
    expectStorable(log);
  });

  test.each([
    ["5", 5, /^messages\[1\] is 5, not an object: not read$/],
    ["null", null, /^messages\[1\] is null, not an object: not read$/],
    ["a string", "hello", /^messages\[1\] is "hello", not an object: not read$/],
  ])("a message entry that is %s (JSON document)", (_what, entry, reason) => {
    const document = { sessionId: "7b3e9f10-2c4d-4e5f-8a9b-0c1d2e3f4a5b", startTime: "2026-05-01T10:00:00.000Z", messages: [JSON.parse(geminiGood("g-1", "2026-05-01T10:00:01.000Z")), entry, JSON.parse(geminiGood("g-3", "2026-05-01T10:00:03.000Z"))] };
    const log = parseGeminiChatJson(new TextEncoder().encode(json(document)));
    expect(log.badLines).toEqual([{ line: 2, message: expect.stringMatching(reason) }]);
    expect(log.requests).toHaveLength(2);
    expect(sumTokens(log.requests).inputTokens).toBe(1200);
  });

  test("a truncated line and a bare number are reported as what they are", () => {
    const log = parseGeminiChatJsonl(encode([geminiHeader, '{"id":"g-2","type":"gemini","tokens":{"input":', "42", geminiGood("g-3", "2026-05-01T10:00:03.000Z")]));
    expect(log.badLines).toEqual([
      { line: 2, message: expect.stringMatching(/^invalid JSON \(the line is cut short\): /) },
      { line: 3, message: "not a JSON object (a number)" },
    ]);
    expect(log.requests).toHaveLength(1);
  });
});

/* ---- OpenCode ---- */

describe("OpenCode: hostile rows", () => {
  const message = (id: string, data: unknown, created = 1780000001000) => ({ id, session_id: "ses_A", time_created: created, data: typeof data === "string" ? data : json(data) });
  const good = (id: string, created: number) => message(id, { role: "assistant", modelID: "claude-sonnet-4-5", tokens: { input: 150, output: 30, reasoning: 0, cache: { read: 1900, write: 0 } }, time: { created } }, created);

  test.each([
    ["data not JSON", "{not json", /^message msg_2: data is not a JSON object$/],
    ["tokens: \"x\"", { role: "assistant", tokens: "x", time: { created: 1780000002000 } }, /^message msg_2: tokens is "x", not an object: no tokens counted$/],
    ["input 1e300", { role: "assistant", tokens: { input: 1e300, output: 1 }, time: { created: 1780000002000 } }, /^message msg_2: not a token count: tokens\.input is 1e\+300 \(beyond exact integers\), counted as 0$/],
    ["time.created not a date", { role: "assistant", tokens: { input: 1 }, time: { created: "not a date" } }, /^message msg_2: time\.created is "not a date", not a date: ignored$/],
    ["modelID: 5", { role: "assistant", modelID: 5, tokens: { input: 1 }, time: { created: 1780000002000 } }, /^message msg_2: modelID is 5, not a string: ignored$/],
  ])("%s", (_what, data, reason) => {
    const { value: logs, issues } = parseOpenCode({ rows: { sessions: [], messages: [good("msg_1", 1780000001000), message("msg_2", data, 1780000002000), good("msg_3", 1780000003000)], parts: [] } });
    expect(issues.map((issue) => issue.message)).toEqual([expect.stringMatching(reason)]);
    const log = logs[0]!;
    expect(sumTokens(log.requests.filter((request) => request.key !== "msg_2"))).toEqual({ inputTokens: 300, cacheWriteTokens: 0, cacheReadTokens: 3800, outputTokens: 60, reasoningTokens: 0 });
    expect(checkSessionLog(log)).toEqual([]);
    expectStorable(log);
  });

  test("a NUL in path.cwd is removed before storing, and reported", () => {
    const { value: logs } = parseOpenCode({ rows: { sessions: [], messages: [message("msg_1", { role: "assistant", path: { cwd: "/w\u0000" }, tokens: { input: 1 }, time: { created: 1780000001000 } })], parts: [] } });
    expect(checkSessionLog(logs[0]!)).toEqual([{ line: null, message: 'cwd held 1 NUL character: removed ("/w" kept)' }]);
    expect(logs[0]!.cwd).toBe("/w");
  });
});

/* ---- Seed / MoAI state JSON ---- */

describe("seed JSON: hostile values", () => {
  test.each([
    ["used 1e300", { checkpoint_id: "ckpt_1", session_id: "s1", phase: "impl", token_usage: { total: 200000, used: 1e300 } }, /^checkpoint\.tokenUsage\.usedTokens is 1e\+300 \(beyond exact integers\): not recorded$/],
    ["a negative reserve", { checkpoint_id: "ckpt_1", session_id: "s1", phase: "impl", recovery_tokens_reserved: -5 }, /^checkpoint\.recoveryTokensReserved is -5 \(negative\): not recorded$/],
    ["a NUL in the session id", { checkpoint_id: "ckpt_1", session_id: "s\u00001", phase: "impl" }, /^checkpoint\.sessionId held 1 NUL character: removed$/],
    ["a percent of 1e300", { session_id: "s1", context_window: { total: 200000, used: 1000, position_percent: 1e300 } }, /^session-metadata\.context\.usedPercent is 1e\+300, not a percent from 0 to 10000: not recorded$/],
    ["a threshold of -Infinity", `{"context_budget": {"warning_threshold_percent": -1e999, "emergency_threshold_percent": 90}}`, /^context_budget\.warning_threshold_percent is -Infinity \(a number beyond a double's range\): not recorded$/],
  ])("%s", (_what, input, reason) => {
    const parsed = parseSeedText(typeof input === "string" ? input : json(input));
    const findings = [...parsed.issues, ...checkSeedRecords(parsed.value)];
    // The first finding is the value itself; figures derived from it (what is left, a percent) follow.
    expect(findings[0]?.message).toMatch(reason);
    const stored = JSON.stringify(parsed.value);
    expect(stored).not.toMatch(/\\u0000|Infinity|e\+300/);
    expect(parsed.value).toHaveLength(1);
  });
});
