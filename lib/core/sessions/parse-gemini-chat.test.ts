import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseGeminiChatJson, parseGeminiChatJsonl, parseGeminiProjects } from "./parse-gemini-chat";
import { sumTokens } from "../tokens";
import { dedupeRequests } from "./request-dedupe";
import { sha256Hex } from "./sha256";
import { summariseSession } from "./summarise-session";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "gemini");
const JSONL = "session-2026-05-01T10-00-7b3e9f10.jsonl";
const LEGACY = "session-2026-03-18T21-05-a4c9e2d0.json";
const read = (name: string) => readFileSync(path.join(FIXTURES, name));
const encode = (lines: object[]) => new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join("\n") + "\n");

describe("parseGeminiChatJsonl", () => {
  const log = parseGeminiChatJsonl(read(JSONL), { projectRoot: "/home/ana/src/shop" });

  test("a re-appended message counts once, from its last copy with tokens", () => {
    expect(log.requests.map((request) => [request.key, request.line])).toEqual([
      ["g-001", 7],
      ["g-002", 8],
      ["g-003", 15],
    ]);
  });

  test("prompt − cached + tool is input; candidates + thoughts is output", () => {
    expect(log.requests[1]).toMatchObject({ inputTokens: 800, cacheReadTokens: 7900, outputTokens: 40, reasoningTokens: 0, contextTokens: 8700 });
    expect(sumTokens(log.requests)).toEqual({ inputTokens: 3300, cacheWriteTokens: 0, cacheReadTokens: 22500, outputTokens: 286, reasoningTokens: 96 });
  });

  test("$set.messages rewrites add no usage; a state snapshot rewrite is a compaction; $rewindTo removes nothing", () => {
    expect(log.compactions).toEqual([{ timestamp: "2026-05-01T10:05:10.000Z", trigger: "auto", preTokens: null, postTokens: null, line: 16 }]);
    expect(log.requests).toHaveLength(3);
  });

  test("session facts: id from the header, models in order, folder from the caller, no branch", () => {
    expect(log.sessionId).toBe("7b3e9f10-2c4d-4e5f-8a9b-0c1d2e3f4a5b");
    expect(log.models).toEqual(["gemini-2.5-pro", "gemini-2.5-flash"]);
    expect(log.cwd).toBe("/home/ana/src/shop");
    expect(log.branch).toBeNull();
    expect(log.startedAt).toBe("2026-05-01T10:00:00.000Z");
    expect(log.endedAt).toBe("2026-05-01T10:05:11.000Z");
  });

  test("unknown record types and broken lines are reported", () => {
    expect(log.unknownTypes).toEqual({ telemetry: 1 });
    expect(log.badLines.map((bad) => bad.line)).toEqual([18]);
  });

  test("peak context and an unknown model window stay facts, not guesses", () => {
    const summary = summariseSession([{ file: JSONL, log }]);
    expect(summary?.peakContextTokens).toBe(9100);
    // The last main request used gemini-2.5-flash, which the table knows.
    expect(summary?.contextWindow).toBe(1_048_576);
    const unknownModel = parseGeminiChatJsonl(
      encode([{ sessionId: "s" }, { id: "g", type: "gemini", model: "gemini-9-ultra", tokens: { input: 10, output: 1, cached: 0, thoughts: 0, tool: 0, total: 11 } }]),
    );
    const unknownSummary = summariseSession([{ file: "x.jsonl", log: unknownModel }]);
    expect(unknownSummary?.contextWindow).toBeNull();
    expect(unknownSummary?.contextWindowSource).toBe("unknown");
  });

  test("incremental reads carry the session id and merge to the same requests", () => {
    const bytes = read(JSONL);
    let cut = 0;
    for (let line = 0; line < 5; line += 1) cut = bytes.indexOf(10, cut) + 1;
    const first = parseGeminiChatJsonl(bytes.subarray(0, cut));
    const second = parseGeminiChatJsonl(bytes.subarray(first.consumedBytes), { startLine: 1 + (first.consumedLines ?? 0), carry: first.carry });
    expect(second.sessionId).toBe(log.sessionId);
    const merged = dedupeRequests("gemini-cli", [...first.requests, ...second.requests]);
    expect(merged).toEqual(parseGeminiChatJsonl(bytes).requests);
  });

  test("a prompt written net of cache (total adds up only with cached on top) is not reduced again", () => {
    const net = parseGeminiChatJsonl(encode([{ id: "g", type: "gemini", tokens: { input: 100, output: 60, cached: 800, thoughts: 20, tool: 0, total: 980 } }]));
    expect(net.requests[0]).toMatchObject({ inputTokens: 100, cacheReadTokens: 800, outputTokens: 80 });
    const inclusive = parseGeminiChatJsonl(encode([{ id: "g", type: "gemini", tokens: { input: 900, output: 60, cached: 800, thoughts: 20, tool: 0, total: 980 } }]));
    expect(inclusive.requests[0]).toMatchObject({ inputTokens: 100, cacheReadTokens: 800, outputTokens: 80 });
  });

  test("subagent chats are listed under their session with an agent id", () => {
    const sub = parseGeminiChatJsonl(encode([{ sessionId: "s1", kind: "subagent" }, { id: "g", type: "gemini", tokens: { input: 5, output: 1 } }]), { agentId: "session-x-sub" });
    expect(sub.agentId).toBe("session-x-sub");
    expect(sub.requests[0]?.agentId).toBe("session-x-sub");
  });
});

