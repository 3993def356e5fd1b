import { describe, expect, test } from "vitest";
import { filesWorthHeadings, hasDate, suggestHandoffFolders, suggestionWordsIn } from "./suggest-handoff-folders";

describe("folders that look like handoffs", () => {
  test("dated names in a notes folder are suggested with the glob to add", () => {
    const suggestions = suggestHandoffFolders([
      "docs/sessions/2026-03-01-auth.md",
      "docs/sessions/2026-03-02-db.md",
      "docs/sessions/2026-03-04-ui.md",
      "docs/sessions/README.md",
      "docs/guide/install.md",
      "docs/guide/usage.md",
      "README.md",
      "CONTRIBUTING.md",
    ]);
    expect(suggestions).toEqual([
      {
        folder: "docs/sessions",
        glob: "docs/sessions/*.md",
        markdownFiles: 3,
        reasons: ['folder name says "session"', "3 dated file names"],
        score: 4,
      },
    ]);
  });

  test("dated sub-folders count toward their parent, and the glob reaches them", () => {
    const [suggestion] = suggestHandoffFolders(["notes/2026-03-01/summary.md", "notes/2026-03-02/summary.md", "notes/02032026/plan.md"]);
    expect(suggestion).toMatchObject({ folder: "notes", glob: "notes/**/*.md", markdownFiles: 3 });
  });

  test.each([
    ["progress files", ["ai/progress-1.md", "ai/progress-2.md", "ai/overview.md"], "ai"],
    ["a status folder", ["project/status/a.md", "project/status/b.md"], "project/status"],
    ["continuation notes among others", ["x/continuation-one.md", "x/next-steps-two.md", "x/a.md", "x/b.md", "x/c.md"], null],
    ["dated names among many others", ["y/2026-03-01.md", "y/2026-03-02.md", "y/a.md", "y/b.md", "y/c.md"], null],
    ["both of the last two", ["z/2026-03-01.md", "z/2026-03-02.md", "z/continuation-a.md", "z/next-steps-b.md", "z/c.md", "z/d.md", "z/e.md"], "z"],
  ])("%s", (_label, paths, folder) => {
    expect(suggestHandoffFolders(paths).map((suggestion) => suggestion.folder)).toEqual(folder ? [folder] : []);
  });

  test("plain documentation, a single file, and the repo root are not suggested", () => {
    expect(suggestHandoffFolders(["docs/api/auth.md", "docs/api/users.md", "docs/api/billing.md"])).toEqual([]);
    expect(suggestHandoffFolders(["docs/sessions/2026-03-01.md"])).toEqual([]);
    expect(suggestHandoffFolders(["2026-03-01.md", "2026-03-02.md", "2026-03-03.md"])).toEqual([]);
  });

  test("headings tip a folder one point short, and only such folders' files are worth reading", () => {
    const paths = ["work/a.md", "work/b.md", "work/c.md", "work/progress-1.md", "work/progress-2.md"];
    expect(suggestHandoffFolders(paths)).toEqual([]);
    expect(filesWorthHeadings([...paths, "docs/api/a.md", "docs/api/b.md"])).toEqual(["work/a.md", "work/b.md", "work/c.md", "work/progress-1.md", "docs/api/a.md", "docs/api/b.md"]);
    const headings = new Map([
      ["work/a.md", "Session handoff: auth"],
      ["work/b.md", "Next steps for the importer"],
    ]);
    expect(suggestHandoffFolders(paths, headings)[0]).toMatchObject({ folder: "work", score: 2 });
    expect(filesWorthHeadings(["docs/sessions/a.md", "docs/sessions/b.md", "docs/api/c.md"])).toEqual([]);
  });

  test.each([
    ["2026-03-01-auth", true],
    ["20260301", true],
    ["01032026", true],
    ["session_2026_03_01", true],
    ["v1.2.3", false],
    ["12345678901", false],
  ])("%s has a date: %s", (text, expected) => {
    expect(hasDate(text)).toBe(expected);
  });

  test("words match singular or plural, camelCase and multi-word", () => {
    expect(suggestionWordsIn("SessionNotes")).toEqual(["session", "notes"]);
    expect(suggestionWordsIn("sessions")).toEqual(["session"]);
    expect(suggestionWordsIn("Next steps")).toEqual(["next steps"]);
    expect(suggestionWordsIn("do not merge")).toEqual([]);
  });
});
