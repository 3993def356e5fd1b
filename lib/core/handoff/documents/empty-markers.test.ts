import { describe, expect, test } from "vitest";
import { isEmptyMarker } from "./empty-markers";
import { parseHandoff } from "../parse-handoff";
import { lintHandoff } from "../lint-handoff";
import { parseHandoffPath } from "../handoff-path";

describe("isEmptyMarker", () => {
  test.each([
    "nothing", "None", "n/a", "na", "N/A.", "- none", "(none)", "*Nothing*", "none — all merged", "Nothing yet", "nothing: see above",
    "—", "keine", "nichts offen", "nada", "ninguno todavía", "rien", "aucune", "nenhum", "tidak ada", "なし", "特になし", "없음", "无", "暂无", "無",
  ])("%j says the list is empty", (text) => {
    expect(isEmptyMarker(text)).toBe(true);
  });

  test.each([
    "None of the tests pass", "Nothing renders on Safari", "nonexistent file handling", "Name the routes", "keinen Fehler beheben",
    "无法编译 `src/a.ts`", "Wire the BFF routes", "", "-- flag parsing",
  ])("%j is an item", (text) => {
    expect(isEmptyMarker(text)).toBe(false);
  });
});

const handoff = (state: string) => `# Handoff
## Goal
Ship it.
## State
${state}
## Next action
Run \`npm test\` in \`src/a.ts\`.
## Verification commands
- \`npm test\` → 3 passed
## Resume pointer
- Previous: none
`;

describe("state items", () => {
  test("the heading an item sits under decides its status over its checkbox", () => {
    const parsed = parseHandoff(handoff("### Done\n- [ ] moved the routes\n### In progress\n- [ ] wire `src/a.ts:3`\n- [x] half of the docs\n### Not started\n- [x] delete the builder\n")).value;
    expect(parsed.state.map((item) => [item.text, item.status])).toEqual([
      ["moved the routes", "done"],
      ["wire src/a.ts:3", "in-progress"],
      ["half of the docs", "in-progress"],
      ["delete the builder", "not-started"],
    ]);
  });

  test("without a status heading the checkbox still decides", () => {
    const parsed = parseHandoff(handoff("- [x] moved the routes\n- [ ] delete the builder\n")).value;
    expect(parsed.state.map((item) => item.status)).toEqual(["done", "not-started"]);
  });

  test.each(["nothing", "None.", "n/a", "(none)", "keine", "なし"])("“- %s” under In progress is no item and raises no in-progress-without-location", (word) => {
    const parsed = parseHandoff(handoff(`### Done\n- [x] moved the routes (commit abc1234)\n### In progress\n- ${word}\n### Not started\n| Item | Status |\n|---|---|\n| ${word} | todo |\n`)).value;
    expect(parsed.state.map((item) => item.text)).toEqual(["moved the routes (commit abc1234)"]);
    const path = "docs/ai/handoff/claude-code/08082026/handoff_x.md";
    const rules = lintHandoff(parsed, { path, pathInfo: parseHandoffPath(path), secrets: [], isCommitted: true, headShaExists: true, previousResolves: true }).map((finding) => finding.rule);
    expect(rules).not.toContain("in-progress-without-location");
  });

  test("an in-progress item without a location still raises the finding", () => {
    const parsed = parseHandoff(handoff("### In progress\n- wiring the routes\n")).value;
    const path = "docs/ai/handoff/claude-code/08082026/handoff_x.md";
    const rules = lintHandoff(parsed, { path, pathInfo: parseHandoffPath(path), secrets: [], isCommitted: true, headShaExists: true, previousResolves: true }).map((finding) => finding.rule);
    expect(rules).toContain("in-progress-without-location");
  });

  test("“none” among decisions is no decision", () => {
    const parsed = parseHandoff(`# Handoff\n## Key decisions\n- None\n`).value;
    expect(parsed.decisions).toEqual([]);
  });
});
