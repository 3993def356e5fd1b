import { describe, expect, test } from "vitest";
import { commandLinesOfBlock, extractCommitShas, extractFileRefs, isCommandLike, stripInlineMarkdown } from "./inline-references";

describe("isCommandLike", () => {
  test.each([
    ["npx tsc --noEmit", true],
    ["$ npm test", true],
    ["CI=1 npm test -- bff", true],
    ["./scripts/check.sh", true],
    ["scripts/check.sh", true],
    ["scripts/run.mjs --fast", true],
    ["make", true],
    ["pytest", true],
    ["git", false],
    ["npm", false],
    ["package.json", false],
    ["scripts/phase5a-live-canvas-validation.mjs", false],
    ["toNotificationRow", false],
    ["X", false],
    ["const x = 1", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isCommandLike(value)).toBe(expected);
  });
});

describe("commandLinesOfBlock", () => {
  test("comments, blanks and prompts", () => {
    expect(commandLinesOfBlock("# setup\nnpm ci\n\nnpm test  # 51 passed\n")).toEqual([
      { command: "npm ci", comment: null, index: 1 },
      { command: "npm test", comment: "51 passed", index: 3 },
    ]);
  });

  test("console transcript keeps only prompt lines", () => {
    expect(commandLinesOfBlock("$ npm test\nTests 3 passed\n$ npm run lint").map((entry) => entry.command)).toEqual(["npm test", "npm run lint"]);
  });
});

describe("extractFileRefs", () => {
  test("several references on one line, de-duplicated", () => {
    expect(extractFileRefs("see `src/a.ts:20`, src/a.ts:20 and lib/b.tsx#L5-L9", 7)).toEqual([
      { path: "src/a.ts", line: 20, sourceLine: 7 },
      { path: "lib/b.tsx", line: 5, sourceLine: 7 },
    ]);
  });

  test("relative and absolute paths", () => {
    expect(extractFileRefs("./src/a.ts and /home/me/repo/b.py:3", 1).map((ref) => [ref.path, ref.line])).toEqual([
      ["./src/a.ts", null],
      ["/home/me/repo/b.py", 3],
    ]);
  });

  test("a 1 MB run of path characters finishes fast", () => {
    const started = performance.now();
    extractFileRefs("a/".repeat(500_000), 1);
    extractFileRefs("a.".repeat(500_000), 1);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe("extractCommitShas", () => {
  test("code spans need a hex letter; prose needs a digit and a letter", () => {
    expect(extractCommitShas("landed in 1a2b3c4, see `deadbeef` and `20260808`", ["deadbeef", "20260808"])).toEqual(["deadbeef", "1a2b3c4"]);
  });
});

describe("stripInlineMarkdown", () => {
  test("emphasis, code, links with parentheses", () => {
    expect(stripInlineMarkdown("**Run** `npm test` [docs](https://x.y/(a)) __now__")).toBe("Run npm test docs now");
  });
});

describe("stripInlineMarkdown on hostile lines", () => {
  test.each(["[".repeat(40_000), "![".repeat(20_000), "[a](".repeat(10_000), "[a](((".repeat(8_000)])("stays linear (%#)", (line) => {
    const started = performance.now();
    stripInlineMarkdown(line);
    // A complexity guard, not a benchmark: the quadratic version took 1–5 s on these lines, linear
    // takes milliseconds; the bound is loose so a busy machine cannot make it flaky.
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
