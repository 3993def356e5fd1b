import { describe, expect, test } from "vitest";
import type { ParsedHandoff, StateItem, StateStatus } from "../handoff/types";
import { emptyParsedHandoff } from "../resume/test-fixtures";
import { compareResults, diffHandoffs, diffText, extractMetrics, normaliseItemText } from "./diff-handoffs";

function item(status: StateStatus, text: string, line = 1): StateItem {
  return { status, text, line, commitShas: [], fileRefs: [] };
}

function handoff(overrides: Partial<ParsedHandoff>): ParsedHandoff {
  return emptyParsedHandoff(overrides);
}

const OLDER = handoff({
  goal: { text: "Migrate the repositories to Prisma 7 without changing the API.", constraints: ["keep the API", "no new deps"], line: 5 },
  decisions: [
    { text: "Use `zod` v4", line: 10 },
    { text: "Keep SQLite for tests", line: 11 },
  ],
  state: [
    item("done", "Move user repository (commit abc1234)"),
    item("in-progress", "Fix `notification-repository.ts` typing errors"),
    item("not-started", "Wire BFF routes"),
    item("not-started", "Write the migration guide for the team"),
    item("in-progress", "Delete legacy adapters"),
  ],
  nextAction: { text: "Run `npx tsc --noEmit` and fix the 72 errors", line: 20, commands: [], fileRefs: [] },
  verification: [
    { command: "npx tsc --noEmit", lastResult: "72 errors", line: 30 },
    { command: "`npm test`", lastResult: "exit 0, 51 passed", line: 31 },
    { command: "npm run lint", lastResult: "3 warnings", line: 32 },
    { command: "npm run build", lastResult: "ok", line: 33 },
  ],
});

const NEWER = handoff({
  goal: { text: "Migrate the repositories to Prisma 7 without changing the public API.", constraints: ["keep the API", "no new runtime deps"], line: 5 },
  decisions: [
    { text: "Use `zod` v4.", line: 10 },
    { text: "Generate clients per provider", line: 11 },
  ],
  state: [
    item("done", "✅ Move user repository (commit abc1234)."),
    item("done", "Fix notification-repository.ts typing errors (def5678)"),
    item("in-progress", "Wire BFF routes"),
    item("not-started", "Write a migration guide for the team"),
    item("not-started", "Delete legacy adapters"),
    item("not-started", "Add e2e coverage"),
  ],
  nextAction: { text: "Run `npx tsc --noEmit` and fix the 9 errors", line: 20, commands: [], fileRefs: [] },
  verification: [
    { command: "npx  tsc --noEmit", lastResult: "9 errors", line: 30 },
    { command: "npm test", lastResult: "exit 1, 49 passed, 2 failed", line: 31 },
    { command: "npm run lint", lastResult: "3 warnings", line: 32 },
    { command: "npm run e2e", lastResult: null, line: 33 },
  ],
});

