import { describe, expect, test } from "vitest";
import { isTokenCount, malformedTokenCounts } from "./json-values";
import { parseClaudeLog } from "./parse-claude-log";
import { parseCodexRollout } from "./parse-codex-rollout";
import { parseGeminiChatJsonl } from "./parse-gemini-chat";
import { parseOpenCode, type OpenCodeRows } from "./parse-opencode";
import { sumTokens } from "../tokens";

/**
 * A usage value that is there but is no token count (a string, a negative or fractional number, an
 * object, a count over 10^8 for one request) is never taken silently: the request counts with 0 for it
 * (CONTRACTS: fractions too), and the line is reported with the field, the value, why, and "counted as 0".
 */
const bytes = (lines: unknown[]) => new TextEncoder().encode(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));

describe("isTokenCount / malformedTokenCounts", () => {
  test("absent and whole numbers from 0 to 10^8 are counts; anything else is not", () => {
    for (const value of [undefined, null, 0, 1, 12_345_678, 100_000_000]) expect(isTokenCount(value), String(value)).toBe(true);
    for (const value of ["12", "NaN", -1, 1.5, Infinity, -Infinity, NaN, 1e30, 1e308, 2 ** 53 + 1, 100_000_001, {}, [], true]) expect(isTokenCount(value), JSON.stringify(value)).toBe(false);
  });

  test("names each malformed field, its value (shortened) and what was counted", () => {
    expect(malformedTokenCounts({ a: 1, b: "7", c: -3, d: 2.9 }, ["a", "b", "c", "d", "e"], "usage")).toEqual([
      'usage.b is "7" (not a number), counted as 0',
      "usage.c is -3 (negative), counted as 0",
      "usage.d is 2.9 (not a whole number), counted as 0",
    ]);
    expect(malformedTokenCounts({ a: 1e308, b: 2 ** 53 + 1, c: -Infinity }, ["a", "b", "c"], "u")).toEqual([
      "u.a is 1e+308 (beyond exact integers), counted as 0",
      "u.b is 9007199254740992 (beyond exact integers), counted as 0",
      "u.c is -Infinity (not finite), counted as 0",
    ]);
    expect(malformedTokenCounts({ a: 100_000_001 }, ["a"], "u")).toEqual(["u.a is 100000001 (over 10^8 for one request), counted as 0"]);
    expect(malformedTokenCounts({ a: "x".repeat(100) }, ["a"], "u")?.[0]).toMatch(/^u\.a is "x{38}… \(not a number\), counted as 0$/);
    expect(malformedTokenCounts({ a: 1 }, ["a", "b"], "u")).toBeNull();
  });
});

describe("Claude Code", () => {
  const assistant = (id: string, usage: unknown) => ({
    type: "assistant",
    sessionId: "s1",
    timestamp: "2026-03-02T09:00:00.000Z",
    requestId: `req_${id}`,
    message: { id: `msg_${id}`, model: "claude-opus-4-6", usage },
  });
  const lines = [
    assistant("a", { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 5 }),
    assistant("b", { input_tokens: "NaN", cache_creation_input_tokens: 100, cache_read_input_tokens: -4, output_tokens: 5 }),
    assistant("c", { input_tokens: 1, cache_creation: { ephemeral_5m_input_tokens: "9", ephemeral_1h_input_tokens: 3 }, output_tokens: 2 }),
    // A non-number total beside the split: the split counts (as before), and nothing is misreported.
    assistant("d", { input_tokens: 1, cache_creation_input_tokens: "x", cache_creation: { ephemeral_5m_input_tokens: 7, ephemeral_1h_input_tokens: 0 }, output_tokens: 1 }),
    assistant("e", { input_tokens: 1, cache_creation_input_tokens: 2.5, output_tokens: 1 }),
  ];

  for (const fullParse of [false, true]) {
    test(`the line is reported and the request still counts (${fullParse ? "whole-line parse" : "fast path"})`, () => {
      const log = parseClaudeLog(bytes(lines), { fullParse });
      expect(log.requests).toHaveLength(5);
      expect(sumTokens(log.requests)).toEqual({ inputTokens: 13, cacheWriteTokens: 210, cacheReadTokens: 1000, outputTokens: 14, reasoningTokens: 0 });
      expect(log.badLines).toEqual([
        { line: 2, message: 'not a token count: message.usage.input_tokens is "NaN" (not a number), counted as 0; message.usage.cache_read_input_tokens is -4 (negative), counted as 0' },
        { line: 3, message: 'not a token count: message.usage.cache_creation.ephemeral_5m_input_tokens is "9" (not a number), counted as 0' },
        { line: 5, message: "not a token count: message.usage.cache_creation_input_tokens is 2.5 (not a whole number), counted as 0" },
      ]);
    });
  }
});

describe("Codex CLI", () => {
  const tokenCount = (total: Record<string, unknown>, last: Record<string, unknown>) => ({
    timestamp: "2026-04-10T14:00:05.000Z",
    type: "event_msg",
    payload: { type: "token_count", info: { total_token_usage: total, last_token_usage: last } },
  });
  test("a token_count with a malformed count is reported and still counted", () => {
    const log = parseCodexRollout(
      bytes([
        { timestamp: "2026-04-10T14:00:00.000Z", type: "session_meta", payload: { id: "019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f", cwd: "/srv" } },
        tokenCount(
          { input_tokens: 1000, cached_input_tokens: 200, output_tokens: 100, reasoning_output_tokens: 40, total_tokens: 1100 },
          { input_tokens: 1000, cached_input_tokens: 200, output_tokens: 100, reasoning_output_tokens: 40, total_tokens: 1100 },
        ),
        tokenCount(
          { input_tokens: 3000, cached_input_tokens: 1200, output_tokens: 300, reasoning_output_tokens: 40, total_tokens: 3300 },
          { input_tokens: 2000, cached_input_tokens: 1000, output_tokens: "200", reasoning_output_tokens: 0, total_tokens: 2200 },
        ),
      ]),
    );
    expect(log.requests).toHaveLength(2);
    expect(log.requests[1]).toMatchObject({ inputTokens: 1000, cacheReadTokens: 1000, outputTokens: 0 });
    expect(log.badLines).toEqual([{ line: 3, message: 'not a token count: payload.info.last_token_usage.output_tokens is "200" (not a number), counted as 0' }]);
  });
});

describe("Gemini CLI", () => {
  test("a message with a malformed count is reported and still counted", () => {
    const log = parseGeminiChatJsonl(
      bytes([
        { sessionId: "7b3e9f10-2c4d-4e5f-8a9b-0c1d2e3f4a5b", startTime: "2026-05-01T10:00:00.000Z", kind: "main" },
        { id: "g-1", timestamp: "2026-05-01T10:00:05.000Z", type: "gemini", model: "gemini-2.5-pro", tokens: { input: 8000, output: 120, cached: 6000, thoughts: 64, tool: 0, total: 8184 } },
        { id: "g-2", timestamp: "2026-05-01T10:00:09.000Z", type: "gemini", model: "gemini-2.5-pro", tokens: { input: 9000, output: 1.5, cached: { n: 1 }, thoughts: 0, tool: 0, total: 9001 } },
      ]),
    );
    expect(log.requests).toHaveLength(2);
    expect(log.requests[1]).toMatchObject({ inputTokens: 9000, cacheReadTokens: 0, outputTokens: 0 });
    expect(log.badLines).toEqual([{ line: 3, message: 'not a token count: tokens.cached is {"n":1} (not a number), counted as 0; tokens.output is 1.5 (not a whole number), counted as 0' }]);
  });
});

describe("OpenCode", () => {
  test("a message with a malformed count is reported as a bad row and still counted", () => {
    const message = (id: string, tokens: unknown) => ({
      id,
      session_id: "ses_A",
      time_created: 1780000001000,
      data: JSON.stringify({ role: "assistant", modelID: "claude-sonnet-4-5", tokens, time: { created: 1780000001000 } }),
    });
    const rows: OpenCodeRows = {
      sessions: [],
      messages: [message("msg_1", { input: 150, output: 30, reasoning: 5, cache: { read: 1900, write: 30 } }), message("msg_2", { input: "150", output: 30, reasoning: 0, cache: { read: -1, write: 0 } })],
      parts: [],
    };
    const { value: logs, issues } = parseOpenCode({ rows });
    expect(logs[0]?.requests).toHaveLength(2);
    expect(sumTokens(logs[0]!.requests)).toMatchObject({ inputTokens: 150, cacheReadTokens: 1900, outputTokens: 65 });
    expect(issues.map((issue) => issue.message)).toEqual(['message msg_2: not a token count: tokens.input is "150" (not a number), counted as 0; tokens.cache.read is -1 (negative), counted as 0']);
  });
});
