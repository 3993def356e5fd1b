import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import { isCommandShaped } from "./verification-blocks";

const commands = (markdown: string) => {
  const result = parseHandoff(markdown);
  expect(result.issues).toEqual([]);
  return result.value.verification.map((entry) => [entry.command, entry.lastResult]);
};

const fence = (lang: string, body: string) => `\`\`\`${lang}\n${body}\n\`\`\``;

describe("commands from any shell or text fence under the verification section", () => {
  test.each([
    ["sh", fence("sh", "zig build test")],
    ["bash", fence("bash", "zig build test")],
    ["shell", fence("shell", "zig build test")],
    ["console", fence("console", "$ zig build test")],
    ["text", fence("text", "zig build test")],
    ["no language", fence("", "zig build test")],
    ["tilde fence", "~~~\nzig build test\n~~~"],
    ["powershell prompt", fence("powershell", "PS C:\\repo> zig build test")],
  ])("%s", (_name, block) => {
    expect(commands(`## Verification\n${block}\n`)).toEqual([["zig build test", null]]);
  });

  test.each([
    ["programming language", fence("ts", "expect(x).toBe(1)")],
    ["data", fence("json", '{ "passed": 51 }')],
    ["output-looking text", fence("text", "All 51 tests passed\nTests: 3 failed")],
  ])("%s holds no commands", (_name, block) => {
    expect(commands(`## Verification\n${block}\n`)).toEqual([]);
  });

  test("commands in a text fence are read without a list of known programs", () => {
    expect(commands(`## Verification\n${fence("", "mix test\n./gradlew check\nCI=1 zig build test --summary all")}\n`)).toEqual([
      ["mix test", null],
      ["./gradlew check", null],
      ["CI=1 zig build test --summary all", null],
    ]);
  });

  test("a command continued with backslashes is one command", () => {
    expect(commands(`## Verification\n${fence("bash", "cargo test \\\n  --workspace \\\n  --all-features")}\n`)).toEqual([
      ["cargo test --workspace --all-features", null],
    ]);
  });

  test("outside the verification section, code blocks do not make verification commands", () => {
    expect(commands(`## Notes\n${fence("", "mix test")}\n`)).toEqual([]);
  });
});

describe("the output that follows a command is its last known result", () => {
  test.each([
    ["a text block after a shell block", `${fence("bash", "cargo test")}\n\n${fence("text", "test result: ok. 10 passed; 0 failed")}`, [["cargo test", "test result: ok. 10 passed; 0 failed"]]],
    ["an unlabelled block of output after a command", `${fence("sh", "mix test")}\n${fence("", "12 tests, 0 failures")}`, [["mix test", "12 tests, 0 failures"]]],
    ["a console block after a command span", `- \`zig build test\`\n\n${fence("console", "Build Summary: 3/3 steps succeeded")}`, [["zig build test", "Build Summary: 3/3 steps succeeded"]]],
    ["a json block after a command", `${fence("sh", "npm run check -- --json")}\n${fence("json", '{ "errors": 0 }')}`, [["npm run check -- --json", '{ "errors": 0 }']]],
    [
      "long output keeps its last result-like lines",
      `${fence("sh", "npm test")}\n${fence("text", "> app@1.0.0 test\n> vitest run\n\n RUN  v4\n ✓ a.test.ts (3)\n ✓ b.test.ts (2)\n Test Files  2 passed (2)\n      Tests  5 passed (5)")}`,
      [["npm test", "✓ b.test.ts (2); Test Files 2 passed (2); Tests 5 passed (5)"]],
    ],
    ["only the last command of a block gets the output", `${fence("sh", "npm run lint\nnpm test")}\n${fence("text", "51 passed")}`, [["npm run lint", null], ["npm test", "51 passed"]]],
    ["an arrow line after a command", "- `zig build test`\n\n→ all 12 passed", [["zig build test", "all 12 passed"]]],
    ["transcript output", fence("console", "$ cargo nextest run\n    Summary [0.5s] 51 tests run: 51 passed\n$ ./gradlew check\nBUILD SUCCESSFUL in 3s"), [["cargo nextest run", "Summary [0.5s] 51 tests run: 51 passed"], ["./gradlew check", "BUILD SUCCESSFUL in 3s"]]],
    ["> prompts without $", fence("text", "> zig build test\nok\n> mix test\n12 tests, 0 failures"), [["zig build test", "ok"], ["mix test", "12 tests, 0 failures"]]],
    ["# → note in a block", fence("bash", "npm test  # → 51 passed\nnpm run lint\n# -> 0 errors"), [["npm test", "51 passed"], ["npm run lint", "0 errors"]]],
    ["-> line in a block", fence("sh", "cargo test\n-> 10 passed\nnpm test → 51 passed"), [["cargo test", "10 passed"], ["npm test", "51 passed"]]],
  ])("%s", (_name, body, expected) => {
    expect(commands(`## Verification\n${body}\n`)).toEqual(expected);
  });

  test("a second shell block after a command is more commands, not output", () => {
    expect(commands(`## Verification\n${fence("sh", "npm run lint")}\n${fence("sh", "npm test")}\n`)).toEqual([
      ["npm run lint", null],
      ["npm test", null],
    ]);
  });

  test("an unlabelled block whose first line is a command is more commands", () => {
    expect(commands(`## Verification\n${fence("sh", "npm run lint")}\n${fence("", "mix test")}\n`)).toEqual([
      ["npm run lint", null],
      ["mix test", null],
    ]);
  });

  test("a block after prose is not output", () => {
    expect(commands(`## Verification\n${fence("sh", "npm test")}\nThen look at the report.\n${fence("text", "51 passed")}\n`)).toEqual([["npm test", null]]);
  });
});

describe("prompt lines and prose in the verification section", () => {
  test.each([
    ["$ prompt, unknown program", "$ bundle exec rspec", [["bundle exec rspec", null]]],
    ["$ prompt with an arrow result", "$ mix test → 12 tests, 0 failures", [["mix test", "12 tests, 0 failures"]]],
    ["> prompt with a flag", "> zig build test --summary all", [["zig build test --summary all", null]]],
    ["> prompt with a known program", "> cargo test", [["cargo test", null]]],
    ["leading code span, unknown program", "- Unit: `mix test` → 12 tests, 0 failures", [["mix test", "12 tests, 0 failures"]]],
    ["a script path in a code span, result after", "- `bin/validate-docs` PASS", [["bin/validate-docs", "PASS"]]],
    ["prose that starts with a program name", "make sure the build passes before merging", []],
    ["capitalised prose", "Make sure the build passes.", []],
    ["a quoted note", "> run it twice if it flakes", []],
    ["a results list without commands", "- Reviewer smoke tests: 51 passed, 0 failed.\n- Engine build: passed.", []],
    ["a file name in a code span", "- see `src/a.ts`", []],
  ])("%s", (_name, body, expected) => {
    expect(commands(`## Verification\n${body}\n`)).toEqual(expected);
  });
});

describe("isCommandShaped", () => {
  test.each([
    ["zig build test", true],
    ["./scripts/check.sh", true],
    ["CI=1 npm test", true],
    ["pytest", true],
    ["bin/validate-docs", true],
    ["./check.sh", true],
    ["src/a.ts", false],
    ["go test ./...", true],
    ["All 51 tests passed", false],
    ["Tests: 3", false],
    ["ok", false],
    ["51 passed", false],
    ["make sure the tests pass", false],
    ["src/a.ts:20 still failing", false],
  ])("%j → %j", (line, expected) => {
    expect(isCommandShaped(line)).toBe(expected);
  });
});
