import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { detectDeprecation, hasStatusField, isHeadingMarked } from "./deprecation";

const REAL_HANDOFFS = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/public/handoff/real-agent-written");

const body = `
## Goal
Ship the login flow.

## State
- [x] Login form

## Next action
Run \`npm test\`.
`;

describe("detectDeprecation: marked handoffs", () => {
  test.each<[string, string, { where: string; line: number }]>([
    ["title starting with DEPRECATED", `# DEPRECATED: Handoff auth\n${body}`, { where: "title", line: 1 }],
    ["title in brackets", `# [Superseded] Handoff auth\n${body}`, { where: "title", line: 1 }],
    ["title ending in parentheses", `# Handoff auth (superseded)\n${body}`, { where: "title", line: 1 }],
    ["title ending after a dash", `# Handoff auth — obsolete\n${body}`, { where: "title", line: 1 }],
    ["title: handoff + marker", `# Handoff Archived\n\nDate: 2026-02-26\n${body}`, { where: "title", line: 1 }],
    ["title: superseded by …", `# Auth handoff, superseded by 2026-02-10-auth.md\n${body}`, { where: "title", line: 1 }],
    ["title with the marker shouted inside", `# Auth handoff DEPRECATED see the new one\n${body}`, { where: "title", line: 1 }],
    ["title with emoji and emphasis", `# ⚠️ **DEPRECATED** ⚠️\n${body}`, { where: "title", line: 1 }],
    ["title struck through, marked after", `# ~~Handoff auth~~ - SUPERSEDED\n${body}`, { where: "title", line: 1 }],
    ["a later heading that is only the marker", `# Handoff auth\n${body}\n## Superseded\nSee docs/handoffs/next.md\n`, { where: "heading", line: 12 }],
    ["a heading with a status", `# Handoff auth\n\n## Status: superseded\n${body}`, { where: "heading", line: 3 }],
    ["a heading: superseded by …", `# Handoff auth\n${body}\n## Superseded by docs/handoffs/next.md\n`, { where: "heading", line: 12 }],
    ["a heading: this handoff is obsolete", `# Handoff auth\n\n## This handoff is obsolete\n${body}`, { where: "heading", line: 3 }],
    ["plain status field before the first section", `# Handoff auth\n\nStatus: superseded\n${body}`, { where: "status", line: 3 }],
    ["bold status field", `# Handoff auth\n\n**Status:** Archived (AWS era)\n${body}`, { where: "status", line: 3 }],
    ["bold key, colon outside", `# Handoff auth\n\n- **Status**: deprecated\n${body}`, { where: "status", line: 3 }],
    ["lowercase bullet status", `# Handoff auth\n\n- status: obsolete\n${body}`, { where: "status", line: 3 }],
    ["status among several labels on one line", `# Handoff auth\n\n**Date:** 2026-02-01 · **Status:** superseded · **Branch:** \`main\`\n${body}`, { where: "status", line: 3 }],
    ["status in a metadata table", `# Handoff auth\n\n| Field | Value |\n|---|---|\n| Status | Superseded |\n${body}`, { where: "status", line: 5 }],
    ["status field in the identity section", `# Handoff auth\n\n## Session identity\n- Runtime: codex\n- Status: deprecated\n${body}`, { where: "status", line: 5 }],
    ["replacement field naming a file", `# Handoff auth\n\n**Superseded by:** \`docs/handoffs/2026-02-10-auth.md\`\n${body}`, { where: "status", line: 3 }],
    ["front matter status", `---\ntitle: Handoff auth\nstatus: deprecated\n---\n# Handoff auth\n${body}`, { where: "front-matter", line: 3 }],
    ["front matter quoted status", `---\nstatus: "superseded"\n---\n${body}`, { where: "front-matter", line: 2 }],
    ["front matter flag", `---\ndeprecated: true\n---\n${body}`, { where: "front-matter", line: 2 }],
    ["front matter superseded_by", `---\nsuperseded_by: docs/handoffs/new.md\n---\n${body}`, { where: "front-matter", line: 2 }],
    ["front matter title", `---\ntitle: "DEPRECATED - old plan"\n---\n${body}`, { where: "title", line: 2 }],
    ["banner blockquote", `# Handoff auth\n\n> **Deprecated** — use docs/handoffs/new.md\n${body}`, { where: "banner", line: 3 }],
    ["GitHub admonition banner", `# Handoff auth\n\n> [!WARNING]\n> **SUPERSEDED:** see the 2026-02-10 handoff\n${body}`, { where: "banner", line: 4 }],
    ["banner label in capitals", `# Handoff auth\n\nDEPRECATED: this moved to docs/handoffs/new.md\n${body}`, { where: "banner", line: 3 }],
    ["self-reference before the first section", `# Handoff auth\n\nThis handoff is superseded by docs/handoffs/new.md.\n${body}`, { where: "banner", line: 3 }],
    ["Portuguese status", `# Passagem de bastão\n\n**Estado:** obsoleto\n${body}`, { where: "status", line: 3 }],
    ["German heading", `# Übergabe Auth (veraltet)\n${body}`, { where: "title", line: 1 }],
    ["Chinese title in brackets", `# 【已废弃】交接文档\n${body}`, { where: "title", line: 1 }],
    ["Japanese status", `# 引き継ぎ\n\nステータス: 非推奨\n${body}`, { where: "status", line: 3 }],
    ["CRLF line ends", `# Handoff auth\r\n\r\nStatus: superseded\r\n${body}`, { where: "status", line: 3 }],
  ])("%s", (_name, markdown, expected) => {
    expect(detectDeprecation(markdown)).toMatchObject(expected);
  });
});

