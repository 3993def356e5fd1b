import { describe, expect, test } from "vitest";
import { parseHandoff } from "../parse-handoff";
import { PREVIOUS_POINTER_LABELS } from "./pointer-labels.data";

const pointersOf = (markdown: string) => {
  const result = parseHandoff(markdown);
  expect(result.issues).toEqual([]);
  return result.value.pointers;
};

describe("previous pointer: labelled, path-shaped values only", () => {
  test.each([
    ["Picked up from a code span", "Picked up from `thoughts/shared/handoffs/x.md`", "thoughts/shared/handoffs/x.md"],
    ["Picked up from, in a bullet", "- Picked up from `thoughts/shared/handoffs/x.md` (yesterday's session)", "thoughts/shared/handoffs/x.md"],
    ["Resumed from a link", "Resumed from [the auth work](docs/handoffs/2026-02-01-auth.md).", "docs/handoffs/2026-02-01-auth.md"],
    [
      "a label inside a sentence, right before a parenthesised link (pt)",
      "> Este handoff é o ponto de entrada; o anterior ([gage factor](handoff-2026-06-30-gage.md)) cobre a base.",
      "handoff-2026-06-30-gage.md",
    ],
    ["a label inside a sentence, right before a code span", "Read the previous one (`docs/handoffs/a.md`) before starting.", "docs/handoffs/a.md"],
    ["Continues from, bold label", "**Continues from**: [a.md](./a.md)", "./a.md"],
    ["Continues, no from", "Continues: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Predecessor", "- Predecessor: docs/handoffs/a.md", "docs/handoffs/a.md"],
    ["Prior handoff", "Prior handoff: `a.md`", "a.md"],
    ["lowercase previous", "previous: docs/handoffs/a.md", "docs/handoffs/a.md"],
    ["in parentheses", "Previous: (docs/handoffs/a.md)", "docs/handoffs/a.md"],
    ["arrow", "Previous handoff → `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["table row", "| Field | Value |\n|---|---|\n| Previous handoff | `docs/handoffs/a.md` |", "docs/handoffs/a.md"],
    ["front matter", "---\nprevious: docs/handoffs/a.md\n---\n# H", "docs/handoffs/a.md"],
    ["Portuguese", "Handoff anterior: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Spanish", "Continuación de: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["German", "Vorherige Übergabe: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["French", "Handoff précédent : `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Korean", "이전 핸드오프: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Japanese, full-width colon", "前回のハンドオフ：`docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Chinese", "上一个交接: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
    ["Indonesian", "Handoff sebelumnya: `docs/handoffs/a.md`", "docs/handoffs/a.md"],
  ])("%s", (_name, markdown, expected) => {
    expect(pointersOf(`${markdown}\n`).previousPath).toBe(expected);
  });

  test.each([
    ["Previous: none", "Previous: none"],
    ["n/a", "- Previous handoff: n/a"],
    ["first", "Previous: first"],
    ["None (first handoff)", "**Previous:** None (first handoff)"],
    ["an arrow to none", "previous → none"],
  ])("%s → a pointer that says there is none", (_name, markdown) => {
    const pointers = pointersOf(`${markdown}\n`);
    expect(pointers.previousPath).toBeNull();
    expect(pointers.previousLine).toBe(1);
  });

  test.each([
    ["a path near the word previous in prose", "See the `CHANGELOG.md` v3.2 entry, previous handoff doc, for details."],
    ["an opening parenthesis in prose", "The skill (SKILL.md explains it) is the previous approach."],
    ["prose that starts with a label word", "Prior to this, `docs/notes.md` was the plan."],
    ["a label word followed by prose, then a link", "Veja o anterior roteiro ([roadmap](docs/roadmap.md)), entrada do handoff anterior."],
    ["a label with prose after it", "Previous handoff was lost; see `docs/notes.md`."],
    ["a label whose value is no path", "Previous: the auth refactor session"],
    ["a title, not a pointer", "- Previous title: Axum Refactor In Sandbox"],
    ["a word that only starts like a label", "Previously: fixed `src/a.md` rendering"],
    ["a path in the pointer section without a label", "## Handoff chain\n- `docs/handoffs/a.md` was useful background"],
  ])("%s → no pointer", (_name, markdown) => {
    const pointers = pointersOf(`${markdown}\n`);
    expect(pointers.previousPath).toBeNull();
    expect(pointers.previousLine).toBeNull();
  });

  test("the pointer section's own label wins over one elsewhere", () => {
    const pointers = pointersOf("Picked up from `docs/handoffs/old.md`\n\n## Resume pointer\n- Previous: `docs/handoffs/a.md`\n");
    expect(pointers).toMatchObject({ previousPath: "docs/handoffs/a.md", previousLine: 4 });
  });

  test("every language has labels", () => {
    expect(Object.keys(PREVIOUS_POINTER_LABELS).sort()).toEqual(["de", "en", "es", "fr", "id", "ja", "ko", "pt", "zh"]);
  });
});

describe("this-file pointer", () => {
  test.each([
    ["This file label", "- This file: `docs/handoffs/b.md`", "docs/handoffs/b.md"],
    ["marked (this file) in the pointer section", "## Resume pointer\n- `docs/handoffs/b.md` (this file)", "docs/handoffs/b.md"],
    ["Path: in the pointer section", "## Resume pointer\n- Path: docs/handoffs/b.md", "docs/handoffs/b.md"],
  ])("%s", (_name, markdown, expected) => {
    expect(pointersOf(`${markdown}\n`).thisPath).toBe(expected);
  });

  test.each([
    ["a generic label outside the pointer section", "## Notes\n- File: docs/handoffs/b.md"],
    ["a value that is no path", "- This file: see above"],
  ])("%s → none", (_name, markdown) => {
    expect(pointersOf(`${markdown}\n`).thisPath).toBeNull();
  });
});

describe("previous pointer: a several-word label inside a sentence, before a markdown file", () => {
  test.each([
    ["after a dash in a task list", "1. **Resume earlier work** (completed) — Picked up from `notes/handoffs/2026-01-02_a.md`. Tasks 1-3 were done.", "notes/handoffs/2026-01-02_a.md"],
    ["ingested … from", "1. **Resume** (done) — Ingested handoff from `notes/handoffs/b.md` and checked it.", "notes/handoffs/b.md"],
    ["possessive label before a parenthesised file", "Read the previous session's handoff (`notes/handoffs/c.md`) first.", "notes/handoffs/c.md"],
    ["file first, then the label, in a list", "- `notes/handoffs/d.md` — Previous handoff with the overview", "notes/handoffs/d.md"],
    ["a link after the label", "We picked up from [yesterday](notes/handoffs/e.md) and went on.", "notes/handoffs/e.md"],
  ])("%s", (_name, markdown, expected) => {
    expect(pointersOf(`# Handoff\n\n${markdown}\n`).previousPath).toBe(expected);
  });

  test.each([
    ["a source file after the label", "We picked up from `lib/pointers.ts` where the bug was."],
    ["a lone generic word before a file", "Compare with the previous `notes/handoffs/a.md` layout."],
    ["the label after a file in prose", "- `55403ab` — `CHANGELOG.md` v3.2 entry, previous handoff doc."],
    ["a file then an unrelated description", "- `notes/plan.md` — plan for the previous handoff format"],
  ])("no pointer: %s", (_name, markdown) => {
    expect(pointersOf(`# Handoff\n\n${markdown}\n`).previousPath).toBeNull();
  });
});

describe("previous pointer under a heading that names it", () => {
  test.each([
    ["path on the next line", "## previous handoff\nhandoffs/auth-refactor.md\n", "handoffs/auth-refactor.md"],
    ["path in a code span, a note after it", "## Previous handoff\n\n`docs/handoffs/a.md` — the auth refactor\n", "docs/handoffs/a.md"],
    ["a link", "### Previous\n[the refactor](../2026-03-01/a.md)\n", "../2026-03-01/a.md"],
    ["a bullet", "## Predecessor\n- docs/handoffs/a.md\n", "docs/handoffs/a.md"],
    ["a code block", "## Previous handoff\n```\ndocs/handoffs/a.md\n```\n", "docs/handoffs/a.md"],
    ["German", "## Vorherige Übergabe\ndocs/uebergabe/a.md\n", "docs/uebergabe/a.md"],
    ["Japanese", "## 前回のハンドオフ\n`docs/handoff/a.md`\n", "docs/handoff/a.md"],
    ["Korean", "## 이전 핸드오프\ndocs/handoff/a.md\n", "docs/handoff/a.md"],
    ["Spanish", "## Handoff anterior\ndocs/handoff/a.md\n", "docs/handoff/a.md"],
  ])("%s", (_name, markdown, expected) => {
    const pointers = pointersOf(`# Handoff\n\n${markdown}\n## Next step\nShip it.\n`);
    expect(pointers.previousPath).toBe(expected);
    expect(pointers.previousCandidates?.[0]).toMatchObject({ path: expected, evidence: "heading" });
  });

  test.each([["none"], ["n/a"], ["—"], ["None (this is the first)"], ["- none"]])("%j under the heading: an explicit none", (value) => {
    const pointers = pointersOf(`# Handoff\n\n## previous handoff\n${value}\n\n## Next step\nShip it.\n`);
    expect(pointers.previousPath).toBeNull();
    expect(pointers.previousCandidates).toEqual([{ path: null, line: 4, evidence: "heading" }]);
  });

  test("prose under the heading names no pointer", () => {
    const pointers = pointersOf("# Handoff\n\n## Previous handoff\nWe talked about the refactor in the last session.\n");
    expect(pointers.previousPath).toBeNull();
    expect(pointers.previousCandidates).toEqual([]);
  });

  test("a heading that is not a previous label is no pointer, whatever follows", () => {
    const pointers = pointersOf("# Handoff\n\n## Files touched\ndocs/handoffs/a.md\n");
    expect(pointers.previousPath).toBeNull();
  });
});

describe("weak previous candidates: kept for the scan to confirm, never the pointer themselves", () => {
  test.each([
    ["English, a word in a sentence", "The work before this one is in the previous notes at `docs/handoffs/a.md`, read it first.", "docs/handoffs/a.md"],
    ["Portuguese", "Continuando o trabalho anterior descrito em docs/handoffs/a.md.", "docs/handoffs/a.md"],
    ["Korean, no spaces around the word", "이전 작업은 [여기](docs/handoffs/a.md)에 있음", "docs/handoffs/a.md"],
    ["Japanese", "前回の作業は `docs/handoffs/a.md` を参照。", "docs/handoffs/a.md"],
  ])("mention: %s", (_name, line, expected) => {
    const pointers = pointersOf(`# Handoff\n\n${line}\n`);
    expect(pointers.previousPath).toBeNull();
    expect(pointers.previousCandidates).toContainEqual({ path: expected, line: 3, evidence: "mention" });
  });

  test("a link to a markdown file is a link candidate; web links and code files are none", () => {
    const pointers = pointersOf("# Handoff\n\nSee [the plan](docs/plan.md), [the site](https://example.com/a.md) and `src/app.ts`.\n");
    expect(pointers.previousCandidates).toEqual([{ path: "docs/plan.md", line: 3, evidence: "link" }]);
  });

  test("a markdown file beside a word that is no previous label is no mention", () => {
    const pointers = pointersOf("# Handoff\n\nUpdated `docs/handoffs/a.md` and `CHANGELOG.md` today.\n");
    expect(pointers.previousCandidates).toEqual([]);
  });

  test("weak candidates are not kept when an explicit pointer exists", () => {
    const pointers = pointersOf("# Handoff\n\nPrevious: `docs/handoffs/a.md`\n\nThe previous plan is [here](docs/plan.md).\n");
    expect(pointers.previousCandidates).toEqual([{ path: "docs/handoffs/a.md", line: 3, evidence: "label" }]);
  });
});

describe("the opening purpose section names the handoff this one continues", () => {
  test("a bare file name under ## Zweck is a mention for the scan to confirm (de)", () => {
    const parsed = parseHandoff("# Fortschreibung 14.08.2026\n\n## Zweck\n\nDiese Fortschreibung ergänzt `ARBEITSSTAND_2026-08-14_Z_I.md` um den Endstand.\n\n## Ausgangspunkt\n\nSiehe `NOTES.md`.\n").value;
    expect(parsed.pointers.previousCandidates).toEqual([{ path: "ARBEITSSTAND_2026-08-14_Z_I.md", line: 5, evidence: "mention" }]);
  });
  test("a file named in the file's own top, and a front-matter value naming a file by its stem, are mentions", () => {
    const top = parseHandoff("# Ergänzung zum Handoff (2026-08-14)\n\n**Zweck:** Ergänzt `docs/handoff_2026-08-13.md` um offene Fragen.\n\n## Offene Fragen\n\n- keine\n").value;
    expect(top.pointers.previousCandidates).toEqual([{ path: "docs/handoff_2026-08-13.md", line: 3, evidence: "mention" }]);
    const front = parseHandoff("---\nstatus: consumed\naddendum_to: 2026-07-21-paper02-v2.0-published\nconsumed_at: 2026-07-22\n---\n\n# Zenodo verified\n").value;
    expect(front.pointers.previousCandidates).toEqual([{ path: "2026-07-21-paper02-v2.0-published.md", line: 3, evidence: "mention" }]);
  });
  test("look-alike: a plan named by a label of the top is no mention", () => {
    const parsed = parseHandoff("# Handoff: Codex → Claude\n\n## Metadata\n- From: codex_gpt\n- Plan Reference: plans/projects/core/sessions/crepe/plan.md\n").value;
    expect(parsed.pointers.previousCandidates).toEqual([]);
  });
  test("look-alike: a path in a later section is no mention", () => {
    const parsed = parseHandoff("# Handoff\n\n## State\n\nDone.\n\n## Goal\n\nUpdate `OTHER.md`.\n").value;
    expect(parsed.pointers.previousCandidates).toEqual([]);
  });
});
