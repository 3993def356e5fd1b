import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseHandoff } from "../handoff/parse-handoff";
import type { ParsedHandoff, StateItem, StateStatus } from "../handoff/types";
import { emptyParsedHandoff } from "../resume/test-fixtures";
import { diffHandoffs, diffProse, splitSentences } from "./diff-handoffs";

const demo = (name: string) => parseHandoff(readFileSync(path.join(import.meta.dirname, "../../../demo/acme-billing", name), "utf8")).value;

function item(status: StateStatus, text: string, files: string[] = []): StateItem {
  return { status, text, line: 1, commitShas: [], fileRefs: files.map((file) => ({ path: file, line: null, sourceLine: 1 })) };
}
const withState = (state: StateItem[]): ParsedHandoff => emptyParsedHandoff({ state });

describe("state items matched across status changes", () => {
  test("the demo chain: PaymentRepository moved from not started to done shows once, as a move", () => {
    const diff = diffHandoffs(demo("handoff-1-claude.md"), demo("handoff-2-codex.md"));
    const payment = diff.state.moved.filter((move) => move.after.text.includes("PaymentRepository"));
    expect(payment.map((move) => [move.before.status, move.after.status, move.direction])).toEqual([["not-started", "done", "forward"]]);
    const mentions = [...diff.state.added, ...diff.state.removed].filter((entry) => entry.text.includes("PaymentRepository"));
    expect(mentions).toEqual([]);
    // Under "### In progress" with an empty checkbox: in progress, as its heading says.
    expect(demo("handoff-1-claude.md").state.find((entry) => entry.text.startsWith("NotificationRepository"))?.status).toBe("in-progress");
  });

  test.each([
    ["PaymentRepository (`src/repo/payment.ts:1`)", "PaymentRepository moved to Prisma (`src/repo/payment.ts:1-40`)"],
    ["Wire BFF routes", "✅ Wired BFF routes — done in abc1234"],
    ["Remove the old query builder", "Removed the old query builder (commit def5678)"],
    ["Write the migration guide for the team", "Write a migration guide for the team"],
  ])("%j → %j is one item that moved", (before, after) => {
    const diff = diffHandoffs(withState([item("not-started", before)]), withState([item("done", after)]));
    expect(diff.state.moved).toHaveLength(1);
    expect(diff.state.added).toEqual([]);
    expect(diff.state.removed).toEqual([]);
  });

  test("two items citing the same file pair even when reworded", () => {
    const diff = diffHandoffs(
      withState([item("not-started", "Remove the old query builder (src/app/lib/query-builder.ts)", ["src/app/lib/query-builder.ts"])]),
      withState([item("done", "Delete the query builder file", ["src/app/lib/query-builder.ts"])]),
    );
    expect(diff.state.moved).toHaveLength(1);
  });

  test.each([
    ["Fix the login bug", "Fix the signup bug"],
    ["Write tests", "Write docs"],
    ["tests", "Write tests for the billing page and the invoice list"],
    ["Add e2e coverage", "Remove the old query builder"],
  ])("%j and %j stay two items", (before, after) => {
    const diff = diffHandoffs(withState([item("not-started", before)]), withState([item("done", after)]));
    expect(diff.state.moved).toEqual([]);
    expect(diff.state.added).toHaveLength(1);
    expect(diff.state.removed).toHaveLength(1);
  });
});