describe("detectDeprecation: not marked (prose, topics, other fields)", () => {
  test.each<[string, string]>([
    ["prose about an API", `# Handoff auth\n\nWe deprecated the old API and superseded the v1 client.\n${body}`],
    ["prose in the state section", `# Handoff auth\n${body}\n- [x] Removed the deprecated endpoints (obsolete since v2)\n`],
    ["a heading whose topic is deprecation", `# Handoff auth\n\n## Deprecated API cleanup\n${body}`],
    ["a heading naming deprecated things", `# Handoff auth\n\n## Remove deprecated endpoints\n${body}`],
    ["a section heading marking only that part", `# Handoff auth\n${body}\n## Old auth flow (deprecated)\nKept for reference.\n`],
    ["a section heading starting with a marker label", `# Handoff auth\n${body}\n### DEPRECATED: v1 notes\nKept for reference.\n`],
    ["a heading about archived items", `# Handoff auth\n\n## Archived tasks\n${body}`],
    ["an all-capitals heading about deprecation", `# Handoff auth\n\n## DEPRECATED API CLEANUP\n${body}`],
    ["a title about moving things", `# Handoff: moved the API to v2\n${body}`],
    ["Supersedes: None (this one is the newer)", `# Handoff auth\n\n- **Supersedes**: None\n${body}`],
    ["Superseded by: none", `# Handoff auth\n\n- Superseded by: none\n${body}`],
    ["an active status", `# Handoff auth\n\nStatus: active\n${body}`],
    ["in progress, mentioning superseded work later", `# Handoff auth\n\nStatus: in progress — superseded parts removed\n${body}`],
    ["a task's status in the State section", `# Handoff auth\n\n## State\n- Task A\n  - Status: obsolete (dropped)\n`],
    ["a changelog label before the first section", `# Handoff auth\n\nReplaced: the old client with the pooled one.\n${body}`],
    ["a bold word starting a summary sentence", `# Handoff auth\n\n**Moved** the session store to Redis and kept the API.\n${body}`],
    ["markers inside a code block", `# Handoff auth\n\n\`\`\`\nStatus: deprecated\n# DEPRECATED\n\`\`\`\n${body}`],
    ["front matter with an active status and nested keys", `---\nstatus: active\nmeta:\n  status: deprecated\n---\n${body}`],
    ["front matter flag false", `---\ndeprecated: false\n---\n${body}`],
    ["a self-reference about another file after the first section", `# Handoff auth\n${body}\nThis file is deprecated: src/legacy.ts\n`],
    ["a title that only mentions the word", `# Handoff: deprecated flags audit\n${body}`],
    ["empty text", ""],
  ])("%s", (_name, markdown) => {
    expect(detectDeprecation(markdown)).toBeNull();
  });
});

describe("isHeadingMarked and hasStatusField", () => {
  test.each<[string, boolean]>([
    ["DEPRECATED", true],
    ["Obsolete!", true],
    ["Superseded by `docs/x.md`", true],
    ["Deprecated in favour of the new plan", true],
    ["Deprecated API cleanup", false],
    ["Why the old API was deprecated", false],
    ["Notes", false],
    ["", false],
  ])("heading %j → %s", (heading, expected) => {
    expect(isHeadingMarked(heading)).toBe(expected);
  });

  test.each<[string, boolean]>([
    ["Status: superseded", true],
    ["> Status: SUPERSEDED", true],
    ["| State | Archived |", true],
    ["| Task | Status |", false],
    ["Status: done", false],
    ["Moved to: docs/handoffs/2026/next.md", true],
    ["Moved to: n/a", false],
    ["Supersedes: docs/handoffs/old.md", false],
  ])("line %j → %s", (line, expected) => {
    expect(hasStatusField(line)).toBe(expected);
  });
});

describe.skipIf(!existsSync(REAL_HANDOFFS))("real handoffs from public repositories (../shared/fixtures)", () => {
  // By reading the files: one archived handoff ("# Handoff Archived", "Status: archived"); the others are
  // current, including two that write "Supersedes: None" and one that says a spec stays canonical "unless
  // explicitly superseded" in prose.
  test.each<[string, boolean]>([
    ["choiros-rs__2026-02-22-grind-codex-takeover.md", true],
    ["choiros-rs__2026-02-05-144456-chat-tool-streaming-ui-next-steps.md", false],
    ["choiros-rs__2026-02-06-231156-phase-b-terminal-agentic-bash-transparency.md", false],
    ["PlayoffChallenge__docs_ai_handoff.md", false],
    ["stay-focused-v2__docs_ai_handoff.md", false],
  ])("%s → %s", (file, expected) => {
    const markdown = readFileSync(path.join(REAL_HANDOFFS, file), "utf8");
    expect(detectDeprecation(markdown) !== null).toBe(expected);
  });
});
if (!existsSync(REAL_HANDOFFS)) console.warn(`deprecation: real-handoff checks skipped (${REAL_HANDOFFS} is absent)`);
