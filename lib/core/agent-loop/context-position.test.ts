import { describe, expect, it } from "vitest";
import { readContextPosition } from "./context-position";
import { describePosition, formatPercent } from "./position-words";

const encoder = new TextEncoder();
const bytes = (lines: unknown[]) => encoder.encode(lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n");

function assistant(id: number, prompt: { input: number; write: number; read: number }, options: { model?: string; sidechain?: boolean } = {}) {
  return {
    type: "assistant",
    sessionId: "s",
    uuid: `u${id}`,
    isSidechain: options.sidechain ?? false,
    timestamp: `2026-12-07T10:00:${String(id).padStart(2, "0")}Z`,
    requestId: `req${id}`,
    message: { id: `msg${id}`, model: options.model ?? "claude-sonnet-4-5", usage: { input_tokens: prompt.input, cache_creation_input_tokens: prompt.write, cache_read_input_tokens: prompt.read, output_tokens: 9 } },
  };
}

describe("the context position from a Claude Code transcript's tail", () => {
  it("is the last main-chain request's input + cache write + cache read over the model table's window", () => {
    const reading = readContextPosition("claude-jsonl", bytes([assistant(1, { input: 3, write: 100, read: 1000 }), assistant(2, { input: 7, write: 2_493, read: 181_000 })]));
    expect(reading).toMatchObject({ kind: "position", position: { tokens: 183_500, window: 200_000, windowSource: "model-table", model: "claude-sonnet-4-5", basis: "request" } });
    if (reading.kind !== "position") throw new Error("no position");
    expect(reading.position.percent).toBeCloseTo(91.75, 10);
    expect(describePosition(reading.position)).toBe("91.7 % of 200,000 tokens");
  });

  it("ignores a subagent's (sidechain) request that came later", () => {
    const reading = readContextPosition("claude-jsonl", bytes([assistant(1, { input: 1, write: 0, read: 50_000 }), assistant(2, { input: 1, write: 0, read: 190_000 }, { sidechain: true })]));
    expect(reading.kind === "position" && reading.position.tokens).toBe(50_001);
  });

  it("reads a compaction after the last request as the context falling back", () => {
    const boundary = { type: "system", subtype: "compact_boundary", timestamp: "2026-12-07T10:01:00Z", compactMetadata: { trigger: "auto", preTokens: 190_000, postTokens: 12_000 } };
    expect(readContextPosition("claude-jsonl", bytes([assistant(1, { input: 1, write: 0, read: 190_000 }), boundary]))).toMatchObject({ kind: "position", position: { tokens: 12_000, basis: "compaction" } });
    const withoutSize = { ...boundary, compactMetadata: { trigger: "auto" } };
    expect(readContextPosition("claude-jsonl", bytes([assistant(1, { input: 1, write: 0, read: 190_000 }), withoutSize])).kind).toBe("compacted");
  });

  it("reads around garbage lines and reports them", () => {
    const reading = readContextPosition("claude-jsonl", bytes(["not json {", assistant(1, { input: 1, write: 0, read: 1_000 }), "\u0000\u0001binary"]));
    expect(reading).toMatchObject({ kind: "position", position: { tokens: 1_001 } });
    expect(reading.badLines).toBeGreaterThan(0);
  });

  it("gives an unknown model no window (never a guess)", () => {
    const reading = readContextPosition("claude-jsonl", bytes([assistant(1, { input: 1, write: 0, read: 1_000 }, { model: "claude-future-9" })]));
    expect(reading).toMatchObject({ kind: "position", position: { window: null, percent: null, windowSource: "unknown" } });
  });

  it("finds no request in an empty or request-less tail", () => {
    expect(readContextPosition("claude-jsonl", new Uint8Array()).kind).toBe("no-request");
    expect(readContextPosition("claude-jsonl", bytes([{ type: "user", message: { role: "user", content: "hi" } }])).kind).toBe("no-request");
  });
});

describe("Codex and Gemini CLI transcripts", () => {
  it("Codex: the last response's prompt over the rollout's own model_context_window", () => {
    const lines = [
      { timestamp: "2026-12-07T10:00:00Z", type: "turn_context", payload: { model: "gpt-5.5", cwd: "/w" } },
      { timestamp: "2026-12-07T10:00:01Z", type: "event_msg", payload: { type: "token_count", info: { total_token_usage: { input_tokens: 240_000, cached_input_tokens: 230_000, output_tokens: 10, reasoning_output_tokens: 0, total_tokens: 240_010 }, last_token_usage: { input_tokens: 240_000, cached_input_tokens: 230_000, output_tokens: 10, reasoning_output_tokens: 0, total_tokens: 240_010 }, model_context_window: 258_400 } } },
    ];
    const reading = readContextPosition("codex-rollout", bytes(lines));
    expect(reading).toMatchObject({ kind: "position", position: { tokens: 240_000, window: 258_400, windowSource: "log" } });
  });

  it("Gemini CLI: the chat file's tokens over the model table's window", () => {
    const lines = [
      { sessionId: "g", projectHash: "h", startTime: "2026-12-07T10:00:00Z", lastUpdated: "2026-12-07T10:00:00Z", kind: "main" },
      { id: "m1", timestamp: "2026-12-07T10:00:01Z", type: "gemini", content: "hi", model: "gemini-2.5-pro", tokens: { input: 943_718, output: 5, cached: 0, thoughts: 0, tool: 0, total: 943_723 } },
    ];
    const reading = readContextPosition("gemini-chat", bytes(lines));
    expect(reading).toMatchObject({ kind: "position", position: { tokens: 943_718, window: 1_048_576, windowSource: "model-table" } });
  });
});

describe("formatting a position", () => {
  it.each([
    [92, "92 %"],
    [91.75, "91.7 %"],
    [89.99, "89.9 %"],
    [100, "100 %"],
  ])("%d → %s (rounded down: never reads as a threshold it has not reached)", (percent, text) => {
    expect(formatPercent(percent)).toBe(text);
  });
});
