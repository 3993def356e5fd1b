import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { Finding, Severity } from "../findings";
import { parseHandoffPath } from "./handoff-path";
import { LINT_RULES, lintHandoff, type LintContext } from "./lint-handoff";
import { maskSecrets } from "./secrets/mask-secrets";
import { parseHandoff } from "./parse-handoff";
import { fakeSecrets } from "./secrets/test-support/fake-secrets";

const GOOD_PATH = "docs/ai/handoff/claude-code/08082026/handoff_fix-typecheck-errors.md";
const good = readFileSync(path.join(import.meta.dirname, "__fixtures__", "protocol-headings.md"), "utf8");

function lint(markdown: string, overrides: Partial<LintContext> = {}): Finding[] {
  const masked = maskSecrets(markdown);
  const parsed = parseHandoff(masked.text).value;
  const filePath = overrides.path ?? GOOD_PATH;
  return lintHandoff(parsed, {
    path: filePath,
    pathInfo: parseHandoffPath(filePath),
    secrets: masked.secrets,
    isCommitted: true,
    headShaExists: true,
    previousResolves: true,
    ...overrides,
  });
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

/** Replace one exact piece of the good handoff, failing loudly if the fixture changed. */
function edit(from: string, to: string): string {
  expect(good).toContain(from);
  return good.replace(from, to);
}

function removeSection(heading: string): string {
  const lines = good.split("\n");
  const start = lines.findIndex((line) => line === heading);
  expect(start).toBeGreaterThanOrEqual(0);
  let end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  if (end === -1) end = lines.length;
  return [...lines.slice(0, start), ...lines.slice(end)].join("\n");
}

describe("lintHandoff", () => {
  test("a complete protocol handoff with all repo facts checked is clean", () => {
    expect(lint(good)).toEqual([]);
  });

  test("unknown repo facts are reported as not-checked, never as errors", () => {
    const findings = lint(good, { isCommitted: undefined, headShaExists: undefined, previousResolves: undefined });
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ["not-committed", "not-checked"],
      ["head-sha-not-in-repo", "not-checked"],
      ["previous-pointer-broken", "not-checked"],
    ]);
  });

  type Case = [rule: string, severity: Severity, build: () => { markdown: string; context?: Partial<LintContext> }, line: number | null | "any"];

  const cases: Case[] = [
    ["section-identity-missing", "error", () => ({ markdown: removeSection("## Session identity") }), null],
    ["section-goal-missing", "error", () => ({ markdown: removeSection("## Goal") }), null],
    ["section-state-missing", "error", () => ({ markdown: removeSection("## State") }), null],
    ["section-next-action-missing", "error", () => ({ markdown: removeSection("## Next action") }), null],
    ["section-verification-missing", "error", () => ({ markdown: removeSection("## Verification commands") }), null],
    ["section-resume-pointer-missing", "error", () => ({ markdown: removeSection("## Resume pointer") }), null],
    [
      "section-next-action-unreadable",
      "warning",
      () => ({ markdown: edit("## Next action\n\nRun `npx tsc --noEmit`, then fix the errors it reports starting with `src/app/lib/repositories/notification-repository.ts:20` (map rows with `toNotificationRow`).\n", "## Next action\n") }),
      lineOf(good, "## Next action"),
    ],
    [
      "section-verification-unreadable",
      "warning",
      () => ({ markdown: edit("| `npx tsc --noEmit` | 72 errors (all in src/app/lib/repositories) |\n| `npm run lint` | 0 errors, 3 warnings |\n| `npm test` | 51 passed, 0 failed |\n", "") }),
      lineOf(good, "## Verification commands"),
    ],
    [
      "section-verification-unreadable",
      "warning",
      () => ({ markdown: `# H\n## Verification\nEverything was checked by hand and looked fine.\n` }),
      2,
    ],
    ["section-identity-unreadable", "warning", () => ({ markdown: `# H\n## Session identity\nWritten at the end of a long day.\n` }), 2],
    ["section-goal-unreadable", "warning", () => ({ markdown: `# H\n## Goal\n## State\n- [x] a\n` }), 2],
    ["section-resume-pointer-unreadable", "warning", () => ({ markdown: `# H\n## Resume pointer\nSee the chat history.\n` }), 2],
    ["state-unstructured", "warning", () => ({ markdown: `# H\n## State\nTypecheck is red.\n` }), 2],
    [
      "next-action-vague",
      "warning",
      () => ({ markdown: edit("Run `npx tsc --noEmit`, then fix the errors it reports starting with `src/app/lib/repositories/notification-repository.ts:20` (map rows with `toNotificationRow`).", "Keep going with the migration.") }),
      lineOf(good, "## Next action"),
    ],
    ["verification-result-missing", "warning", () => ({ markdown: edit("| `npm test` | 51 passed, 0 failed |", "| `npm test` | — |") }), lineOf(good, "| `npm test` |")],
    ["this-pointer-missing", "warning", () => ({ markdown: edit("- This file: `docs/ai/handoff/claude-code/08082026/handoff_fix-typecheck-errors.md`\n", "") }), null],
    ["this-pointer-mismatch", "warning", () => ({ markdown: edit("08082026/handoff_fix-typecheck-errors.md`\n- Previous", "08082026/handoff_other.md`\n- Previous") }), lineOf(good, "- This file:")],
    ["previous-pointer-broken", "error", () => ({ markdown: good, context: { previousResolves: false } }), lineOf(good, "- Previous:")],
    ["previous-pointer-broken", "error", () => ({ markdown: edit("`docs/ai/handoff/codex/07082026/handoff_migrate-repositories.md`", "`docs/ai/handoff/claude-code/08082026/handoff_fix-typecheck-errors.md`") }), lineOf(good, "- Previous:")],
    ["pointer-escapes-repo", "error", () => ({ markdown: edit("`docs/ai/handoff/codex/07082026/handoff_migrate-repositories.md`", "`../../../../../../../etc/passwd`") }), lineOf(good, "- Previous:")],
    ["pointer-unresolvable", "warning", () => ({ markdown: edit("`docs/ai/handoff/codex/07082026/handoff_migrate-repositories.md`", "[prev](javascript:alert(1))") }), lineOf(good, "- Previous:")],
    ["head-sha-missing", "error", () => ({ markdown: edit("- HEAD sha: `3e9f1c2`\n", "") }), lineOf(good, "## Session identity")],
    ["head-sha-malformed", "error", () => ({ markdown: edit("- HEAD sha: `3e9f1c2`", "- HEAD sha: 3e9f1cZ") }), lineOf(good, "- HEAD sha:")],
    ["head-sha-not-in-repo", "error", () => ({ markdown: good, context: { headShaExists: false } }), lineOf(good, "- HEAD sha:")],
    ["not-committed", "warning", () => ({ markdown: good, context: { isCommitted: false } }), null],
    ["runtime-folder-unknown", "warning", () => ({ markdown: good, context: { path: GOOD_PATH.replace("claude-code", "claude") } }), null],
    ["date-folder-invalid", "error", () => ({ markdown: good, context: { path: GOOD_PATH.replace("08082026", "31022026") } }), null],
    ["handoff-path-nested", "info", () => ({ markdown: good, context: { path: `packages/api/${GOOD_PATH}` } }), null],
    ["phase-slug-invalid", "info", () => ({ markdown: good, context: { path: GOOD_PATH.replace("fix-typecheck-errors", "Fix_Typecheck") } }), null],
    ["protocol-path-not-used", "info", () => ({ markdown: good, context: { path: ".claude/handoffs/2026-08-08-fix.md" } }), null],
    ["runtime-mismatch", "warning", () => ({ markdown: edit("- Runtime: claude-code", "- Runtime: OpenAI Codex CLI") }), lineOf(good, "- Runtime:")],
    ["runtime-unrecognised", "info", () => ({ markdown: edit("- Runtime: claude-code", "- Runtime: Cursor Agent") }), lineOf(good, "- Runtime:")],
    ["identity-field-missing", "warning", () => ({ markdown: edit("- Model: claude-opus-4-5\n", "") }), lineOf(good, "## Session identity")],
    ["timestamp-unparseable", "warning", () => ({ markdown: edit("2026-08-08T14:32:00+02:00", "this afternoon") }), lineOf(good, "- Timestamp:")],
    ["session-id-missing", "warning", () => ({ markdown: edit("- Session id: 7f3c9a2e-4b1d-4e8a-9c55-0d2f6e1a8b34\n", "") }), lineOf(good, "## Session identity")],
    ["session-id-missing", "info", () => ({ markdown: edit("7f3c9a2e-4b1d-4e8a-9c55-0d2f6e1a8b34", "unknown") }), lineOf(good, "- Session id:")],
    ["secret-present", "error", () => ({ markdown: edit("## Next action\n", `## Next action\n\nGITHUB_TOKEN=${fakeSecrets.githubToken()}\n`) }), lineOf(good, "## Next action") + 2],
    ["decisions-missing", "warning", () => ({ markdown: removeSection("## Key decisions") }), null],
    ["own-commit-sha-missing", "warning", () => ({ markdown: edit("Handoff commit sha: 4c5d6e7f8a9b", "Thanks!") }), null],
    ["resume-command-missing", "warning", () => ({ markdown: removeSection("## Resume command") }), null],
    ["done-item-without-commit", "info", () => ({ markdown: edit(" (commit `a1b2c3d`)", "") }), lineOf(good, "- Migrated")],
    ["in-progress-without-location", "info", () => ({ markdown: edit("`src/app/lib/repositories/notification-repository.ts:20` — ", "") }), lineOf(good, "findMany")],
  ];

  test.each(cases)("%s (%s)", (rule, severity, build, line) => {
    const { markdown, context } = build();
    const findings = lint(markdown, context);
    const matching = findings.filter((f) => f.rule === rule && f.severity === severity);
    expect(matching.length, JSON.stringify(findings, null, 1)).toBeGreaterThan(0);
    if (line !== "any") expect(matching[0]?.line).toBe(line);
    expect(matching[0]?.message.length).toBeGreaterThan(10);
  });

  test("every rule id is in LINT_RULES and documented in docs/lint-rules.md", () => {
    const emitted = new Set(cases.map(([rule]) => rule));
    const known = new Set(LINT_RULES.map((rule) => rule.id));
    for (const rule of emitted) expect(known.has(rule), rule).toBe(true);
    for (const rule of known) expect(emitted.has(rule), `no test for ${rule}`).toBe(true);
    const docs = path.resolve(import.meta.dirname, "../../../docs/lint-rules.md");
    if (!existsSync(docs)) return;
    const text = readFileSync(docs, "utf8");
    for (const rule of [...known, "chain-cycle", "chain-self-pointer", "file-too-large", "file-binary", "file-not-utf8", "front-matter-invalid", "parse-internal-error"]) {
      expect(text, `docs/lint-rules.md lacks ${rule}`).toContain(`\`${rule}\``);
    }
  });

  test("one finding per secret, with its line and type but never its value", () => {
    const token = fakeSecrets.githubToken();
    const key = fakeSecrets.openaiKey();
    const findings = lint(`${good}\nA: ${token}\nB: ${key}\nC: ${token}\n`).filter((f) => f.rule === "secret-present");
    const lines = good.split("\n").length;
    expect(findings.map((f) => f.line)).toEqual([lines + 1, lines + 2, lines + 3]);
    expect(findings[0]?.message).toContain("github-token");
    for (const f of findings) {
      expect(f.message).not.toContain(token.slice(0, 12));
      expect(f.message).not.toContain(key.slice(0, 12));
    }
  });

  test("findings are sorted by line, file-level first", () => {
    const findings = lint("# H\n## Next steps\ncontinue\n", { path: "HANDOFF.md" });
    const lines = findings.map((f) => f.line ?? 0);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  test("a vague, minimal handoff gets the errors a reviewer expects", () => {
    const text = readFileSync(path.join(import.meta.dirname, "__fixtures__", "minimal-vague.md"), "utf8");
    const rules = new Set(lint(text, { path: "docs/ai/handoff/claude-code/08082026/handoff_migrate.md" }).map((f) => `${f.rule}:${f.severity}`));
    for (const expected of [
      "section-state-missing:error",
      "section-resume-pointer-missing:error",
      "next-action-vague:warning",
      "verification-result-missing:warning",
      "head-sha-missing:error",
      "session-id-missing:info",
      "decisions-missing:warning",
      "own-commit-sha-missing:warning",
      "resume-command-missing:warning",
    ]) {
      expect(rules.has(expected), expected).toBe(true);
    }
  });
});
