import { describe, expect, test } from "vitest";
import { emptyParsedHandoff } from "../../core/resume/test-fixtures";
import type { ResumeCheckout } from "../../core/resume/choose-checkout";
import { resumeWarnings } from "./resume-options";

const checkout: ResumeCheckout = { branch: "main", branchIsRemoteOnly: false, remote: "origin", localBranchExists: true, isTracked: true, why: "…" };
const concrete = emptyParsedHandoff({ nextAction: { text: "Run npm test", line: 5, commands: ["npm test"], fileRefs: [] } });
const base = { errors: [], deprecation: "", parsed: concrete, markdown: null, checkout };

describe("resumeWarnings", () => {
  test("none for a clean, current handoff with a concrete next action", () => {
    expect(resumeWarnings(base)).toEqual([]);
  });

  test("lint errors: counted, rules named once each, at most five", () => {
    const errors = ["a", "b", "b", "c", "d", "e", "f", "g"].map((rule, line) => ({ rule: `rule-${rule}`, line }));
    const [warning] = resumeWarnings({ ...base, errors });
    expect(warning).toMatchObject({ rule: "resume-handoff-lint-errors", severity: "warning", line: null });
    expect(warning!.message).toContain("8 lint error(s) (rule-a, rule-b, rule-c, rule-d, rule-e, and 2 more)");
  });

  test("a vague next action, read as written from the markdown, with its line", () => {
    const parsed = emptyParsedHandoff({
      nextAction: { text: "Continue the migration", line: 3, commands: [], fileRefs: [] },
      sections: [{ key: "next-action", title: "Next action", line: 3 }],
    });
    const warnings = resumeWarnings({ ...base, parsed, markdown: "# H\n\n## Next action\nContinue the migration.\n" });
    expect(warnings).toEqual([expect.objectContaining({ rule: "resume-next-action-vague", line: 3 })]);
    // The same words with a code span as written are concrete.
    expect(resumeWarnings({ ...base, parsed, markdown: "# H\n\n## Next action\nContinue the migration in `db/migrate.ts`.\n" })).toEqual([]);
  });

  test("a deprecated handoff and an untracked remote ref", () => {
    const warnings = resumeWarnings({
      ...base,
      deprecation: "title, line 1: # DEPRECATED",
      checkout: { ...checkout, branch: "feat/up", branchIsRemoteOnly: true, remote: "upstream", localBranchExists: false, isTracked: false },
    });
    expect(warnings.map((warning) => warning.rule)).toEqual(["resume-handoff-deprecated", "resume-remote-not-tracked"]);
    expect(warnings[1]!.message).toContain("refs/remotes/upstream/feat/up");
    expect(warnings[1]!.message).toContain("--no-track");
  });
});
