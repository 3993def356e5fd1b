import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseHandoff } from "./parse-handoff";
import type { ParsedHandoff } from "./types";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "__fixtures__", name), "utf8");

function parse(markdown: string): ParsedHandoff {
  const result = parseHandoff(markdown);
  expect(result.issues).toEqual([]);
  return result.value;
}

const sectionKeys = (parsed: ParsedHandoff) => parsed.sections.map((section) => section.key);

describe("section headings", () => {
  test.each([
    ["## Next action", "next-action"],
    ["# Next action", "next-action"],
    ["#### Next action", "next-action"],
    ["## 5. Next action", "next-action"],
    ["## 5) Next action:", "next-action"],
    ["## ▶️ Next action", "next-action"],
    ["## **Next Action**", "next-action"],
    ["## Step 5 — Next action", "next-action"],
    ["## Immediate Next Steps", "next-action"],
    ["## Session identity", "identity"],
    ["## Session Metadata", "identity"],
    ["## Goal & constraints", "goal"],
    ["## Objective", "goal"],
    ["## Key decisions", "decisions"],
    ["## Decisions Made", "decisions"],
    ["## 3. State", "state"],
    ["## Current State Summary", "state"],
    ["## Verification commands", "verification"],
    ["## Test / Verification Status", "verification"],
    ["## Resume pointer", "resume-pointer"],
    ["## Handoff Chain", "resume-pointer"],
    ["## Resume command", "resume-command"],
    ["## How to resume", "resume-command"],
  ])("%s → %s", (heading, key) => {
    const parsed = parse(`${heading}\n\nSome text here with \`npm test\`.\n`);
    expect(sectionKeys(parsed)).toEqual([key]);
    expect(parsed.sections[0]?.line).toBe(1);
  });

  test.each([
    ["## Environment State"],
    ["## Files Modified"],
    ["## Capability 4: Read-Only Game State Inspection"],
    ["## Historical Recommended Next Task"],
    ["## Related Resources"],
  ])("%s is not a protocol section", (heading) => {
    expect(sectionKeys(parse(`${heading}\n\ntext\n`))).toEqual([]);
  });

  test("subsections inherit their parent's meaning; history sections are used only as a fallback", () => {
    const parsed = parse(
      ["## Pending Work", "### Immediate Next Steps", "1. Run `npm test`", "## Session Log", "### Next step", "Old step `make old`"].join("\n"),
    );
    expect(parsed.nextAction?.commands).toEqual(["npm test"]);
  });
});