describe("parseGeminiChatJson (older whole-document format)", () => {
  test("sums the gemini messages with tokens", () => {
    const log = parseGeminiChatJson(read(LEGACY));
    expect(log.sessionId).toBe("a4c9e2d0-legacy-json");
    expect(log.requests.map((request) => request.key)).toEqual(["m-1", "m-4"]);
    expect(sumTokens(log.requests)).toEqual({ inputTokens: 2550, cacheWriteTokens: 0, cacheReadTokens: 800, outputTokens: 130, reasoningTokens: 60 });
    expect(log.consumedBytes).toBe(read(LEGACY).length);
  });

  test("a document caught mid-rewrite is not consumed", () => {
    const bytes = read(LEGACY).subarray(0, 300);
    const log = parseGeminiChatJson(bytes);
    expect(log.consumedBytes).toBe(0);
    expect(log.requests).toEqual([]);
    expect(log.badLines).toHaveLength(1);
  });
});

describe("parseGeminiProjects", () => {
  test("maps short project names and path hashes to folders", () => {
    const { value, issues } = parseGeminiProjects(read("projects.json").toString("utf8"));
    expect(issues).toEqual([]);
    expect(value.shop).toBe("/home/ana/src/shop");
    expect(value[sha256Hex("/home/ana/src/api")]).toBe("/home/ana/src/api");
  });

  test("an unreadable file is an issue, not an exception", () => {
    expect(parseGeminiProjects("{nope").issues).toHaveLength(1);
  });
});

describe("parseGeminiChatJsonl: tool results in the context (an estimate)", () => {
  const encoder = new TextEncoder();
  const tokens = { input: 1000, output: 10, cached: 0, thoughts: 0, tool: 0, total: 1010 };
  const gemini = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, timestamp: "2026-11-29T08:23:25.279Z", type: "gemini", content: "", tokens, model: "gemini-3.8-flash", ...extra });
  const response = { output: "Hello README for gemini test project.\n".repeat(20) };
  const call = (id: string) => ({ id, name: "read_file", args: { file_path: "README.txt" }, result: [{ functionResponse: { id, name: "read_file", response } }], status: "success" });
  const userResponse = (id: string) => JSON.stringify({ id: `u-${id}`, timestamp: "2026-11-29T08:23:25.300Z", type: "user", content: [{ functionResponse: { id, name: "read_file", response } }] });
  const bytes = encoder.encode(JSON.stringify([response])).length;

  test("each tool call counts once (re-appended message, user functionResponse turn), after the request that made it", () => {
    const lines = [gemini("m1"), gemini("m1", { toolCalls: [call("c1")] }), userResponse("c1"), gemini("m2"), gemini("m2", { toolCalls: [call("c2")] }), gemini("m3")];
    const log = parseGeminiChatJsonl(encoder.encode(`${lines.join("\n")}\n`));
    expect(log.requests.map((request) => [request.key, request.toolResultTokens])).toEqual([
      ["m1", 0],
      ["m2", Math.round(bytes / 4)],
      ["m3", Math.round((2 * bytes) / 4)],
    ]);
    // In slices with the carry: the same.
    for (let cut = 1; cut < lines.length; cut += 1) {
      const head = parseGeminiChatJsonl(encoder.encode(`${lines.slice(0, cut).join("\n")}\n`));
      const tail = parseGeminiChatJsonl(encoder.encode(`${lines.slice(cut).join("\n")}\n`), { startLine: cut + 1, carry: head.carry });
      const merged = new Map([...head.requests, ...tail.requests].map((request) => [request.key, request.toolResultTokens]));
      expect([...merged]).toEqual(log.requests.map((request) => [request.key, request.toolResultTokens]));
    }
  });

  test("a compression (state snapshot) starts the count again", () => {
    const snapshot = JSON.stringify({ $set: { lastUpdated: "2026-11-29T09:00:00.000Z", messages: [{ type: "user", content: [{ text: "<state_snapshot>…</state_snapshot>" }] }] } });
    const lines = [gemini("m1", { toolCalls: [call("c1")] }), gemini("m2"), snapshot, gemini("m3")];
    const log = parseGeminiChatJsonl(encoder.encode(`${lines.join("\n")}\n`));
    expect(log.requests.map((request) => request.toolResultTokens)).toEqual([0, Math.round(bytes / 4), 0]);
  });
});
