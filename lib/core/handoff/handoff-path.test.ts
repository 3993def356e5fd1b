import { describe, expect, test } from "vitest";
import { normaliseRepoPath, normaliseRuntime, parseDateFolder, parseHandoffPath } from "./handoff-path";

const rules = (path: string) => parseHandoffPath(path).findings.map((f) => f.rule);

describe("parseHandoffPath", () => {
  test("protocol path at the repo root", () => {
    expect(parseHandoffPath("docs/ai/handoff/claude-code/08082026/handoff_fix-typecheck-errors.md")).toEqual({
      isProtocolPath: true,
      runtimeFolder: "claude-code",
      dateFolder: "08082026",
      date: "2026-08-08",
      phase: "fix-typecheck-errors",
      findings: [],
      protocolRoot: "",
    });
  });

  test.each([
    ["Windows separators", "docs\\ai\\handoff\\codex\\01012026\\handoff_a.md"],
    ["leading ./", "./docs/ai/handoff/codex/01012026/handoff_a.md"],
    ["doubled slashes", "docs//ai/handoff/codex/01012026//handoff_a.md"],
  ])("tolerates %s", (_name, path) => {
    const info = parseHandoffPath(path);
    expect(info.isProtocolPath).toBe(true);
    expect(info.runtimeFolder).toBe("codex");
    expect(info.date).toBe("2026-01-01");
    expect(info.phase).toBe("a");
  });

  test("nested under a package: parsed, with an info finding", () => {
    const info = parseHandoffPath("packages/web/docs/ai/handoff/gemini-cli/29022028/handoff_wire-routes.md");
    expect(info).toMatchObject({
      isProtocolPath: true,
      runtimeFolder: "gemini-cli",
      date: "2028-02-29",
      phase: "wire-routes",
      protocolRoot: "packages/web/",
    });
    expect(info.findings.map((f) => f.rule)).toEqual(["handoff-path-nested"]);
  });

  test.each([
    ["31022026", "not a real DDMMYYYY date"],
    ["29022026", "not a real DDMMYYYY date"],
    ["00012026", "not a real DDMMYYYY date"],
    ["2026-08-08", "not DDMMYYYY"],
    ["8082026", "not DDMMYYYY"],
    ["20260808", "reads as YYYYMMDD"],
    ["12312026", "reads as MMDDYYYY"],
  ])("impossible or malformed date folder %s → date-folder-invalid, not a crash", (folder, message) => {
    const info = parseHandoffPath(`docs/ai/handoff/codex/${folder}/handoff_a.md`);
    expect(info.date).toBeNull();
    expect(info.dateFolder).toBe(folder);
    const dateFinding = info.findings.find((f) => f.rule === "date-folder-invalid");
    expect(dateFinding?.severity).toBe("error");
    expect(dateFinding?.message).toContain(message);
  });

  test("unknown runtime folder suggests the slug", () => {
    const info = parseHandoffPath("docs/ai/handoff/Claude/08082026/handoff_a.md");
    const unknown = info.findings.find((f) => f.rule === "runtime-folder-unknown");
    expect(unknown?.message).toContain('did you mean "claude-code"');
    expect(rules("docs/ai/handoff/cursor/08082026/handoff_a.md")).toEqual(["runtime-folder-unknown"]);
    expect(rules("docs/ai/handoff/unknown-runtime/08082026/handoff_a.md")).toEqual([]);
  });

  test("phase that is not kebab-case", () => {
    expect(rules("docs/ai/handoff/codex/08082026/handoff_Fix Typecheck.md")).toEqual(["phase-slug-invalid"]);
  });

  test.each([
    [".claude/handoffs/2026-02-05-144456-chat-tool.md", "2026-02-05-144456-chat-tool"],
    ["docs/ai/handoff.md", "handoff"],
    ["HANDOFF.md", "HANDOFF"],
    ["docs/handoffs/notes", "notes"],
  ])("non-protocol path %s uses the file stem as phase", (path, phase) => {
    const info = parseHandoffPath(path);
    expect(info.isProtocolPath).toBe(false);
    expect(info.phase).toBe(phase);
    expect(info.runtimeFolder).toBeNull();
    expect(info.date).toBeNull();
    expect(info.findings).toEqual([]);
  });

  test.each([
    ["missing date folder", "docs/ai/handoff/codex/handoff_a.md", "codex", null],
    ["extra folder", "docs/ai/handoff/codex/08082026/old/handoff_a.md", "codex", "2026-08-08"],
    ["wrong file name", "docs/ai/handoff/codex/08082026/notes.md", "codex", "2026-08-08"],
    ["directly in the folder", "docs/ai/handoff/handoff_a.md", null, null],
  ])("under the protocol folder but not its shape: %s", (_name, path, runtime, date) => {
    const info = parseHandoffPath(path);
    expect(info.isProtocolPath).toBe(false);
    expect(info.runtimeFolder).toBe(runtime);
    expect(info.date).toBe(date);
  });

  test("empty path does not crash", () => {
    expect(parseHandoffPath("").phase).toBeNull();
  });
});

describe("parseDateFolder", () => {
  test("leap day of a leap year", () => {
    expect(parseDateFolder("29022024")).toEqual({ date: "2024-02-29", problem: null });
  });
});

describe("normaliseRuntime", () => {
  test.each([
    ["Claude Code (Opus 4.5)", "claude-code"],
    ["claude-code", "claude-code"],
    ["ClaudeCode", "claude-code"],
    ["Claude", "claude-code"],
    ["OpenAI Codex CLI", "codex"],
    ["codex", "codex"],
    ["Codex (gpt-5-codex, high)", "codex"],
    ["Gemini", "gemini-cli"],
    ["Gemini CLI", "gemini-cli"],
    ["gemini-cli", "gemini-cli"],
    ["opencode", "opencode"],
    ["OpenCode (claude-sonnet-4)", "opencode"],
    ["Open Code", "opencode"],
    ["Antigravity/Agy", "antigravity"],
    ["agy", "antigravity"],
    ["Google Antigravity (Gemini 3 Pro)", "antigravity"],
    ["`claude-code`", "claude-code"],
    ["unknown-runtime", "unknown-runtime"],
    ["unknown", null],
    ["Cursor", null],
    ["", null],
    ["(Claude)", "claude-code"],
    ["GeminiCLI", "gemini-cli"],
    ["Some Tool / Codex (gpt-x)", "codex"],
    ["OpenAI-Codex", "codex"],
    ["codex-cli", "codex"],
    ["GitHub Copilot (Claude Sonnet 4)", null],
    ["Cursor / Claude 4 Sonnet", null],
    ["Cursor (gpt-5-codex)", null],
    ["Windsurf", null],
    ["Claude Code (via Cursor)", "claude-code"],
  ])("%s → %s", (raw, slug) => {
    expect(normaliseRuntime(raw)).toBe(slug);
  });
});

describe("normaliseRepoPath", () => {
  test("collapses separators", () => {
    expect(normaliseRepoPath("./a\\b//c/./d.md")).toBe("a/b/c/d.md");
  });
});
