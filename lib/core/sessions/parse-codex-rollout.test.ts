import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseCodexRollout } from "./parse-codex-rollout";
import { sumTokens } from "../tokens";
import { dedupeRequests } from "./request-dedupe";
import { summariseSession } from "./summarise-session";
import type { ParsedSessionLog, RequestSample } from "./types";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "codex");
const RECORDS = "rollout-2026-04-10T16-00-00-019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f.jsonl";
const TOKEN_COUNT_ONLY = "rollout-2025-10-01T10-00-00-0198f3c2-1a2b-7c3d-8e4f-5a6b7c8d9e0f.jsonl";
const SUBAGENT = "rollout-2026-06-01T14-00-00-019d0000-1111-7aaa-8000-000000000002.jsonl";
const read = (name: string) => readFileSync(path.join(FIXTURES, name));

describe("parseCodexRollout: token_usage_record rollouts (0.17x)", () => {
  const log = parseCodexRollout(read(RECORDS));

  test("one request per response_id; token_count repeats of the same usage are ignored", () => {
    expect(log.requests.map((request) => request.key)).toEqual(["resp_0001", "resp_0002", "resp_0003"]);
    expect(sumTokens(log.requests)).toEqual({ inputTokens: 15300, cacheWriteTokens: 0, cacheReadTokens: 20700, outputTokens: 900, reasoningTokens: 120 });
  });

  test("input is net of cached tokens; the context size is the whole prompt", () => {
    expect(log.requests[1]).toMatchObject({ inputTokens: 3200, cacheReadTokens: 11800, outputTokens: 200, contextTokens: 15000, model: "gpt-5.5", responseId: "resp_0002" });
  });

  test("session facts: id, last cwd, branch, model, stated context window, compaction", () => {
    expect(log.sessionId).toBe("019b7a10-5d2e-7f31-9c44-0a1b2c3d4e5f");
    expect(log.cwd).toBe("/srv/api/src");
    expect(log.branch).toBe("main");
    expect(log.models).toEqual(["gpt-5.5"]);
    expect(log.contextWindow).toBe(258400);
    expect(log.compactions).toEqual([{ timestamp: "2026-04-10T14:02:01.100Z", trigger: null, preTokens: null, postTokens: null, line: 16 }]);
    expect(log.startedAt).toBe("2026-04-10T14:00:00.000Z");
    expect(log.endedAt).toBe("2026-04-10T14:02:02.000Z");
  });

  test("unknown line types and broken lines are reported", () => {
    expect(log.unknownTypes).toEqual({ telemetry_ping: 1 });
    expect(log.badLines.map((bad) => bad.line)).toEqual([12]);
  });
});

describe("parseCodexRollout: token_count-only rollouts", () => {
  const log = parseCodexRollout(read(TOKEN_COUNT_ONLY));

  test("last_token_usage per event; repeats, heartbeats and zeroed post-compaction events skipped; totals-only events count the delta", () => {
    expect(log.requests.map((request) => [request.inputTokens, request.cacheReadTokens, request.outputTokens, request.reasoningTokens])).toEqual([
      [800, 200, 100, 40],
      [800, 800, 150, 50],
      [100, 400, 50, 10],
    ]);
    // Equals the final cumulative total: input 3100 − cached 1400, output 300.
    expect(sumTokens(log.requests)).toEqual({ inputTokens: 1700, cacheWriteTokens: 0, cacheReadTokens: 1400, outputTokens: 300, reasoningTokens: 100 });
  });

  test("a `compacted` line and its `context_compacted` event are one compaction", () => {
    expect(log.compactions).toHaveLength(1);
  });

  test("no stated window: the summary falls back to the model table", () => {
    expect(log.contextWindow).toBeNull();
    const summary = summariseSession([{ file: TOKEN_COUNT_ONLY, log }]);
    expect(summary?.contextWindow).toBe(400_000);
    expect(summary?.contextWindowSource).toBe("model-table");
    expect(summary?.branch).toBe("dev");
  });
});

describe("parseCodexRollout: spawned subagent rollouts", () => {
  const log = parseCodexRollout(read(SUBAGENT));

  test("roll up into the parent thread and skip the replayed parent history", () => {
    expect(log.sessionId).toBe("019d0000-0000-7aaa-8000-000000000001");
    expect(log.agentId).toBe("019d0000-1111-7aaa-8000-000000000002");
    expect(log.agentType).toBe("reviewer");
    expect(log.requests).toHaveLength(1);
    expect(log.requests[0]).toMatchObject({ inputTokens: 100, cacheReadTokens: 700, outputTokens: 60, agentId: "019d0000-1111-7aaa-8000-000000000002" });
  });
});