describe("identity shapes", () => {
  const expected = {
    runtime: "claude-code",
    model: "claude-opus-4-5",
    sessionId: "abc-123",
    branch: "feat/x",
    headSha: "1a2b3c4",
  };

  test.each([
    ["bullets", "## Session identity\n- Runtime: Claude Code (Opus 4.5)\n- Model: claude-opus-4-5\n- Session id: abc-123\n- Branch: feat/x\n- HEAD: 1a2b3c4\n"],
    ["bold bullets", "## Identity\n- **Runtime:** claude-code\n- **Model**: `claude-opus-4-5`\n- **Session ID:** `abc-123`\n- **Git branch:** `feat/x`\n- **HEAD sha:** `1a2b3c4`\n"],
    ["bold lines without heading", "**Runtime:** claude-code\n**Model:** claude-opus-4-5\n**Session:** abc-123\n**Branch:** feat/x\n**HEAD:** 1a2b3c4\n"],
    ["two-column table, header row is data", "| Runtime | claude-code |\n|---|---|\n| Model | claude-opus-4-5 |\n| Session id | abc-123 |\n| Branch | feat/x |\n| HEAD sha | 1a2b3c4 |\n"],
    ["Field/Value table", "## Session identity\n| Field | Value |\n|---|---|\n| Runtime | claude-code |\n| Model | claude-opus-4-5 |\n| Session id | abc-123 |\n| Branch | `feat/x` |\n| HEAD | `1a2b3c4` |\n"],
    ["horizontal table", "| Runtime | Model | Session id | Branch | HEAD sha |\n|---|---|---|---|---|\n| claude-code | claude-opus-4-5 | abc-123 | feat/x | 1a2b3c4 |\n"],
    ["YAML front matter", "---\nruntime: claude-code\nmodel: claude-opus-4-5\nsession_id: abc-123\nbranch: feat/x\nhead_sha: 1a2b3c4\n---\n# Handoff\n"],
    ["nested YAML front matter", "---\nsession:\n  id: abc-123\n  runtime: claude-code\n  model: claude-opus-4-5\ngit:\n  branch: feat/x\n  head: 1a2b3c4\n---\n"],
  ])("%s", (_name, markdown) => {
    const { identity } = parse(markdown);
    expect(identity).toMatchObject(expected);
  });

  test.each([
    ["unknown", null, "unknown"],
    ["`unknown`", null, "unknown"],
    ["unknown (runtime does not expose it)", null, "unknown (runtime does not expose it)"],
    ["n/a", null, "n/a"],
    ["none", null, "none"],
    ["—", null, "—"],
    ["0199a1b2-c3d4", "0199a1b2-c3d4", "0199a1b2-c3d4"],
  ])("session id %j → %j, never invented", (written, sessionId, raw) => {
    const { identity } = parse(`## Session identity\n- Runtime: codex\n- Session id: ${written}\n`);
    expect(identity.sessionId).toBe(sessionId);
    expect(identity.sessionIdRaw).toBe(raw);
  });

  test("an empty or absent session id is null and not written", () => {
    const { identity } = parse("## Session identity\n- Runtime: codex\n- Session id:\n");
    expect(identity.sessionId).toBeNull();
    expect(identity.sessionIdRaw).toBeNull();
  });

  test.each([
    ["2026-08-08T14:32:00Z", "2026-08-08T14:32:00.000Z"],
    ["2026-08-08T14:32:00+02:00", "2026-08-08T12:32:00.000Z"],
    ["2026-08-08 14:32 UTC", "2026-08-08T14:32:00.000Z"],
    ["2026-02-05 14:44:56", "2026-02-05T14:44:56"],
    ["2026-08-08", "2026-08-08"],
    ["8 August 2026, 14:32 UTC", "2026-08-08T14:32:00.000Z"],
    ["August 8, 2026 2:32 PM", "2026-08-08T14:32:00"],
    ["08082026", "2026-08-08"],
    ["yesterday evening", null],
    ["2026-02-30", null],
    ["02/05/2026", null],
  ])("timestamp %j → %j", (written, iso) => {
    const { identity } = parse(`## Session identity\n- Timestamp: ${written}\n`);
    expect(identity.timestamp).toBe(iso);
    expect(identity.timestampRaw).toBe(written);
  });

  test.each([
    ["`0123abc`", "0123abc", "`0123abc`"],
    ["0123ABCDEF", "0123abcdef", "0123ABCDEF"],
    ["0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e (pushed)", "0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e", null],
    ["abc12", null, "abc12"],
    ["not committed yet", null, "not committed yet"],
  ])("HEAD %j → %j", (written, sha, raw) => {
    const { identity } = parse(`## Session identity\n- HEAD sha: ${written}\n`);
    expect(identity.headSha).toBe(sha);
    if (raw !== null) expect(identity.headShaRaw).toBe(raw.replace(/`/g, ""));
  });

  test("generic keys are not identity outside an identity block", () => {
    const { identity } = parse("## Notes\n- Session: a long one\n- Head: of the team\n");
    expect(identity.sessionId).toBeNull();
    expect(identity.headShaRaw).toBeNull();
  });

  test("identity fields without a heading still count as the identity section", () => {
    const parsed = parse("- Runtime: codex\n- Branch: main\n");
    expect(parsed.sections).toEqual([{ key: "identity", title: "(identity fields)", line: 1 }]);
  });

  test("invalid front matter is reported, not thrown", () => {
    const result = parseHandoff("---\nruntime: [unclosed\n---\n# Hi\n");
    expect(result.issues.map((issue) => issue.rule)).toEqual(["front-matter-invalid"]);
  });
});

describe("goal and constraints", () => {
  test("blockquotes and quoted text are constraints", () => {
    const parsed = parse(
      [
        "## Goal",
        "Migrate the repositories to Prisma.",
        "",
        "> Keep every public signature.",
        "> Do not touch auth.",
        "",
        'The user said “commit even if red” and "no new deps".',
      ].join("\n"),
    );
    expect(parsed.goal?.line).toBe(1);
    expect(parsed.goal?.text).toContain("Migrate the repositories to Prisma.");
    expect(parsed.goal?.constraints).toEqual(["Keep every public signature. Do not touch auth.", "commit even if red", "no new deps"]);
  });

  test("a Constraints subsection lists constraints", () => {
    const parsed = parse("## Goal\nShip it.\n### Constraints\n- no new dependencies\n- keep the API\n");
    expect(parsed.goal?.text).toBe("Ship it.");
    expect(parsed.goal?.constraints).toEqual(["no new dependencies", "keep the API"]);
  });

  test("bold label with inline value", () => {
    expect(parse("**Goal:** ship the BFF routes.\n").goal?.text).toBe("ship the BFF routes.");
  });

  test("plain label line followed by a paragraph (template style)", () => {
    const parsed = parse("Objective:\nBuild the admin panel.\n\nBackground:\nIrrelevant history.\n");
    expect(parsed.goal?.text).toBe("Build the admin panel.");
  });
});

describe("decisions", () => {
  test("list items, with nested detail folded into the item", () => {
    const parsed = parse("## Key decisions\n- Use Prisma\n  - because of types\n- Keep SQL helpers\n");
    expect(parsed.decisions).toEqual([
      { text: "Use Prisma; because of types", line: 2 },
      { text: "Keep SQL helpers", line: 4 },
    ]);
  });

  test("table rows", () => {
    const parsed = parse("## Decisions\n| Decision | Why |\n|---|---|\n| Prisma | types |\n");
    expect(parsed.decisions).toEqual([{ text: "Prisma — types", line: 4 }]);
  });
});

describe("state shapes", () => {
  const statusOf = (parsed: ParsedHandoff) => parsed.state.map((item) => [item.status, item.text]);

  test("Done / In progress / Not started subheadings", () => {
    const parsed = parse("## State\n### Done\n- a\n### In progress\n- b\n### Not started\n- c\n");
    expect(statusOf(parsed)).toEqual([
      ["done", "a"],
      ["in-progress", "b"],
      ["not-started", "c"],
    ]);
  });

  test("checkboxes, including non-standard in-progress boxes", () => {
    const parsed = parse(
      "## State\n- [x] a\n- [X] b\n- [ ] c\n- [~] d\n- [-] e\n- [/] f\n- [ ] (in progress) g\n- h ✅\n- i (not started)\n- WIP: j\n",
    );
    expect(statusOf(parsed)).toEqual([
      ["done", "a"],
      ["done", "b"],
      ["not-started", "c"],
      ["in-progress", "d"],
      ["in-progress", "e"],
      ["in-progress", "f"],
      ["in-progress", "(in progress) g"],
      ["done", "h ✅"],
      ["not-started", "i (not started)"],
      ["in-progress", "j"],
    ]);
  });

  test("DONE: / IN PROGRESS: / Not started: labels, inline and over lists", () => {
    const parsed = parse(
      ["## State", "DONE: parser (`abc1234`)", "", "**In progress:**", "", "- `src/a.ts:20` half way", "", "Not started:", "- docs"].join("\n"),
    );
    expect(statusOf(parsed)).toEqual([
      ["done", "parser (abc1234)"],
      ["in-progress", "src/a.ts:20 half way"],
      ["not-started", "docs"],
    ]);
    expect(parsed.state[0]?.commitShas).toEqual(["abc1234"]);
  });

  test("table with a status column", () => {
    const parsed = parse("## State\n| Task | Status | Commit |\n|---|---|---|\n| parser | done | `abc1234` |\n| lint | in progress | |\n");
    expect(statusOf(parsed)).toEqual([
      ["done", "parser"],
      ["in-progress", "lint"],
    ]);
    expect(parsed.state[0]?.commitShas).toEqual(["abc1234"]);
  });

  test.each([
    ["backticks", "- [x] parser `1a2b3c4`", ["1a2b3c4"]],
    ["after commit", "- [x] parser, commit 1a2b3c4", ["1a2b3c4"]],
    ["commit with colon", "- [x] parser (commit: 1a2b3c4d5e)", ["1a2b3c4d5e"]],
    ["landed in", "- [x] parser landed in 9f8e7d6", ["9f8e7d6"]],
    ["git log line", "- [x] 1af20ed multiturn chat", ["1af20ed"]],
    ["full sha", "- [x] parser `0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e`", ["0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e"]],
    ["words that are hex are not shas", "- [x] added a defaced facade", []],
    ["numbers are not shas", "- [x] parser handles 1234567 rows", []],
    ["nested detail bullet", "- [x] parser\n  - commit `1a2b3c4`", ["1a2b3c4"]],
  ])("commit shas: %s", (_name, line, shas) => {
    expect(parse(`## State\n${line}\n`).state[0]?.commitShas).toEqual(shas);
  });

  test.each([
    ["path:line", "`src/a.ts:20`", { path: "src/a.ts", line: 20 }],
    ["path:range", "src/a.ts:20-30", { path: "src/a.ts", line: 20 }],
    ["GitHub anchor", "src/a.ts#L20", { path: "src/a.ts", line: 20 }],
    ["GitHub range anchor", "src/a.ts#L20-L30", { path: "src/a.ts", line: 20 }],
    ["path:line:col", "src/a.ts:20:5", { path: "src/a.ts", line: 20 }],
    ["(line N)", "src/a.ts (line 20)", { path: "src/a.ts", line: 20 }],
    ["bare file with extension", "`server.js:120`", { path: "server.js", line: 120 }],
    ["dot folder", ".github/workflows/ci.yml:3", { path: ".github/workflows/ci.yml", line: 3 }],
    ["path without a line", "src/lib/db.ts", { path: "src/lib/db.ts", line: null }],
  ])("file refs: %s", (_name, reference, expected) => {
    const item = parse(`## State\n### In progress\n- fixing ${reference} now\n`).state[0];
    expect(item?.fileRefs).toEqual([{ ...expected, sourceLine: 3 }]);
  });

  test.each([["Node.js"], ["e.g."], ["https://example.com:8080/a.ts"], ["v1.2.3"], ["example.com:8080"]])("%s is not a file ref", (text) => {
    expect(parse(`## State\n### In progress\n- see ${text} here\n`).state[0]?.fileRefs).toEqual([]);
  });

  test("plain paragraphs in a generic State section are not items", () => {
    expect(parse("## State\nThe branch builds but tests are red.\n").state).toEqual([]);
  });
});

describe("next action", () => {
  test("commands from code spans and code blocks, file refs from text", () => {
    const parsed = parse(
      ["## Next action", "Run `npx tsc --noEmit`, then fix `src/a.ts:20` (pattern: `X`).", "", "```bash", "npm test -- a", "```"].join("\n"),
    );
    expect(parsed.nextAction).toMatchObject({
      line: 1,
      commands: ["npx tsc --noEmit", "npm test -- a"],
      fileRefs: [{ path: "src/a.ts", line: 20, sourceLine: 2 }],
    });
  });

  test("bold label with inline value", () => {
    const parsed = parse("**Next action:** run `make check`\n");
    expect(parsed.nextAction).toMatchObject({ line: 1, text: "run make check", commands: ["make check"] });
  });

  test("label item in a list", () => {
    const parsed = parse("## Summary\n- **Next action:** open `lib/x.ts:3`\n");
    expect(parsed.nextAction?.fileRefs).toEqual([{ path: "lib/x.ts", line: 3, sourceLine: 2 }]);
  });

  test("vague next action has neither", () => {
    expect(parse("## Next steps\nContinue the migration.\n").nextAction).toMatchObject({ commands: [], fileRefs: [] });
  });

  test("code spans that are not commands are not commands", () => {
    expect(parse("## Next action\nRename `Foo` to `Bar` in `package.json`.\n").nextAction?.commands).toEqual([]);
  });
});

describe("verification shapes", () => {
  const commands = (markdown: string) => parse(markdown).verification.map((entry) => [entry.command, entry.lastResult]);

  test("table with command and result columns", () => {
    expect(commands("## Verification\n| Command | Last known result |\n|---|---|\n| `npx tsc --noEmit` | 72 errors |\n| `npm test` | — |\n")).toEqual([
      ["npx tsc --noEmit", "72 errors"],
      ["npm test", null],
    ]);
  });

  test("table without a header keyword", () => {
    expect(commands("## Verification\n| | |\n|---|---|\n| `npm test` | 51 passed |\n")).toEqual([["npm test", "51 passed"]]);
  });

  test.each([
    ["arrow", "- `npx tsc --noEmit` → 72 errors", "72 errors"],
    ["ascii arrow", "- `npm test` -> 51 passed", "51 passed"],
    ["dash", "- `npm run lint` — 0 errors, 3 warnings", "0 errors, 3 warnings"],
    ["colon", "- `npm test`: PASS (51/51)", "PASS (51/51)"],
    ["parenthesis", "- `npm test` (51 passed)", "51 passed"],
    ["label in front", "- Typecheck: `npm run typecheck` → clean", "clean"],
    ["last known inline", "- `npm test` — last known: 51 passed", "51 passed"],
    ["no backticks", "- npm test -> 51 passed", "51 passed"],
    ["result before the command", "- Typecheck: 72 errors (`npx tsc --noEmit`)", "72 errors"],
    ["purpose before the command is not a result", "- Run `npm test` after each change", null],
    ["description is not a result", "- `npm test` — runs the unit tests", null],
    ["nothing after", "- `npm run build`", null],
  ])("bullet with %s", (_name, line, result) => {
    expect(commands(`## Verification commands\n${line}\n`)[0]?.[1]).toBe(result);
  });

  test("code block followed by a Last known line", () => {
    expect(commands("## Verification\n```bash\nnpx tsc --noEmit\n```\nLast known: 72 errors\n")).toEqual([["npx tsc --noEmit", "72 errors"]]);
  });

  test("code block followed by an expected-output block", () => {
    expect(commands("## Verification\n```sh\nnpm test\n```\nExpected output:\n```\nTests: 51 passed\n```\n")).toEqual([["npm test", "Tests: 51 passed"]]);
  });

  test("trailing comments in a shell block", () => {
    expect(commands("## Verification\n```bash\nnpx tsc --noEmit  # 72 errors\nnpm run lint\n# last known: 3 warnings\nnpm test\n```\n")).toEqual([
      ["npx tsc --noEmit", "72 errors"],
      ["npm run lint", "3 warnings"],
      ["npm test", null],
    ]);
  });

  test("console transcript: output lines are results", () => {
    expect(commands("## Verification\n```console\n$ npm test\nTests 51 passed\n$ npx tsc --noEmit\n```\n")).toEqual([
      ["npm test", "Tests 51 passed"],
      ["npx tsc --noEmit", null],
    ]);
  });

  test("a result sub-bullet under a command bullet", () => {
    expect(commands("## Verification\n- `npm test`\n  - 51 passed\n")).toEqual([["npm test", "51 passed"]]);
  });

  test("non-shell code blocks are not commands", () => {
    expect(commands("## Verification\n```ts\nexpect(x).toBe(1)\n```\n")).toEqual([]);
  });
});

describe("pointers", () => {
  test.each([
    ["none", null],
    ["n/a", null],
    ["first", null],
    ["—", null],
    ["None (first handoff)", null],
    ["`docs/ai/handoff/codex/01012026/handoff_a.md`", "docs/ai/handoff/codex/01012026/handoff_a.md"],
    ["[handoff_a](docs/ai/handoff/codex/01012026/handoff_a.md)", "docs/ai/handoff/codex/01012026/handoff_a.md"],
    ["/home/me/repo/docs/ai/handoff/codex/01012026/handoff_a.md.", "/home/me/repo/docs/ai/handoff/codex/01012026/handoff_a.md"],
  ])("previous %j → %j (as written, cleaned)", (written, expected) => {
    const parsed = parse(`## Resume pointer\n- This file: \`docs/x.md\`\n- Previous: ${written}\n`);
    expect(parsed.pointers).toEqual({
      thisPath: "docs/x.md",
      thisLine: 2,
      previousPath: expected,
      previousLine: 3,
      previousCandidates: [{ path: expected, line: 3, evidence: "label" }],
    });
  });

  test("softaworks chain: Continues from with a relative link", () => {
    const parsed = parse("## Handoff Chain\n- **Continues from**: [a.md](./a.md)\n  - Previous title: A\n- **Supersedes**: None\n");
    expect(parsed.pointers.previousPath).toBe("./a.md");
  });

  test("unlabelled lines in the pointer section", () => {
    const parsed = parse("## Resume pointer\n- `docs/ai/h/b.md` (this file)\n- previous → `docs/ai/h/a.md`\n");
    expect(parsed.pointers).toMatchObject({ thisPath: "docs/ai/h/b.md", previousPath: "docs/ai/h/a.md" });
  });

  test("pointer keys outside the section need specific names", () => {
    const parsed = parse("## Notes\n- File: something.md\n- Previous handoff: docs/a.md\n");
    expect(parsed.pointers).toMatchObject({ thisPath: null, previousPath: "docs/a.md" });
  });
});

describe("own commit and resume command", () => {
  test.each([
    ["Commit: abc1234", "abc1234"],
    ["Handoff commit sha: `abc1234def`", "abc1234def"],
    ["_Committed as `abc1234`._", "abc1234"],
    ["Commit: not yet", null],
  ])("trailing %j → %j", (line, sha) => {
    expect(parse(`# Handoff\n\nBody.\n\n---\n${line}\n`).ownCommitSha).toBe(sha);
  });

  test("a commit mentioned early in the body is not the handoff's own", () => {
    expect(parse(`Fixed in commit abc1234.\n\n${"para\n\n".repeat(8)}`).ownCommitSha).toBeNull();
  });

  test("the identity HEAD line at the end is not the own commit", () => {
    expect(parse("# H\n## Session identity\n- HEAD sha: abc1234\n").ownCommitSha).toBeNull();
  });

  test("resume command from its section's code block", () => {
    const parsed = parse('## Resume command\n```bash\nclaude "implement the handoff docs/a.md"\n```\n');
    expect(parsed.resumeCommand).toBe('claude "implement the handoff docs/a.md"');
    expect(parsed.resumeCommandLine).toBe(2);
  });

  test("resume command from a label", () => {
    expect(parse('**Resume command:** `codex "resume docs/a.md"`\n').resumeCommand).toBe('codex "resume docs/a.md"');
  });

  test("resume command found as a runtime CLI line mentioning the handoff", () => {
    expect(parse('## To continue\n```\nopencode run "implement the handoff docs/a.md"\n```\n').resumeCommand).toBe(
      'opencode run "implement the handoff docs/a.md"',
    );
  });
});

describe("text encodings and robustness", () => {
  test("CRLF and BOM give the same result as LF", () => {
    const text = fixture("protocol-headings.md");
    const lf = parseHandoff(text).value;
    const crlf = parseHandoff(`\uFEFF${text.replace(/\n/g, "\r\n")}`).value;
    expect(crlf).toEqual(lf);
  });

  test("empty input", () => {
    const result = parseHandoff("");
    expect(result.issues).toEqual([]);
    expect(result.value.sections).toEqual([]);
  });

  test("deeply nested quotes and lists do not crash", () => {
    const result = parseHandoff(`${">".repeat(2000)} x\n${Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i)}- item`).join("\n")}`);
    expect(result.value).toBeDefined();
  });

  test("a 100 KB handoff parses in reasonable time", () => {
    // micromark itself reads roughly 100–300 KB/s on a loaded CI machine; this guards against anything
    // quadratic in Baton's own passes, not against micromark's speed.
    const body = fixture("protocol-headings.md");
    const started = performance.now();
    const result = parseHandoff(body.repeat(50));
    expect(performance.now() - started).toBeLessThan(8000);
    expect(result.value.state.length).toBe(250);
  });

  test("property: arbitrary strings never throw", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => {
        const result = parseHandoff(text);
        expect(result.issues.filter((issue) => issue.rule === "parse-internal-error")).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test("property: markdown-ish noise never throws", () => {
    const token = fc.constantFrom("#", "## ", "- ", "* ", "[x] ", "[~] ", "**", "`", "```", "|", "---", "\n", ":", "> ", "1. ", "  ", "Next action", "State", "Done:", "abc1234", "src/a.ts:20", "→", "<script>", "\r\n", "\uFEFF", " · ", "**Branch:** ", "head: ", "runtime: ", "2026-02-17 13:45 PST", "Previous: ", "Picked up from ", "`x/y.md`", "$ ", "```text\n", "# Title verified\n", "：");
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 8 })), { maxLength: 200 }), (parts) => {
        const result = parseHandoff(parts.join(""));
        expect(result.issues.filter((issue) => issue.rule === "parse-internal-error")).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test("property: random truncations of good handoffs never throw", () => {
    const texts = ["protocol-headings.md", "bold-labels.md", "tables-frontmatter.md", "hostile-content.md"].map(fixture);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: texts.length - 1 }), fc.nat(), fc.nat(), (which, start, length) => {
        const text = texts[which] ?? "";
        const from = start % (text.length + 1);
        const result = parseHandoff(text.slice(from, from + (length % (text.length + 1))));
        expect(result.issues.filter((issue) => issue.rule === "parse-internal-error")).toEqual([]);
        for (const section of result.value.sections) expect(section.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