describe("diffHandoffs", () => {
  const diff = diffHandoffs(OLDER, NEWER);

  test("goal: the reworded sentence before and after, its changed words marked, and constraint changes", () => {
    expect(diff.goal.isChanged).toBe(true);
    expect(diff.goal.rows.map((row) => [row.kind, row.text])).toEqual([
      ["removed", "Migrate the repositories to Prisma 7 without changing the API."],
      ["added", "Migrate the repositories to Prisma 7 without changing the public API."],
    ]);
    expect(diff.goal.rows[1]!.words!.filter((part) => part.kind !== "same")).toEqual([{ kind: "added", text: "public " }]);
    expect(diff.goal.rows[0]!.words!.filter((part) => part.kind !== "same")).toEqual([]);
    expect(diff.goal.constraintsAdded).toEqual(["no new runtime deps"]);
    expect(diff.goal.constraintsRemoved).toEqual(["no new deps"]);
  });

  test("state: moves, with direction and how they matched", () => {
    const moves = diff.state.moved.map((move) => [move.before.text, move.before.status, move.after.status, move.direction, move.match]);
    expect(moves).toEqual([
      ["Fix `notification-repository.ts` typing errors", "in-progress", "done", "forward", "exact"],
      ["Wire BFF routes", "not-started", "in-progress", "forward", "exact"],
      ["Delete legacy adapters", "in-progress", "not-started", "backward", "exact"],
    ]);
  });

  test("state: reworded items match as similar, new ones are added", () => {
    expect(diff.state.unchanged.map((entry) => [entry.after.text, entry.match])).toEqual([
      ["✅ Move user repository (commit abc1234).", "exact"],
      ["Write a migration guide for the team", "similar"],
    ]);
    expect(diff.state.added.map((entry) => entry.text)).toEqual(["Add e2e coverage"]);
    expect(diff.state.removed).toEqual([]);
  });

  test("next action", () => {
    expect(diff.nextAction.isChanged).toBe(true);
    expect(diff.nextAction.rows.flatMap((row) => (row.words ?? []).filter((part) => part.kind !== "same"))).toEqual([
      { kind: "removed", text: "72" },
      { kind: "added", text: "9" },
    ]);
  });

  test("verification: results per matched command with trends", () => {
    expect(diff.verification.results.map(({ command, before, after, trend }) => ({ command, before, after, trend }))).toEqual([
      { command: "npx  tsc --noEmit", before: "72 errors", after: "9 errors", trend: "better" },
      { command: "npm test", before: "exit 0, 51 passed", after: "exit 1, 49 passed, 2 failed", trend: "worse" },
      { command: "npm run lint", before: "3 warnings", after: "3 warnings", trend: "same" },
    ]);
    expect(diff.verification.added.map((entry) => entry.command)).toEqual(["npm run e2e"]);
    expect(diff.verification.removed.map((entry) => entry.command)).toEqual(["npm run build"]);
  });

  test("decisions added and removed, ignoring punctuation and markdown", () => {
    expect(diff.decisions).toEqual({ added: ["Generate clients per provider"], removed: ["Keep SQLite for tests"] });
  });

  test("a handoff compared with itself has no changes", () => {
    const same = diffHandoffs(OLDER, OLDER);
    expect(same.hasChanges).toBe(false);
    expect(same.state.moved).toEqual([]);
    expect(same.verification.results.every((result) => result.trend === "same")).toBe(true);
    expect(diff.hasChanges).toBe(true);
  });

  test("empty handoffs", () => {
    const empty = diffHandoffs(emptyParsedHandoff(), emptyParsedHandoff());
    expect(empty.hasChanges).toBe(false);
    expect(empty.goal).toMatchObject({ isChanged: false, before: null, after: null, rows: [] });
  });

  test("duplicate items pair in order", () => {
    const before = handoff({ state: [item("done", "Run codegen"), item("not-started", "Run codegen")] });
    const after = handoff({ state: [item("done", "Run codegen"), item("done", "Run codegen")] });
    const result = diffHandoffs(before, after);
    expect(result.state.moved).toHaveLength(1);
    expect(result.state.unchanged).toHaveLength(1);
  });
});

describe("compareResults", () => {
  test.each([
    ["72 errors", "9 errors", "better"],
    ["9 errors", "72 errors", "worse"],
    ["72 errors", "72 errors", "same"],
    ["72 errors", "no errors", "better"],
    ["Found 1,204 errors in 88 files", "Found 980 errors in 80 files", "better"],
    ["72 type errors", "70 type errors", "better"],
    ["errors: 3", "errors: 5", "worse"],
    ["exit 1", "exit 0", "better"],
    ["exit code 0", "exit code 2", "worse"],
    ["exit 1", "exit 2", "changed"],
    ["51 passed", "60 passed", "better"],
    ["3/5 passed", "5/5 passed", "better"],
    ["51 passed", "49 passed, 2 failed", "worse"],
    ["10 errors, 2 warnings", "5 errors, 4 warnings", "changed"],
    ["built in 3.2s", "built in 4.1s", "changed"],
    ["ok", "ok", "same"],
    ["OK ", "ok", "same"],
    [null, "9 errors", "changed"],
    [null, null, "same"],
    ["72 errors (tsc 5.4)", "72 errors (tsc 5.5)", "same"],
  ] as const)("%j → %j is %s", (before, after, trend) => {
    expect(compareResults(before, after).trend).toBe(trend);
  });

  test("reports the numbers it compared", () => {
    expect(compareResults("exit 0, 51 passed", "exit 1, 49 passed, 2 failed").metrics).toEqual([
      { label: "exit", before: 0, after: 1, trend: "worse" },
      { label: "passed", before: 51, after: 49, trend: "worse" },
      { label: "failed", before: null, after: 2, trend: "changed" },
    ]);
  });
});

describe("helpers", () => {
  test("extractMetrics ignores unlabelled numbers", () => {
    expect(extractMetrics("took 12 seconds, 3 errors")).toEqual([{ label: "errors", value: 3 }]);
  });

  test("normaliseItemText drops markers, emoji, shas and trailing punctuation", () => {
    expect(normaliseItemText("- [x] ✅ DONE: Move **user** repo (commit abc1234).")).toBe("move user repo");
    expect(normaliseItemText("Bump to 1234567 rows")).toBe("bump to 1234567 rows");
  });

  test("diffText rebuilds both sides", () => {
    const before = "a b  c\nd";
    const after = "a x c\nd e";
    const parts = diffText(before, after);
    expect(parts.filter((p) => p.kind !== "added").map((p) => p.text).join("")).toBe(before);
    expect(parts.filter((p) => p.kind !== "removed").map((p) => p.text).join("")).toBe(after);
  });
});
