import { describe, expect, test } from "vitest";
import { buildResume, MAX_ARGUMENT_BYTES } from "./build-resume";
import { CLAUDE_SESSION_ID, hostileResumeInput } from "./test-fixtures";

const REPO = "/home/dev/shop";
const MARKERS = "/nonexistent/markers";

describe("buildResume", () => {
  test("defaults to the handoff's own runtime and matches the contract's command shape", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS));
    expect(plan.runtime).toBe("claude-code");
    expect(plan.command!.startsWith("cd '/home/dev/shop' && git checkout 'feat/typecheck' && claude -- 'Resume work")).toBe(true);
    expect(plan.nativeCommand).toBe(`cd '/home/dev/shop' && git checkout 'feat/typecheck' && claude --resume '${CLAUDE_SESSION_ID}'`);
    expect(plan.promptTokens.isEstimate).toBe(true);
    expect(plan.promptTokens.tokens).toBeGreaterThan(100);
    expect(plan.issues).toEqual([]);
  });

  test("an unknown handoff runtime resumes as generic: prompt only", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { handoffRuntime: "unknown-runtime" }));
    expect(plan.runtime).toBe("generic");
    expect(plan.command).toBeNull();
    expect(plan.nativeCommand).toBeNull();
    expect(plan.prompt).toContain("Where to paste this");
    // The reason names no agent ("a Any other agent session" read badly).
    expect(plan.reason).toContain("Baton cannot reopen this agent's session");
    expect(plan.reason).not.toMatch(/a Any|Any other agent session/);
  });

  test("antigravity has no command; its prompt says where to paste it", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { handoffRuntime: "antigravity" }));
    expect(plan).toMatchObject({ runtime: "antigravity", command: null, nativeCommand: null, preferred: "fresh" });
    expect(plan.prompt).toContain("Antigravity");
  });

  test("native resume only in the runtime that wrote the handoff", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS), "codex");
    expect(plan.command).toMatch(/&& codex -- 'Resume work/);
    expect(plan.nativeCommand).toBeNull();
    expect(plan.preferred).toBe("fresh");
    expect(plan.reason).toContain("runtime that recorded it (Claude Code)");
  });

  test("no session id, no native command", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { sessionId: null }));
    expect(plan.nativeCommand).toBeNull();
    expect(plan.reason).toContain("no session id");
  });

  test("a session id the CLI would misread is not used", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { handoffRuntime: "gemini-cli", sessionId: "3" }));
    expect(plan.nativeCommand).toBeNull();
    expect(plan.reason).toContain("list position");
  });

  test("an invalid branch name yields no command at all, with an error", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { branch: "-f" }));
    expect(plan.command).toBeNull();
    expect(plan.nativeCommand).toBeNull();
    expect(plan.issues).toEqual([expect.objectContaining({ rule: "resume-branch-invalid", severity: "error" })]);
    expect(plan.prompt).toContain("ask the user which branch");
  });

  test("an invalid remote for a remote-only branch yields no command", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { branchIsRemoteOnly: true, remote: "--upload-pack=x" }));
    expect(plan.command).toBeNull();
  });

  test("an uncommitted handoff: no checkout, and a warning", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { branch: null }));
    expect(plan.command!.startsWith("cd '/home/dev/shop' && claude -- ")).toBe(true);
    expect(plan.issues.map((issue) => issue.rule)).toEqual(["resume-no-branch"]);
  });

  test("a relative repository path cannot be redirected by CDPATH or a leading dash", () => {
    const plan = buildResume(hostileResumeInput("-repo", MARKERS));
    expect(plan.command!.startsWith("cd './-repo' && ")).toBe(true);
  });

  test("a prompt too long for one argument gives no command but keeps the prompt", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { handoffPath: `docs/${"a".repeat(MAX_ARGUMENT_BYTES)}.md` }));
    expect(plan.command).toBeNull();
    expect(plan.prompt.length).toBeGreaterThan(MAX_ARGUMENT_BYTES);
    expect(plan.issues.map((issue) => issue.rule)).toContain("resume-prompt-too-long");
  });
});

describe("native or fresh", () => {
  const sessionHere = (peakContextTokens: number | null, contextWindow: number | null) =>
    hostileResumeInput(REPO, MARKERS, { session: { hasLocalLog: true, peakContextTokens, contextWindow } });

  test("fresh when Baton has not seen the session's log on this machine", () => {
    const plan = buildResume(hostileResumeInput(REPO, MARKERS, { session: null }));
    expect(plan.preferred).toBe("fresh");
    expect(plan.nativeCommand).not.toBeNull();
    expect(plan.reason).toContain("has not found that log on this machine");
  });

  test("fresh when the session's context was mostly used (the usual handoff case)", () => {
    const plan = buildResume(sessionHere(185_000, 200_000));
    expect(plan.preferred).toBe("fresh");
    expect(plan.reason).toContain("93%");
  });

  test("fresh when how full the context was is unknown", () => {
    expect(buildResume(sessionHere(null, 200_000)).preferred).toBe("fresh");
    expect(buildResume(sessionHere(50_000, null)).preferred).toBe("fresh");
  });

  test("native when the log is here and the context had room (a usage-limit handoff)", () => {
    const plan = buildResume(sessionHere(40_000, 200_000));
    expect(plan.preferred).toBe("native");
    expect(plan.reason).toContain("20%");
  });
});
