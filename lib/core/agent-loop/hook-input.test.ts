import { describe, expect, it } from "vitest";
import { hookOutput, parseHookInput } from "./hook-input";
import { parseLoopRecords } from "./loop-records";
import { statusLinePosition, statusLineText } from "./statusline-text";

describe("a hook's stdin", () => {
  it("reads the fields the real CLIs send", () => {
    const parsed = parseHookInput(JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: "/w", hook_event_name: "UserPromptSubmit", prompt: "hi", model: "gpt-5.5" }));
    expect(parsed).toMatchObject({ ok: true, input: { sessionId: "s", transcriptPath: "/t.jsonl", cwd: "/w", eventName: "UserPromptSubmit", model: "gpt-5.5", source: null } });
    expect(parseHookInput(JSON.stringify({ trigger: "resume" }))).toMatchObject({ ok: true, input: { source: "resume" } });
    expect(parseHookInput(JSON.stringify({ model: { id: "claude-opus-4-5", display_name: "Opus" } }))).toMatchObject({ ok: true, input: { model: "claude-opus-4-5" } });
  });

  it.each(["", "   ", "not json", "[1,2]", "42", "null", "\u0000\u00ff"])("turns %j into a problem, never a throw", (stdin) => {
    expect(parseHookInput(stdin).ok).toBe(false);
  });

  it("drops fields of the wrong kind", () => {
    expect(parseHookInput(JSON.stringify({ session_id: 5, transcript_path: ["x"], cwd: "a\u0000b" }))).toMatchObject({ ok: true, input: { sessionId: null, transcriptPath: null, cwd: null } });
  });

  it("prints one hookSpecificOutput object", () => {
    expect(JSON.parse(hookOutput("SessionStart", "ctx"))).toEqual({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "ctx" } });
  });
});

describe("loop records", () => {
  it("reads good lines and reports each bad one with its number", () => {
    const good = { v: 1, id: "a", kind: "guard-instruction", at: "2026-12-07T10:00:00Z", runtime: "claude-code", sessionId: "s", percent: 91.7, tokens: 183_400, window: 200_000, threshold: 90 };
    const text = [JSON.stringify(good), "{broken", JSON.stringify({ kind: "other" }), "", JSON.stringify({ ...good, id: "b", at: "not a date" })].join("\n");
    const { records, issues } = parseLoopRecords(text);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: "a", kind: "guard-instruction", at: "2026-12-07T10:00:00.000Z", percent: 91.7, handoffPath: null });
    expect(issues.map((issue) => issue.line)).toEqual([2, 3, 5]);
  });
});

describe("the status line", () => {
  it("computes the position from context_window, or takes used_percentage", () => {
    expect(statusLinePosition({ context_window: { context_window_size: 200_000, current_usage: { input_tokens: 3, cache_creation_input_tokens: 497, cache_read_input_tokens: 183_000, output_tokens: 50 } } })).toEqual({ percent: 91.75, tokens: 183_500, window: 200_000 });
    expect(statusLinePosition({ context_window: { context_window_size: 200_000, used_percentage: 42 } }).percent).toBe(42);
    expect(statusLinePosition({}).percent).toBeNull();
    expect(statusLinePosition({ context_window: { context_window_size: "big", current_usage: { input_tokens: -1 } } }).percent).toBeNull();
  });

  it("is one line: model, position with the next threshold, the open handoff", () => {
    expect(statusLineText({ model: "Sonnet 4.5", position: { percent: 61.2, tokens: 1, window: 2 }, thresholds: [75, 85], handoffPath: "docs/h.md" })).toBe("Sonnet 4.5 · context 61.2 % (handoff at 75 %) · open handoff: docs/h.md");
    expect(statusLineText({ model: null, position: { percent: 95, tokens: 1, window: 2 }, thresholds: [90], handoffPath: null })).toBe("context 95 % (past the handoff threshold: write the handoff) · no open handoff");
    expect(statusLineText({ model: "a\nb", position: { percent: null, tokens: null, window: null }, thresholds: [90], handoffPath: "x\ny" })).not.toContain("\n");
  });
});