describe("parseCodexRollout: mapping details", () => {
  const encode = (lines: object[]) => new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");

  test("cache writes, when reported, come out of input too", () => {
    const log = parseCodexRollout(
      encode([
        { timestamp: "2026-01-01T00:00:00Z", type: "token_usage_record", payload: { response_id: "r", usage: { input_tokens: 1000, cached_input_tokens: 600, cache_write_input_tokens: 300, output_tokens: 10, reasoning_output_tokens: 0 } } },
      ]),
    );
    expect(log.requests[0]).toMatchObject({ inputTokens: 100, cacheReadTokens: 600, cacheWriteTokens: 300, contextTokens: 1000 });
  });

  test("the legacy pre-envelope header names the session; its items carry no usage and are not drift", () => {
    const log = parseCodexRollout(
      encode([
        { id: "44444444-4444-4444-8444-444444444444", timestamp: "2026-01-04T05:06:07.000Z" },
        { record_type: "state" },
        { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] },
      ]),
    );
    expect(log.sessionId).toBe("44444444-4444-4444-8444-444444444444");
    expect(log.requests).toEqual([]);
    expect(log.unknownTypes).toEqual({});
  });
});

describe("parseCodexRollout: incremental reads with carry", () => {
  /** Reads the file in slices ending at the given line numbers, passing carry along. */
  function readInSlices(bytes: Uint8Array, cuts: number[]): { slices: ParsedSessionLog[]; requests: RequestSample[] } {
    const slices: ParsedSessionLog[] = [];
    let offset = 0;
    let line = 1;
    let carry: ParsedSessionLog["carry"] = null;
    for (const cut of [...cuts, Infinity]) {
      let end = offset;
      for (let current = line; current <= cut && end < bytes.length; current += 1) end = bytes.indexOf(10, end) + 1 || bytes.length;
      const slice = parseCodexRollout(bytes.subarray(offset, end), { startLine: line, carry });
      slices.push(slice);
      offset += slice.consumedBytes;
      line += slice.consumedLines ?? 0;
      carry = slice.carry ?? null;
      if (offset >= bytes.length) break;
    }
    return { slices, requests: dedupeRequests("codex", slices.flatMap((slice) => slice.requests)) };
  }

  test.each([
    [RECORDS, [5]],
    [RECORDS, [2, 6, 10, 15]],
    [TOKEN_COUNT_ONLY, [4]],
    [TOKEN_COUNT_ONLY, [3, 5, 8]],
    [SUBAGENT, [1]],
    [SUBAGENT, [3, 4]],
  ])("%s in slices cut after lines %j equals one read", (file, cuts) => {
    const bytes = read(file);
    const whole = parseCodexRollout(bytes);
    const { slices, requests } = readInSlices(bytes, cuts);
    expect(requests).toEqual(whole.requests);
    expect(slices.at(-1)?.sessionId).toBe(whole.sessionId);
    expect(slices.at(-1)?.contextWindow).toBe(whole.contextWindow);
  });
});

describe("parseCodexRollout: tool outputs in the context (an estimate)", () => {
  const encoder = new TextEncoder();
  let total = 0;
  const tokenCount = (input: number) => {
    total += input + 10;
    const usage = { input_tokens: input, cached_input_tokens: 0, output_tokens: 10, reasoning_output_tokens: 0, total_tokens: input + 10 };
    return JSON.stringify({ timestamp: "2026-04-10T14:00:05.000Z", type: "event_msg", payload: { type: "token_count", info: { total_token_usage: { ...usage, input_tokens: total, total_tokens: total }, last_token_usage: usage } } });
  };
  const output = (text: string, type = "function_call_output") => JSON.stringify({ timestamp: "2026-04-10T14:00:04.000Z", type: "response_item", payload: { type, call_id: "call_1", output: text } });
  const call = JSON.stringify({ timestamp: "2026-04-10T14:00:03.000Z", type: "response_item", payload: { type: "function_call", name: "shell", arguments: "{\"command\":[\"ls\"]}", call_id: "call_1" } });
  const compacted = JSON.stringify({ timestamp: "2026-04-10T14:01:00.000Z", type: "event_msg", payload: { type: "context_compacted" } });
  const bytesOf = (line: string) => {
    const start = line.indexOf('"payload":') + '"payload":'.length;
    return encoder.encode(line.slice(start, -1)).length;
  };

  test("each request carries the tool outputs sent so far, /4; calls are not outputs; a compaction starts again", () => {
    const first = output("x".repeat(2_000));
    const second = output("done\n", "custom_tool_call_output");
    const lines = [tokenCount(1_000), call, first, tokenCount(2_000), call, second, tokenCount(3_000), compacted, tokenCount(500), call, second, tokenCount(700)];
    const log = parseCodexRollout(encoder.encode(`${lines.join("\n")}\n`));
    const a = bytesOf(first);
    const b = bytesOf(second);
    expect(log.requests.map((request) => request.toolResultTokens)).toEqual([0, Math.round(a / 4), Math.round((a + b) / 4), 0, Math.round(b / 4)]);
    // Read in two slices with the carry: the same.
    const cut = 6;
    const head = parseCodexRollout(encoder.encode(`${lines.slice(0, cut).join("\n")}\n`));
    const tail = parseCodexRollout(encoder.encode(`${lines.slice(cut).join("\n")}\n`), { startLine: cut + 1, carry: head.carry });
    expect([...head.requests, ...tail.requests].map((request) => request.toolResultTokens)).toEqual(log.requests.map((request) => request.toolResultTokens));
  });
});
