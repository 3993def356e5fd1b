import { describe, expect, test } from "vitest";
import { parseLabel, parseLabels } from "./handoff-labels";

const pairs = (raw: string) => parseLabels(raw).map((label) => [label.name, label.rest]);

describe("parseLabel", () => {
  test.each([
    ["bold, colon inside", "**Branch:** main", ["Branch", "main"]],
    ["bold, colon after", "**Branch**: main", ["Branch", "main"]],
    ["underscore bold", "__Branch:__ main", ["Branch", "main"]],
    ["plain capitalised", "Branch: main", ["Branch", "main"]],
    ["plain lowercase known field", "runtime: opencode", ["runtime", "opencode"]],
    ["plain lowercase head", "head: abc1234", ["head", "abc1234"]],
    ["plain lowercase session", "session: ses_01JXABCDEF", ["session", "ses_01JXABCDEF"]],
    ["plain lowercase time", "time: 2026-02-17 13:45 PST", ["time", "2026-02-17 13:45 PST"]],
    ["plain lowercase previous", "previous: docs/a.md", ["previous", "docs/a.md"]],
    ["full-width colon", "ブランチ：main", ["ブランチ", "main"]],
    ["Korean label", "이전 핸드오프: docs/a.md", ["이전 핸드오프", "docs/a.md"]],
    ["accented capital", "Último handoff: docs/a.md", ["Último handoff", "docs/a.md"]],
    ["bare label", "**Verification commands:**", ["Verification commands", ""]],
  ])("%s", (_name, raw, expected) => {
    const label = parseLabel(raw);
    expect(label === null ? null : [label.name, label.rest]).toEqual(expected);
  });

  test.each([
    ["a sentence with a colon", "The fix we finally made was simple: swap the order"],
    ["lowercase word that is no field", "note: the head of the team said hi"],
    ["lowercase prose", "we tried again: it failed"],
    ["a URL", "https://example.com/a"],
    ["bold lead-in without colon", "**Important** read this first"],
    ["too many words", "When we ran the full suite again: 3 failures"],
  ])("%s is not a label", (_name, raw) => {
    expect(parseLabel(raw)).toBeNull();
  });
});

describe("several labels on one line", () => {
  test.each([
    ["middle dot", "**Date:** 2026-02-17 · **Branch:** `x` · **HEAD:** `89b837e`"],
    ["pipe", "**Date:** 2026-02-17 | **Branch:** `x` | **HEAD:** `89b837e`"],
    ["semicolon", "Date: 2026-02-17; Branch: `x`; HEAD: `89b837e`"],
    ["spaced dash", "Date: 2026-02-17 - Branch: `x` - HEAD: `89b837e`"],
    ["comma", "Date: 2026-02-17, branch: `x`, head: `89b837e`"],
    ["bullet", "**Date:** 2026-02-17 • **Branch:** `x` • **HEAD:** `89b837e`"],
  ])("%s", (_name, raw) => {
    expect(pairs(raw).map(([name, rest]) => [name?.toLowerCase(), rest])).toEqual([
      ["date", "2026-02-17"],
      ["branch", "`x`"],
      ["head", "`89b837e`"],
    ]);
  });

  test.each([
    ["a comma inside a value", "Date: Feb 17, 2026, Branch: main", [["Date", "Feb 17, 2026"], ["Branch", "main"]]],
    ["an unknown plain word after a separator", "Status: fixed a, b: see notes", [["Status", "fixed a, b: see notes"]]],
    ["a separator inside a code span", "Command: `a | Branch: b`", [["Command", "`a | Branch: b`"]]],
    ["a dash without blanks", "Branch: feat/x-y", [["Branch", "feat/x-y"]]],
  ])("%s stays one value", (_name, raw, expected) => {
    expect(pairs(raw)).toEqual(expected);
  });

  test("a long line with many separators stays linear", () => {
    const raw = `Note: ${"a, ".repeat(20_000)}end`;
    const started = performance.now();
    expect(parseLabels(raw)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
