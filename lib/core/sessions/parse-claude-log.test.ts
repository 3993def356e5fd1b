import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseClaudeLog } from "./parse-claude-log";
import { sumTokens } from "../tokens";
import { dedupeRequests } from "./request-dedupe";
import { summariseSession, summariseSessions } from "./summarise-session";
import type { ParsedSessionLog } from "./types";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "claude");
const read = (name: string) => readFileSync(path.join(FIXTURES, name));
const MAIN = "5f0c6a52-7d0e-4c9e-9f6e-2d1b8a4c3e10.jsonl";
const SESSION_ID = "5f0c6a52-7d0e-4c9e-9f6e-2d1b8a4c3e10";

describe("parseClaudeLog: a 2.1.x main transcript", () => {
  const log = parseClaudeLog(read(MAIN));

  test("one request per API response, keeping the copy with the final output count", () => {
    expect(log.requests.map((request) => [request.key, request.outputTokens])).toEqual([
      ["msg_01AaaaaaaaaaaaaaaaaaaA:req_01AaaaaaaaaaaaaaaaaaaA", 211],
      // The subagent's request, from the copy in a progress line (line 5; this copy has no requestId,
      // so it matches the subagent file's line by its response id: both are sidechain copies).
      ["msg_01SUBbbbbbbbbbbbbbbbbB:", 55],
      ["msg_01BbbbbbbbbbbbbbbbbbbbB:req_01BbbbbbbbbbbbbbbbbbbbB", 120],
      ["msg_01CcccccccccccccccccccC:req_01CcccccccccccccccccccC", 60],
    ]);
    // The kept copy is the later line (the provisional one said output 8).
    expect(log.requests[0]?.line).toBe(4);
    expect(log.requests[1]).toMatchObject({ line: 5, agentId: "a1b2c3", isSidechain: true, model: "claude-haiku-4-5-20251001", timestamp: "2026-03-02T09:00:07.000Z", toolResultTokens: null });
  });

  test("a subagent's request embedded in a progress line counts (as the subagent's); Task results' totals and <synthetic> messages do not", () => {
    // The main file alone counts what main + subagent file count: the copy stands in for the file.
    expect(sumTokens(log.requests)).toEqual({ inputTokens: 22, cacheWriteTokens: 10420, cacheReadTokens: 29120, outputTokens: 446, reasoningTokens: 0 });
    expect(log.models).toEqual(["claude-opus-4-6", "claude-haiku-4-5-20251001"]);
  });

  test("token fields and context size per request", () => {
    expect(log.requests[0]).toMatchObject({
      responseId: "msg_01AaaaaaaaaaaaaaaaaaaA",
      timestamp: "2026-03-02T09:00:05.900Z",
      model: "claude-opus-4-6",
      inputTokens: 3,
      cacheWriteTokens: 5120,
      cacheReadTokens: 12000,
      contextTokens: 17123,
      agentId: null,
      isSidechain: false,
    });
  });

  test("compaction boundary with trigger and token sizes", () => {
    expect(log.compactions).toEqual([{ timestamp: "2026-03-02T09:10:00.000Z", trigger: "auto", preTokens: 171000, postTokens: 4100, line: 9 }]);
  });

  test("envelope: session id, last cwd and branch, first and last timestamps", () => {
    expect(log.sessionId).toBe(SESSION_ID);
    expect(log.agentId).toBeNull();
    expect(log.cwd).toBe("/home/ana/src/shop");
    expect(log.branch).toBe("feat/cart-v2");
    expect(log.startedAt).toBe("2026-03-02T09:00:00.000Z");
    expect(log.endedAt).toBe("2026-03-02T09:10:06.000Z");
    expect(log.contextWindow).toBeNull();
  });

  test("format drift and broken lines are reported, not thrown", () => {
    expect(log.unknownTypes).toEqual({ "future-thing": 1 });
    expect(log.badLines).toHaveLength(1);
    expect(log.badLines[0]?.line).toBe(8);
    expect(log.consumedBytes).toBe(read(MAIN).length);
    expect(log.consumedLines).toBe(14);
  });
});

