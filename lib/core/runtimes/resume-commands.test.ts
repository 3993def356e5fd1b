import { describe, expect, test } from "vitest";
import { getRuntimeDefinition, isResumeRuntime, resolveResumeRuntime, RESUME_RUNTIMES } from "./resume-commands";
import { shellWordValue } from "../text/shell-quote";

describe("runtime definitions", () => {
  test("every CLI runtime has a binary, a start form and a native resume form", () => {
    for (const id of ["claude-code", "codex", "gemini-cli", "opencode"] as const) {
      const definition = getRuntimeDefinition(id);
      expect(definition.binary).toMatch(/^[a-z]+$/);
      expect(definition.startArgs).not.toBeNull();
      expect(definition.nativeResumeArgs).not.toBeNull();
      expect(definition.pasteTarget).toBeNull();
      expect(definition.verifiedWith).not.toBeNull();
    }
  });

  test("paste runtimes have no command but say where the prompt goes", () => {
    for (const id of ["antigravity", "generic"] as const) {
      const definition = getRuntimeDefinition(id);
      expect(definition.binary).toBeNull();
      expect(definition.startArgs).toBeNull();
      expect(definition.pasteTarget).toMatch(/paste/);
    }
  });

  // A prompt beginning with a dash must never land where the CLI parses options.
  test.each([
    ["claude-code", ["--", "--version\n-p"]],
    ["codex", ["--", "--version\n-p"]],
    ["gemini-cli", ["--prompt-interactive=--version\n-p"]],
    ["opencode", ["--prompt=--version\n-p"]],
  ] as const)("%s keeps a leading-dash prompt out of option parsing", (id, expected) => {
    const words = getRuntimeDefinition(id).startArgs!("--version\n-p");
    expect(words.map(shellWordValue)).toEqual(expected);
  });

  test.each([
    ["claude-code", "0b7c5a52-3f8e-4d7a-9a51-6f2d8c1e4b90", null],
    ["claude-code", "not-a-uuid", "UUID"],
    ["codex", "019a3c5e-7b2d-7f10-8e4a-2c6b9d0f1a3e", null],
    ["codex", "-last", "plain identifier"],
    ["codex", "a b", "plain identifier"],
    ["gemini-cli", "5", "list position"],
    ["gemini-cli", "latest", "list position"],
    ["gemini-cli", "5d0c6e8a-1b2f-4c3d-9e4f-a5b6c7d8e9f0", null],
    ["opencode", "ses_3f9a8b7c6d5eFgHiJk", null],
    ["opencode", "$(id)", "plain identifier"],
  ] as const)("%s session id %j", (id, sessionId, problem) => {
    const found = getRuntimeDefinition(id).sessionIdProblem(sessionId);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe("resolveResumeRuntime", () => {
  test.each([
    ["claude-code", "claude-code"],
    ["Claude Code", "claude-code"],
    ["codex", "codex"],
    ["gemini", "gemini-cli"],
    ["gemini-cli", "gemini-cli"],
    ["opencode", "opencode"],
    ["antigravity", "antigravity"],
    ["unknown-runtime", "generic"],
    ["cursor", "generic"],
    [null, "generic"],
  ] as const)("%j resumes as %s", (slug, expected) => {
    expect(resolveResumeRuntime(slug)).toBe(expected);
  });

  test("isResumeRuntime accepts exactly the listed runtimes", () => {
    for (const id of RESUME_RUNTIMES) expect(isResumeRuntime(id)).toBe(true);
    expect(isResumeRuntime("unknown-runtime")).toBe(false);
  });
});
