import { describe, expect, test } from "vitest";
import { foundByDefaultRules, handoffAnchor, isLatestHintName, isNeverHandoffName, leftOutByName, matchesDefaultRules, mentionsHandoffInName, minimalFolders, pathSaysSession } from "./handoff-rules";

describe("default handoff rules", () => {
  test.each([
    "docs/ai/handoff/claude-code/20112026/handoff_start.md",
    "docs/ai/handoff/2026-03-01-auth.md",
    "docs/handoffs/2026-02-17.md",
    "docs/handoffs/archive/2025/old-session.md",
    "docs/agents/handoff/session-12.md",
    "docs/x/y/z/Handoffs/notes.md",
    "HANDOFFS/one.md",
    "notes/hand-off/a.md",
    "notes/Hand-Offs/a.md",
    ".claude/handoffs/2026-11-23-webhook-retries.md",
    "thoughts/shared/handoffs/ENG-123/2026-01-01_plan.md",
    "HANDOFF.md",
    "handoff.md",
    "HANDOFF_2026-03-01.md",
    "handoff-auth-refactor.md",
    "docs/sessions/x_handoff.md",
    "src/feature/api-handoff.md",
    "docs/handoffs/UPPER.MD",
    // "handover", the same document by another name
    "docs/handover/HANDOVER_2026-01-18.md",
    "docs/archive/handovers/HandOver20260530_Detailed.md",
    "HANDOVER.md",
    "docs/session_handover.md",
    // "readme" or "example" inside a topic slug is a topic, not an index
    "docs/handoff/handoff-2026-06-28-readme-portfolio-e-avaliacao.md",
    "docs/handoffs/fix-examples-page.md",
    // an agents folder is not a command folder: numbered handoffs live there
    "docs/agents/Handoff_07.md",
  ])("%s is a handoff", (path) => {
    expect(matchesDefaultRules(path)).toBe(true);
  });

  test.each([
    // indexes, templates and examples with more in their name
    "docs/archive/handoffs-README.md",
    "docs/ai/handoff.example.md",
    "docs/handoffs/Handoff-Examples.md",
    // a runtime's commands, skills and agent definitions describe handoffs; they are not one
    ".claude/commands/handoff.md",
    ".claude/skills/handoff/SKILL.md",
    ".claude/agents/arch-handoff.md",
    ".claude/upstream/commands/handoff.md",
    "packages/x/.opencode/agent/handoff.md",
    "tools/.codex/prompts/handoff.md",
    ".github/prompts/handoff.prompt.md",
    "skills/session-handoff/SKILL.md",
    "src/app/templates/skills/handoff.md",
    "docs/handoff/MEMORY.md",
    "docs/handoffs/AGENTS.md",
    // command and skill definitions outside a runtime folder
    "engine/commands/handoff.md",
    "plugins/handoff/skills/handoff.md",
    "kit/command/hand-off.md",
  ])("%s is not a handoff", (path) => {
    expect(matchesDefaultRules(path)).toBe(false);
  });

  test.each([
    // never handoffs, in any case
    "docs/handoffs/README.md",
    "docs/handoffs/readme.md",
    "docs/handoffs/INDEX.md",
    "docs/handoffs/LATEST.md",
    "docs/handoffs/latest.md",
    "docs/handoffs/CURRENT.md",
    "docs/handoffs/CHANGELOG.md",
    "docs/handoffs/HANDOFF_TEMPLATE.md",
    "docs/handoffs/template.md",
    "docs/ai/handoff/Session-Template-v2.md",
    "HANDOFF_TEMPLATE.md",
    // excluded folders, at any depth and in any case
    "node_modules/pkg/docs/handoffs/a.md",
    "packages/x/node_modules/y/HANDOFF.md",
    "vendor/lib/handoff/a.md",
    "dist/handoffs/a.md",
    "Build/handoffs/a.md",
    "out/handoff.md",
    "target/handoffs/a.md",
    ".next/handoffs/a.md",
    "coverage/handoff/a.md",
    ".git/handoffs/a.md",
    // not markdown, or no handoff in folder or name
    "docs/handoffs/diagram.png",
    "docs/handoffs.txt",
    "docs/notes/2026-03-01.md",
    "docs/handoff-protocol/overview.md",
    "src/handoffs.ts",
    "docs/sessions/handoffs-of-2026.txt",
    "README.md",
  ])("%s is not a handoff", (path) => {
    expect(matchesDefaultRules(path)).toBe(false);
  });

  test.each([
    ["LATEST.md", true],
    ["latest.md", true],
    ["CURRENT.md", true],
    ["LATEST", true],
    ["latest.txt", true],
    ["LATEST_HANDOFF.md", true],
    ["latest-session.md", false],
    ["handoff.md", false],
  ])("%s is a latest hint: %s", (name, expected) => {
    expect(isLatestHintName(name)).toBe(expected);
  });

  test("a latest hint is never a handoff itself", () => {
    expect(isNeverHandoffName("LATEST_HANDOFF.md")).toBe(true);
    expect(matchesDefaultRules("docs/LATEST_HANDOFF.md")).toBe(false);
  });

  test.each([
    ["docs/ai/handoff/codex/21112026/handoff_x.md", "docs/ai/handoff"],
    ["a/handoffs/b/handoff/c.md", "a/handoffs"],
    ["docs/sessions/x_handoff.md", "docs/sessions"],
    ["HANDOFF.md", ""],
  ])("the anchor of %s is %s", (path, anchor) => {
    expect(handoffAnchor(path)).toBe(anchor);
  });

  test("minimal folders drop folders inside others, not siblings sharing a prefix", () => {
    expect(minimalFolders(["a/b", "a", "a-b", "c/d", "c/d/e"])).toEqual(["a", "a-b", "c/d"]);
    expect(minimalFolders(["a", ""])).toEqual([""]);
  });
});

