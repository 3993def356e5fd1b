import { describe, expect, test } from "vitest";
import { parseHandoff } from "../handoff/parse-handoff";
import { sectionSource } from "./section-source";

const handoff = `---
title: Auth
---
# Handoff: auth

## Next action
1. Run \`npm test\` in \`lib/auth\`.
2. Fix the failing test in \`lib/auth/login.test.ts\`.
   - keep the fixture
3. Commit.

\`\`\`bash
# not a heading: a comment in a fence
npm run build
\`\`\`

### Details
More about step 2.

## Verification commands
- \`npm test\` → 3 failures
`;

describe("sectionSource", () => {
  test("keeps numbered steps, nesting, code spans, fences and sub-headings, up to the next section", () => {
    const { value } = parseHandoff(handoff);
    const source = sectionSource(handoff, value.nextAction!.line, value.sections);
    expect(source).toEqual({
      text: [
        "1. Run `npm test` in `lib/auth`.",
        "2. Fix the failing test in `lib/auth/login.test.ts`.",
        "   - keep the fixture",
        "3. Commit.",
        "",
        "```bash",
        "# not a heading: a comment in a fence",
        "npm run build",
        "```",
        "",
        "### Details",
        "More about step 2.",
      ].join("\n"),
      firstLine: 7,
      lastLine: 18,
    });
    // The parser's own text flattens the list; this is why the prompt quotes the source.
    expect(value.nextAction!.text).not.toContain("1. Run");
  });

  test("a label-opened section keeps its label line and ends at the next heading", () => {
    const text = "# H\n\n**Next action:** continue with:\n1. a\n2. b\n\n## State\n- x\n";
    expect(sectionSource(text, 3)).toEqual({ text: "**Next action:** continue with:\n1. a\n2. b", firstLine: 3, lastLine: 5 });
  });

  test("ends before the next section the parser found, even without a heading", () => {
    const text = "## Next action\nDo a.\n**Verification:** `npm test`\n";
    expect(sectionSource(text, 1, [{ line: 1, key: "next-action" }, { line: 3, key: "verification" }])?.text).toBe("Do a.");
  });

  test.each<[string, string, number]>([
    ["line out of range", "## Next\nx\n", 9],
    ["line zero", "## Next\nx\n", 0],
    ["empty section", "## Next action\n\n## State\n", 1],
  ])("%s → null", (_name, text, line) => {
    expect(sectionSource(text, line)).toBeNull();
  });

  test("CRLF and a BOM", () => {
    expect(sectionSource("\uFEFF## Next\r\n1. a\r\n2. b\r\n", 1)?.text).toBe("1. a\n2. b");
  });
});