describe("parseClaudeLog: subagents and sidechains", () => {
  const main = parseClaudeLog(read(MAIN));
  const subagent = parseClaudeLog(read("subagents/agent-a1b2c3.jsonl"), { agentId: "a1b2c3", agentType: "Explore" });

  test("a subagent file carries the parent's session id and its own agent id", () => {
    expect(subagent.sessionId).toBe(SESSION_ID);
    expect(subagent.agentId).toBe("a1b2c3");
    expect(subagent.agentType).toBe("Explore");
    expect(subagent.requests.every((request) => request.agentId === "a1b2c3" && request.isSidechain === true)).toBe(true);
  });

  test("session totals include the subagent; a sidechain replay of a parent message never wins", () => {
    const summary = summariseSession([
      { file: MAIN, log: main },
      { file: "subagents/agent-a1b2c3.jsonl", log: subagent },
    ]);
    expect(summary).not.toBeNull();
    expect(summary?.requests).toBe(4);
    expect(summary && sumTokens([summary])).toEqual({ inputTokens: 22, cacheWriteTokens: 10420, cacheReadTokens: 29120, outputTokens: 446, reasoningTokens: 0 });
    // Over the main session's own requests only: msg_01B is 5 + 300 + 17120.
    expect(summary?.peakContextTokens).toBe(17425);
    expect(summary?.subagents).toEqual([
      {
        agentId: "a1b2c3",
        agentType: "Explore",
        requests: 1,
        inputTokens: 10,
        cacheWriteTokens: 900,
        cacheReadTokens: 0,
        outputTokens: 55,
        reasoningTokens: 0,
        models: ["claude-haiku-4-5-20251001", "claude-opus-4-6"],
        startedAt: "2026-03-02T09:00:06.000Z",
        endedAt: "2026-03-02T09:00:07.500Z",
        compactions: 0,
      },
    ]);
    expect(summary?.compactions).toBe(1);
    expect(summary?.contextWindow).toBe(1_000_000);
    expect(summary?.contextWindowSource).toBe("model-table");
    expect(summary?.sourceIssues).toEqual([{ source: "claude-code", file: MAIN, badLines: 1, unknownTypes: { "future-thing": 1 } }]);
  });

  test("a subagent known only from progress copies (its file missing) counts once and is listed", () => {
    const summary = summariseSession([{ file: MAIN, log: main }])!;
    expect(summary.requests).toBe(4);
    expect(sumTokens([summary])).toEqual({ inputTokens: 22, cacheWriteTokens: 10420, cacheReadTokens: 29120, outputTokens: 446, reasoningTokens: 0 });
    // The peak stays the main conversation's own.
    expect(summary.peakContextTokens).toBe(17425);
    expect(summary.subagents).toEqual([
      {
        agentId: "a1b2c3",
        agentType: null,
        requests: 1,
        inputTokens: 10,
        cacheWriteTokens: 900,
        cacheReadTokens: 0,
        outputTokens: 55,
        reasoningTokens: 0,
        models: ["claude-haiku-4-5-20251001"],
        startedAt: "2026-03-02T09:00:07.000Z",
        endedAt: "2026-03-02T09:00:07.000Z",
        compactions: 0,
      },
    ]);
  });

  test("progress copies are de-duplicated by message id + request id among themselves and against the subagent's file, whichever is read first", () => {
    const progress = (id: string, request: string, output: number, uuid = `c-${id}-${output}`) =>
      JSON.stringify({
        type: "progress",
        isSidechain: false,
        sessionId: SESSION_ID,
        timestamp: "2026-03-02T09:00:07.100Z",
        data: { type: "agent_progress", agentId: "a1b2c3", message: { type: "assistant", timestamp: "2026-03-02T09:00:07.000Z", requestId: request, uuid, message: { id: id, model: "claude-haiku-4-5-20251001", usage: { input_tokens: 10, cache_creation_input_tokens: 900, cache_read_input_tokens: 0, output_tokens: output } } } },
      });
    // Three copies of the subagent's one response (one with a provisional output count), plus one of a second response.
    const text = [progress("msg_01SUBbbbbbbbbbbbbbbbbB", "req_01SUBbbbbbbbbbbbbbbbbB", 3), progress("msg_01SUBbbbbbbbbbbbbbbbbB", "req_01SUBbbbbbbbbbbbbbbbbB", 55), progress("msg_01SUBbbbbbbbbbbbbbbbbB", "req_01SUBbbbbbbbbbbbbbbbbB", 55), progress("msg_02", "req_02", 7)].join("\n") + "\n";
    for (const fullParse of [false, true]) {
      const copies = parseClaudeLog(new TextEncoder().encode(text), { fullParse });
      expect(copies.requests.map((request) => [request.key, request.outputTokens, request.agentId])).toEqual([
        ["msg_01SUBbbbbbbbbbbbbbbbbB:req_01SUBbbbbbbbbbbbbbbbbB", 55, "a1b2c3"],
        ["msg_02:req_02", 7, "a1b2c3"],
      ]);
      for (const order of [[copies, subagent], [subagent, copies]]) {
        const summary = summariseSession(order.map((log, index) => ({ file: `f${index}`, log })))!;
        // msg_01SUB once (from either record), msg_01B (the subagent's sidechain replay of the parent's message) once, msg_02 once.
        expect(summary.requests).toBe(3);
        expect(summary.subagents.map((agent) => [agent.agentId, agent.requests, agent.outputTokens])).toEqual([["a1b2c3", 3, 55 + 7 + 120]]);
      }
    }
  });

  test("a progress copy with no message id and no uuid (it could never be matched with its own record) is not counted; a bad count in one is reported on its line", () => {
    const line = (message: object) => JSON.stringify({ type: "progress", data: { type: "agent_progress", agentId: "x", message: { type: "assistant", message } } });
    const text = [line({ model: "claude-haiku-4-5", usage: { input_tokens: 5, output_tokens: 1 } }), line({ id: "m", model: "claude-haiku-4-5", usage: { input_tokens: -5, output_tokens: 1 } })].join("\n") + "\n";
    const parsed = parseClaudeLog(new TextEncoder().encode(text));
    expect(parsed.requests.map((request) => [request.key, request.inputTokens])).toEqual([["m:", 0]]);
    expect(parsed.badLines).toEqual([{ line: 2, message: expect.stringContaining("data.message.message.usage.input_tokens") }]);
  });

  test("1.0.x inline sidechain lines count in the totals but not in the peak; empty gitBranch is no branch", () => {
    const legacy = parseClaudeLog(read("legacy-1.0-inline-sidechain.jsonl"));
    expect(legacy.requests).toHaveLength(3);
    expect(sumTokens(legacy.requests)).toEqual({ inputTokens: 12, cacheWriteTokens: 2100, cacheReadTokens: 3500, outputTokens: 150, reasoningTokens: 0 });
    expect(legacy.requests.filter((request) => request.isSidechain).map((request) => request.responseId)).toEqual(["msg_L2"]);
    expect(legacy.branch).toBeNull();
    expect(legacy.unknownTypes).toEqual({});
    const summary = summariseSession([{ file: "legacy.jsonl", log: legacy }]);
    expect(summary?.peakContextTokens).toBe(2102);
  });

  test("the 2.0.x flat agent-<id>.jsonl rolls into the session its lines name", () => {
    const legacy = parseClaudeLog(read("legacy-1.0-inline-sidechain.jsonl"));
    const flat = parseClaudeLog(read("agent-f00d.jsonl"), { agentId: "f00d" });
    const sessions = summariseSessions([
      { file: "legacy.jsonl", log: legacy },
      { file: "agent-f00d.jsonl", log: flat },
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.requests).toBe(4);
    expect(sessions[0]?.inputTokens).toBe(112);
    expect(sessions[0]?.subagents.map((agent) => [agent.agentId, agent.requests])).toEqual([["f00d", 1]]);
  });

  test("the sidechain-replay rule also holds when the replay is read first", () => {
    const replayFirst = dedupeRequests("claude-code", [...subagent.requests, ...main.requests]);
    const kept = replayFirst.find((request) => request.responseId === "msg_01BbbbbbbbbbbbbbbbbbbbB");
    expect(kept?.key).toBe("msg_01BbbbbbbbbbbbbbbbbbbbB:req_01BbbbbbbbbbbbbbbbbbbbB");
    expect(kept?.cacheReadTokens).toBe(17120);
  });
});

describe("parseClaudeLog: line shapes", () => {
  const encode = (lines: string[]) => new TextEncoder().encode(lines.join("\n") + "\n");

  test("usage lines without a type (ccusage's own fixtures) are assistant lines", () => {
    const log = parseClaudeLog(
      encode(['{"timestamp":"2026-01-09T10:00:00.000Z","sessionId":"s","message":{"id":"m1","model":"claude-sonnet-4-20250514","usage":{"input_tokens":100,"output_tokens":50,"cache_creation_input_tokens":25,"cache_read_input_tokens":10}},"requestId":"r1"}']),
    );
    expect(log.requests).toHaveLength(1);
    expect(log.unknownTypes).toEqual({});
  });

  test("a response written with a smaller total later keeps the larger copy", () => {
    const line = (output: number) =>
      `{"type":"assistant","timestamp":"2026-01-01T00:00:0${output % 10}.000Z","requestId":"r","message":{"id":"m","model":"claude-opus-4-6","usage":{"input_tokens":1,"output_tokens":${output}}}}`;
    const log = parseClaudeLog(encode([line(300), line(12)]));
    expect(log.requests.map((request) => request.outputTokens)).toEqual([300]);
  });

  test("cache writes fall back to the 5m + 1h split when the total is absent", () => {
    const log = parseClaudeLog(
      encode(['{"type":"assistant","message":{"id":"m","usage":{"input_tokens":1,"output_tokens":2,"cache_creation":{"ephemeral_5m_input_tokens":30,"ephemeral_1h_input_tokens":70}}}}']),
    );
    expect(log.requests[0]?.cacheWriteTokens).toBe(100);
  });

  test("lines without a message id are never merged", () => {
    const line = '{"type":"assistant","message":{"usage":{"input_tokens":1,"output_tokens":2}}}';
    expect(parseClaudeLog(encode([line, line])).requests).toHaveLength(2);
  });

  test("non-object lines and invalid JSON are bad lines", () => {
    const log = parseClaudeLog(encode(["garbage", "[1,2]", '{"type":"user","message":{"usage":', '{"type":"user" "x"}']));
    expect(log.badLines.map((bad) => bad.line)).toEqual([1, 2, 3, 4]);
  });
});

describe("parseClaudeLog: incremental reads", () => {
  const bytes = read(MAIN);

  test.each([1, 3, 7, 9, 13])("reading in two slices split after line %i gives the same requests as one read", (splitAfterLine) => {
    let offset = 0;
    for (let line = 0; line < splitAfterLine; line += 1) offset = bytes.indexOf(10, offset) + 1;
    const first = parseClaudeLog(bytes.subarray(0, offset));
    expect(first.consumedBytes).toBe(offset);
    const second = parseClaudeLog(bytes.subarray(first.consumedBytes), { startLine: 1 + (first.consumedLines ?? 0) });
    const merged = dedupeRequests("claude-code", [...first.requests, ...second.requests]);
    expect(merged).toEqual(parseClaudeLog(bytes).requests);
    expect(second.badLines.map((bad) => bad.line)).toEqual(parseClaudeLog(bytes).badLines.map((bad) => bad.line).filter((line) => line > splitAfterLine));
  });

  test("a slice cut mid-line stops at the last complete line", () => {
    const cut = bytes.indexOf(10, bytes.indexOf(10) + 1) + 20;
    const log: ParsedSessionLog = parseClaudeLog(bytes.subarray(0, cut));
    expect(log.consumedBytes).toBe(bytes.indexOf(10, bytes.indexOf(10) + 1) + 1);
    expect(log.badLines).toEqual([{ line: 3, message: expect.stringContaining("not consumed") }]);
  });
});

describe("parseClaudeLog: tool results in the context (an estimate)", () => {
  const encoder = new TextEncoder();
  let n = 0;
  const assistant = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: "assistant", timestamp: `2026-03-02T09:00:${String(n).padStart(2, "0")}.000Z`, requestId: `req_${n}`, ...extra, message: { id: `msg_${n++}`, model: "claude-opus-4-6", content: [{ type: "tool_use", id: "t", name: "Read", input: {} }], usage: { input_tokens: 1, output_tokens: 1 } } });
  const toolResult = (text: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: "user", ...extra, message: { role: "user", content: [{ tool_use_id: "t", type: "tool_result", content: text }] } });
  const contentBytes = (text: string) => encoder.encode(JSON.stringify([{ tool_use_id: "t", type: "tool_result", content: text }])).length;
  const prompt = JSON.stringify({ type: "user", message: { role: "user", content: "a long prompt ".repeat(100) } });
  const compaction = JSON.stringify({ type: "system", subtype: "compact_boundary", timestamp: "2026-03-02T09:10:00.000Z", compactMetadata: { trigger: "auto", preTokens: 100 } });
  const big = "x".repeat(4_000);
  const small = "line\n\"quoted\"\tend";

  test("the bytes of the tool results sent so far, /4, on each request; prompts are not tool results; a compaction starts again", () => {
    const lines = [prompt, assistant(), toolResult(big), assistant(), toolResult(small), assistant(), compaction, assistant(), toolResult(small), assistant()];
    const log = parseClaudeLog(encoder.encode(`${lines.join("\n")}\n`));
    const first = contentBytes(big);
    const second = first + contentBytes(small);
    expect(log.requests.map((request) => request.toolResultTokens)).toEqual([0, Math.round(first / 4), Math.round(second / 4), 0, Math.round(contentBytes(small) / 4)]);
    expect(log).toStrictEqual(parseClaudeLog(encoder.encode(`${lines.join("\n")}\n`), { fullParse: true }));
  });

  test("read in slices with the carry, the same estimates as read whole", () => {
    const lines = [assistant(), toolResult(big), assistant(), toolResult(small), toolResult(big), assistant(), assistant()];
    const whole = parseClaudeLog(encoder.encode(`${lines.join("\n")}\n`));
    for (let cut = 1; cut < lines.length; cut += 1) {
      const head = parseClaudeLog(encoder.encode(`${lines.slice(0, cut).join("\n")}\n`));
      const tail = parseClaudeLog(encoder.encode(`${lines.slice(cut).join("\n")}\n`), { startLine: cut + 1, carry: head.carry });
      expect([...head.requests, ...tail.requests].map((request) => request.toolResultTokens)).toEqual(whole.requests.map((request) => request.toolResultTokens));
    }
  });

  test("sidechain lines in a main file belong to another context; a subagent file's lines are all its own", () => {
    const lines = [toolResult(big, { isSidechain: true }), assistant({ isSidechain: true }), toolResult(small), assistant()];
    const main = parseClaudeLog(encoder.encode(`${lines.join("\n")}\n`));
    expect(main.requests.map((request) => request.toolResultTokens)).toEqual([null, Math.round(contentBytes(small) / 4)]);
    const subagent = parseClaudeLog(encoder.encode(`${lines.join("\n")}\n`), { agentId: "a1" });
    expect(subagent.requests.map((request) => request.toolResultTokens)).toEqual([Math.round(contentBytes(big) / 4), Math.round((contentBytes(big) + contentBytes(small)) / 4)]);
  });
});
