import { describe, expect, test } from "vitest";
import { fileNameDate } from "./name-date";

describe("fileNameDate: a real calendar date written in a file name", () => {
  test.each([
    ["docs/2026-03-06-template-groups-refactor.md", "2026-03-06"],
    ["HANDOVER_2026_03_06.md", "2026-03-06"],
    ["handoff-20260306-1420.md", "2026-03-06"],
    ["26022026.md", "2026-02-26"],
    ["handoff-0073-2026-08-22-1044-x.md", "2026-08-22"],
    ["x/26022026/handoff_a.md", null],
    ["session_260306.md", null],
    ["2026-13-01-x.md", null],
    ["2026-02-30-x.md", null],
    ["notes.md", null],
  ])("%s → %s", (name, expected) => {
    expect(fileNameDate(name)).toBe(expected);
  });
});