describe("prose before and after", () => {
  test("sentences split across hard wraps, list lines and CJK punctuation", () => {
    expect(splitSentences("Run the tests,\nthen fix `src/a.ts:20`. Check e.g. the logs.\n- one item\n- two items\n\n下一步。然后做 X。")).toEqual([
      "Run the tests, then fix `src/a.ts:20`.",
      "Check e.g. the logs.",
      "- one item",
      "- two items",
      "下一步。",
      "然后做 X。",
    ]);
  });

  test("an added sentence is one added row; the rest stays as context, not a word soup", () => {
    const rows = diffProse("Run tsc. Fix the errors in `route.ts`.", "Run tsc. Fix the errors in `route.ts`. Then open a pull request.");
    expect(rows.map((row) => [row.kind, row.text, row.words])).toEqual([
      ["same", "Run tsc.", null],
      ["same", "Fix the errors in `route.ts`.", null],
      ["added", "Then open a pull request.", null],
    ]);
  });

  test("a rewritten paragraph shows whole sentences before and after", () => {
    const rows = diffProse("Migrate the billing module to Prisma. Keep SQLite.", "Ship the dashboard redesign this week.");
    expect(rows.map((row) => [row.kind, row.words])).toEqual([
      ["removed", null],
      ["removed", null],
      ["added", null],
    ]);
  });

  const sentence = fc
    .array(fc.constantFrom("run", "the", "tests", "fix", "`src/a.ts`", "routes", "then", "deploy", "errors", "9", "72", "データ", "修复"), { minLength: 1, maxLength: 8 })
    .map((words) => `${words.join(" ")}.`);
  const prose = fc.array(sentence, { maxLength: 6 }).chain((sentences) =>
    fc.constantFrom(" ", "\n", "\n\n").map((separator) => sentences.join(separator)),
  );

  test("property: each side's rows are that side's sentences, in order; a reworded row's words rebuild it", () => {
    fc.assert(
      fc.property(prose, prose, (before, after) => {
        const rows = diffProse(before, after);
        expect(rows.filter((row) => row.kind !== "added").map((row) => row.text)).toEqual(splitSentences(before));
        expect(rows.filter((row) => row.kind !== "removed").map((row) => row.text)).toEqual(splitSentences(after));
        for (const row of rows) if (row.words) expect(row.words.map((part) => part.text).join("")).toBe(row.text);
      }),
    );
  });

  test("property: prose compared with itself is all context", () => {
    fc.assert(fc.property(prose, (text) => diffProse(text, text).every((row) => row.kind === "same")));
  });
});

describe("property: state matching", () => {
  const statuses = fc.constantFrom<StateStatus>("done", "in-progress", "not-started");
  const text = fc.oneof(
    fc.constantFrom("Wire BFF routes", "PaymentRepository", "Remove the old query builder", "Write tests", "Fix `src/a.ts:3`", "Add e2e coverage", "none yet"),
    fc.string({ maxLength: 40 }),
  );
  const state = fc.array(fc.tuple(statuses, text).map(([status, words]) => item(status, words)), { maxLength: 8 });

  test("every item of each side appears exactly once: moved, unchanged, added or removed", () => {
    fc.assert(
      fc.property(state, state, (older, newer) => {
        const diff = diffHandoffs(withState(older), withState(newer)).state;
        const afterSide = [...diff.moved.map((move) => move.after), ...diff.unchanged.map((entry) => entry.after), ...diff.added];
        const beforeSide = [...diff.moved.map((move) => move.before), ...diff.unchanged.map((entry) => entry.before), ...diff.removed];
        expect(afterSide).toHaveLength(newer.length);
        expect(beforeSide).toHaveLength(older.length);
        for (const move of diff.moved) expect(move.before.status).not.toBe(move.after.status);
        for (const entry of diff.unchanged) expect(entry.before.status).toBe(entry.after.status);
      }),
    );
  });

  test("a handoff compared with itself has only unchanged items; a changed status alone is a move", () => {
    fc.assert(
      fc.property(state, statuses, (items, status) => {
        const same = diffHandoffs(withState(items), withState(items)).state;
        expect(same.moved.length + same.added.length + same.removed.length).toBe(0);
        const changed = items.map((entry) => ({ ...entry, status }));
        const diff = diffHandoffs(withState(items), withState(changed)).state;
        expect(diff.added.length + diff.removed.length).toBe(0);
        expect(diff.moved).toHaveLength(items.filter((entry) => entry.status !== status).length);
      }),
    );
  });

  test("swapping the two handoffs swaps the sides of every pair", () => {
    fc.assert(
      fc.property(state, state, (older, newer) => {
        const forward = diffHandoffs(withState(older), withState(newer)).state;
        const backward = diffHandoffs(withState(newer), withState(older)).state;
        expect(backward.moved.length + backward.unchanged.length).toBe(forward.moved.length + forward.unchanged.length);
        expect(backward.added.length).toBe(forward.removed.length);
      }),
    );
  });
});
