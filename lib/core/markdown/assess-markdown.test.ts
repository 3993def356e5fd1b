import { describe, expect, test } from "vitest";
import { assessMarkdown } from "./assess-markdown";
import { MARKDOWN_RENDER_LIMITS } from "./render-limits.data";
import { hostileMarkdown } from "./test-support/hostile-markdown";

const ordinary = `# Handoff: migrate repositories

## Goal
Move the repositories to Prisma without renaming a public method.

- [x] \`InvoiceRepository\` **done** (commit \`abc1234\`)
- [ ] \`PaymentRepository\`: 9 errors
  - nested *detail* with a [link](https://example.com)
    - and a third level

> Do not rename any public repository method.

| Command | Result |
|---|---|
| \`npx tsc --noEmit\` | 9 errors |

\`\`\`ts
// Deeply indented code is not nesting:
                                                                            - not a list item
> > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > not a quote
*******************************************************************************************
\`\`\`

---
* * *
snake_case_names_like_this_one and __dunder__ and a_b_c_d_e_f_g_h_i_j are ordinary text.
`;

describe("assessMarkdown", () => {
  test("an ordinary handoff renders, with its measures", () => {
    const assessment = assessMarkdown(ordinary);
    expect(assessment).toMatchObject({ render: true, measures: { nesting: 3, tableCells: 4, lines: ordinary.split("\n").length - 1 } });
  });

  test.each([
    ["`- ` × 10,000 and a word", `${"- ".repeat(10_000)}goal`, /nested 10,000 levels deep at line 1/],
    ["`> ` × 100", `${"> ".repeat(100)}x`, /nested 100 levels deep/],
    ["`1. ` × 50", `${"1. ".repeat(50)}x`, /nested 50 levels deep/],
    ["`1) ` and `+ ` mixed, 40 levels", `${"1) + ".repeat(20)}x`, /nested 40 levels deep/],
    ["an indented list 40 levels deep", Array.from({ length: 40 }, (_, level) => `${"  ".repeat(level)}- item`).join("\n"), /nested 40 levels deep at line 40/],
    ["tab-indented list items", Array.from({ length: 20 }, (_, level) => `${"\t".repeat(level)}- item`).join("\n"), /nested 39 levels deep at line 20/],
    ["a run of 65 `*`", `${"*".repeat(65)}word${"*".repeat(65)}`, /a run of 65 emphasis markers at line 1/],
    ["a run of 100 `~`", `a ${"~".repeat(100)} b`, /a run of 100 emphasis markers/],
    ["2,001 inline markers in a paragraph", `intro *\n${"[a]".repeat(1_000)}`, /2,001 inline markers in the paragraph at line 1/],
    ["a table of 5,000 columns and 10 rows", `${"|a".repeat(5_000)}|\n${"|-".repeat(5_000)}|\n${"|\n".repeat(10)}`, /tables of 55,000 cells, past the limit at the one from line 1/],
    ["200,001 characters", "a".repeat(200_001), /200,001 characters \(the limit is 200,000\)/],
  ])("%s is shown as plain text, with the reason", (_, markdown, reason) => {
    const assessment = assessMarkdown(markdown);
    expect(assessment.render).toBe(false);
    if (!assessment.render) expect(assessment.reason).toMatch(reason);
  });

  test.each([
    ["`- ` × 10,000 alone is a thematic break", "- ".repeat(10_000)],
    ["`*` × 5,000 alone on a line is a thematic break", "*".repeat(5_000)],
    ["a list item holding a thematic break", "- * * *"],
    ["a quote 32 levels deep (the limit)", `${"> ".repeat(32)}x`],
    ["a run of 64 `_`", `${"_".repeat(64)}`.replace(/^/, "a ")],
    ["markers split over paragraphs", Array.from({ length: 10 }, () => "[a".repeat(500)).join("\n\n")],
    ["markers split over list items", Array.from({ length: 10 }, () => `- ${"`a` ".repeat(500)}`).join("\n")],
    ["a table of 20,000 cells", `${"|a".repeat(100)}|\n${"|-".repeat(100)}|\n${"|x".repeat(100)}|\n`.concat("|x|\n".repeat(198))],
    ["a dashed line after a blank line is not a table", `text\n\n|---|---|\n${"|\n".repeat(50_000)}`.slice(0, 150_000)],
    ["anything inside a fence", `\`\`\`\n${"- ".repeat(10_000)}x\n${"*".repeat(500)}\n\`\`\`\n`],
    ["a tilde fence closed by a longer one", `~~~~\n${"> ".repeat(100)}\n~~~~~\nafter`],
  ])("%s renders", (_, markdown) => {
    expect(assessMarkdown(markdown)).toMatchObject({ render: true });
  });

  test("a fence opened inside a list item is a fence too", () => {
    expect(assessMarkdown(`- item\n  \`\`\`\n  ${"- ".repeat(100)}x\n  \`\`\`\n`)).toMatchObject({ render: true });
  });

  test("every hostile document is measured within a second, and only the harmless ones render", () => {
    const rendered: string[] = [];
    for (const document of hostileMarkdown()) {
      const started = performance.now();
      const assessment = assessMarkdown(document.markdown);
      // Linear: even the 900 KB ones take milliseconds; a second only fails on a quadratic pass.
      expect(performance.now() - started, document.name).toBeLessThan(1_000);
      if (assessment.render) rendered.push(document.name);
    }
    expect(rendered).toEqual(["dash-line", "many-lines", "script-payloads"]);
  });

  test("limits are parameters", () => {
    expect(assessMarkdown("- - x", { ...MARKDOWN_RENDER_LIMITS, maxNesting: 1 })).toMatchObject({ render: false, reason: expect.stringMatching(/nested 2 levels deep/) });
  });
});
