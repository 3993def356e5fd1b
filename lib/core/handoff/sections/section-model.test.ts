import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import { keyValuePairs } from "./section-model";

const parse = (markdown: string) => {
  const result = parseHandoff(markdown);
  expect(result.issues).toEqual([]);
  return result.value;
};
const keys = (markdown: string) => parse(markdown).sections.map((section) => section.key);

describe("the document title is never a section", () => {
  test.each([
    ["verified", "# Handoff: verified build\n\n## Goal\nShip.\n", ["goal"]],
    ["verification", "# Verification pass for the parser\n\nSome intro.\n\n## State\n- [x] a\n", ["state"]],
    ["next steps in the title", "# Next steps for the parser rewrite\n\n## Goal\nShip.\n", ["goal"]],
    ["after front matter", "---\nbranch: main\n---\n# Handoff: verified build\n\n## Goal\nShip.\n", ["identity", "goal"]],
    ["the only H1, after a badge line, above H2 sections", "Draft\n\n# Handoff: verified build\n\n## Goal\nShip.\n", ["goal"]],
  ])("%s", (_name, markdown, expected) => {
    expect(keys(markdown)).toEqual(expected);
  });

  test("subsections of the title inherit nothing from it", () => {
    const parsed = parse("# Handoff: verification of the parser\n\n## Background\n```sh\nnpm test\n```\n");
    expect(parsed.verification).toEqual([]);
    expect(parsed.title).toBe("Handoff: verification of the parser");
  });
});

describe("handoffs that use H1 for every section", () => {
  test("a first H1 that is exactly a section's name is that section", () => {
    expect(keys("# Goal\nShip the parser.\n\n# State\n- [x] lexer\n\n# Verification\n```sh\nnpm test\n```\n")).toEqual(["goal", "state", "verification"]);
  });

  test("a title first, then H1 sections", () => {
    const parsed = parse("# Session handoff: verified build\n\n# Goal\nShip.\n\n# Verification\n```\nmix test\n```\n");
    expect(parsed.sections.map((section) => section.key)).toEqual(["goal", "verification"]);
    expect(parsed.verification.map((command) => command.command)).toEqual(["mix test"]);
  });

  test("an H1 after content is a section", () => {
    expect(keys("Notes for the next agent.\n\n# Verification\n```\nmix test\n```\n\n# State\n- [x] a\n")).toEqual(["verification", "state"]);
  });
});

describe("key=value runs", () => {
  test("a value made only of two or more pairs is a record; anything else is not", () => {
    expect(keyValuePairs("branch=main commit=abc1234")).toEqual([
      { key: "branch", value: "main" },
      { key: "commit", value: "abc1234" },
    ]);
    expect(keyValuePairs(' runtime="Claude Code", model=`opus`; x=1 | y=2 ')).toEqual([
      { key: "runtime", value: "Claude Code" },
      { key: "model", value: "opus" },
      { key: "x", value: "1" },
      { key: "y", value: "2" },
    ]);
    expect(keyValuePairs("branch=main")).toBeNull();
    expect(keyValuePairs("set retries=3 in the config")).toBeNull();
    expect(keyValuePairs("a=1 and b=2")).toBeNull();
    expect(keyValuePairs("=1 b=2")).toBeNull();
    expect(keyValuePairs("")).toBeNull();
  });
});

describe("the opening paragraph's bold next step", () => {
  test("is the next action of a handoff written as prose (de)", () => {
    const parsed = parseHandoff("# HANDOFF — Planer\n\nStand: umgezogen. **Nächster Schritt nach den visuellen Änderungen: Task 15 nachholen**, dann Task 16.\n\n## Was das ist\n\nEin Werkzeug.\n").value;
    expect(parsed.nextAction?.text).toMatch(/Task 15 nachholen/);
  });
  test("look-alike: bold prose further down is not", () => {
    const parsed = parseHandoff("# Handoff\n\n## Notes\n\n**Nächster Schritt** war schon erledigt.\n").value;
    expect(parsed.nextAction).toBeNull();
  });
});
