import { describe, expect, it } from "vitest";
import { MAX_CONTEXT_CHARS, sessionStartContext } from "./session-start-context";

const BASE = { source: "startup", handoffPath: "docs/ai/handoff/codex/01122026/handoff_x.md", prompt: "Resume work from a handoff file. …", earlier: [], alreadyGivenHere: false, fullPromptFile: null };

describe("what a session start gets", () => {
  it("startup and clear: the resume prompt, verbatim", () => {
    expect(sessionStartContext(BASE)).toEqual({ kind: "full", text: BASE.prompt });
    expect(sessionStartContext({ ...BASE, source: "clear" })).toEqual({ kind: "full", text: BASE.prompt });
    expect(sessionStartContext({ ...BASE, source: null })).toEqual({ kind: "full", text: BASE.prompt });
  });

  it("a fork warning first when another session was already given this handoff", () => {
    const context = sessionStartContext({ ...BASE, earlier: [{ sessionId: "other-1", runtime: "codex", at: "2026-12-06T10:00:00.000Z" }] });
    expect(context.kind).toBe("full");
    if (context.kind === "none") throw new Error("nothing");
    expect(context.text.startsWith("Warning from Baton: this handoff was already resumed by session other-1 (codex, 2026-12-06T10:00:00.000Z) through the hook.")).toBe(true);
    expect(context.text).toContain("(a fork)");
    expect(context.text.endsWith(BASE.prompt)).toBe(true);
  });

  it("resume: nothing when this conversation already had it; compact: one line, never the whole prompt", () => {
    expect(sessionStartContext({ ...BASE, source: "resume", alreadyGivenHere: true }).kind).toBe("none");
    const resumed = sessionStartContext({ ...BASE, source: "resume" });
    const compacted = sessionStartContext({ ...BASE, source: "compact", alreadyGivenHere: true });
    for (const context of [resumed, compacted]) {
      expect(context.kind).toBe("reminder");
      if (context.kind === "none") throw new Error("nothing");
      expect(context.text).toContain(BASE.handoffPath);
      expect(context.text).not.toContain(BASE.prompt);
      expect(context.text.split("\n")).toHaveLength(1);
    }
  });

  it("a prompt over 10,000 characters: where to read it instead, within the limit", () => {
    const long = sessionStartContext({ ...BASE, prompt: "x".repeat(MAX_CONTEXT_CHARS + 1), fullPromptFile: "/data/agent-loop/prompts/s.md" });
    expect(long.kind).toBe("truncated");
    if (long.kind === "none") throw new Error("nothing");
    expect(long.text.length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(long.text).toContain("/data/agent-loop/prompts/s.md");
    expect(long.text).toContain(BASE.handoffPath);
    const exact = sessionStartContext({ ...BASE, prompt: "y".repeat(MAX_CONTEXT_CHARS) });
    expect(exact.kind).toBe("full");
  });
});