describe("names judged with their content, never by one word inside a dated slug", () => {
  test.each(["2026-03-06-template-groups-refactor.md", "20260306_readme-rewrite.md", "handoff-2026-03-06-example-app.md", "06032026-template.md"])("%s is a handoff's name", (name) => {
    expect(isNeverHandoffName(name)).toBe(false);
    expect(matchesDefaultRules(`docs/handoffs/${name}`)).toBe(true);
  });
  test.each(["handoff-template.md", "README.md", "handoffs-README.md", "handoff.example.md", "LATEST.md"])("%s is still never a handoff", (name) => {
    expect(isNeverHandoffName(name)).toBe(true);
  });

  test.each([
    ["project_handoff_status.md", true],
    ["SessionHandoffNotes.md", true],
    ["notes-handover-2026.md", true],
    ["handoffs.md", true],
    ["handoffish.md", false],
    ["offhand.md", false],
  ])("a name with handoff as a word: %s → %s", (name, expected) => {
    expect(mentionsHandoffInName(name)).toBe(expected);
  });

  test("a word of the name finds a file anywhere; a name that is no word of it is not found", () => {
    expect(foundByDefaultRules("docs/project_handoff_status.md")).toBe("name-word");
    expect(foundByDefaultRules("docs/offhand.md")).toBeNull();
  });

  test("how a path was found: folder, name, a word of the name", () => {
    expect(foundByDefaultRules("docs/handoffs/2026-03-01.md")).toBe("folder");
    expect(foundByDefaultRules("docs/HANDOFF_2026.md")).toBe("name");
    expect(foundByDefaultRules("docs/project_handoff_status.md")).toBe("name-word");
  });

  test.each([
    ["docs/handoffs/README.md", /index/],
    ["docs/handoffs/LATEST.md", /latest/],
    ["docs/handoffs/handoff-template.md", /template/],
    [".claude/commands/handoff.md", /command/],
    ["engine/skills/handoff.md", /command/],
  ])("left out by name, with the reason: %s", (filePath, reason) => {
    expect(leftOutByName(filePath)).toMatch(reason);
  });

  test.each(["docs/README.md", "node_modules/x/handoffs/README.md", "docs/handoffs/2026-03-01.md", "src/app.ts"])("no handoff's business, or taken: %s", (filePath) => {
    expect(leftOutByName(filePath)).toBeNull();
  });
});

describe("handoff in other languages (HANDOFF_WORD_TRANSLATIONS)", () => {
  test.each(["docs/passation_codex.md", "notes/Übergabe-2026-03-01.md", "docs/交接文档.md", "引き継ぎ/メモ.md", "docs/passation/2025-10-12_rag.md", "docs/인수인계_0301.md"])("%s is looked at", (filePath) => {
    expect(matchesDefaultRules(filePath)).toBe(true);
  });
  test.each(["docs/passagem.md", "docs/entrega-final.md", "docs/compassion.md"])("%s is not", (filePath) => {
    expect(matchesDefaultRules(filePath)).toBe(false);
  });
});

describe("a dated name that is only a kind of example", () => {
  test.each([
    ["2026-08-04-example.md", false],
    ["2026-01-01_sample.md", false],
    ["2026-03-06-template-groups-refactor.md", true],
    ["2026-06-28-readme-portfolio.md", true],
  ])("%s is a handoff's name: %s", (name, isHandoff) => {
    expect(isNeverHandoffName(name)).toBe(!isHandoff);
  });
});

describe("where session notes are kept", () => {
  test.each([
    ["docs/sessions/2026-11-01.md", true],
    ["FINE_SESSIONE_2026-03-11.md", true],
    // A session's saved state, in the context-budget protocol's words.
    ["CHECKPOINT_2026-06-10.md", true],
    ["00_SISTEMA/CHECKPOINTS/CHECKPOINT_16JAN2026.md", true],
    ["docs/sessió-2026-01-05.md", true],
    ["docs/reports/2026-11-01.md", false],
  ])("%s → %s", (path, says) => {
    expect(pathSaysSession(path)).toBe(says);
  });
});
