import { describe, expect, test } from "vitest";
import { compareRepo, falseMissingRules, hasFailures, totals, type ExpectedHandoff, type ExpectedRepo, type ScannedHandoff } from "./compare-corpus";

function scanned(path: string, fields: Partial<ScannedHandoff> = {}): ScannedHandoff {
  return { path, runtime: null, model: null, sessionId: null, branch: null, headSha: null, timestamp: null, previousPath: null, lint: [], ...fields };
}

const expected: ExpectedRepo = {
  name: "owner+repo",
  url: "https://example.invalid/owner/repo",
  commit: "0".repeat(40),
  layout: "docs/handoffs/",
  language: "en",
  present: 3,
  notHandoffs: ["docs/handoffs/README.md"],
  latest: "docs/handoffs/c.md",
  handoffs: {
    "docs/handoffs/c.md": {
      runtime: "codex",
      model: "gpt-5",
      headSha: "abc1234",
      previousPath: "docs/handoffs/b.md",
      sections: ["goal", "next-action"],
    },
  },
};

describe("compareRepo", () => {
  test("a scan that matches has no failures", () => {
    const comparison = compareRepo(expected, {
      handoffs: [
        scanned("docs/handoffs/a.md"),
        scanned("docs/handoffs/b.md"),
        scanned("docs/handoffs/c.md", { runtime: "codex", model: "GPT-5 (high)", headSha: "abc1234def", previousPath: "docs/handoffs/b.md" }),
      ],
      latest: "docs/handoffs/c.md",
    });
    expect(comparison.found).toBe(3);
    expect(comparison.fieldsChecked).toBe(4);
    expect(comparison.mismatches).toEqual([]);
    expect(hasFailures(comparison)).toBe(false);
  });

  test("reports what differs: discovery, fields, false missing errors, latest", () => {
    const comparison = compareRepo(expected, {
      handoffs: [
        scanned("docs/handoffs/README.md"),
        scanned("docs/handoffs/c.md", {
          runtime: null,
          model: "gpt-5",
          headSha: null,
          previousPath: "docs/handoffs/CHANGELOG.md",
          lint: [
            { rule: "section-goal-missing", severity: "error", line: null },
            { rule: "section-state-missing", severity: "error", line: null },
            { rule: "head-sha-missing", severity: "error", line: null },
            { rule: "section-next-action-missing", severity: "warning", line: null },
          ],
        }),
      ],
      latest: "docs/handoffs/README.md",
    });
    expect(comparison.found).toBe(1);
    expect(comparison.falseDiscoveries).toEqual(["docs/handoffs/README.md"]);
    expect(comparison.mismatches.map((mismatch) => mismatch.field)).toEqual(["runtime", "headSha", "previousPath"]);
    // state is not among the sections a reader found, so its error is a true one.
    expect(comparison.falseMissingErrors.map((error) => error.rule)).toEqual(["section-goal-missing", "head-sha-missing"]);
    expect(comparison.latest).toEqual({ expected: ["docs/handoffs/c.md"], actual: "docs/handoffs/README.md", isRight: false });
    expect(hasFailures(comparison)).toBe(true);
  });

  test("a sample the scan did not find is reported, and latest may be a per-repo map", () => {
    const comparison = compareRepo(expected, { handoffs: [scanned("docs/handoffs/a.md")], latest: { "/x": "docs/handoffs/c.md" } });
    expect(comparison.missingSamples).toEqual(["docs/handoffs/c.md"]);
    expect(comparison.latest?.isRight).toBe(true);
  });
});

test.each<[ExpectedHandoff, string, boolean]>([
  [{ sections: ["verification"] }, "section-verification-missing", true],
  [{ sections: [] }, "section-verification-missing", false],
  [{ headSha: "abc1234" }, "head-sha-missing", true],
  [{ headSha: null }, "head-sha-missing", false],
  [{ sessionId: "s-1" }, "session-id-missing", true],
  [{}, "session-id-missing", false],
])("falseMissingRules(%j, %s) → %s", (want, rule, isFalse) => {
  const result = falseMissingRules(want, [{ rule, severity: "error", line: null }]);
  expect(result.length === 1).toBe(isFalse);
});

test("totals add the repositories up", () => {
  const a = compareRepo(expected, { handoffs: [scanned("docs/handoffs/a.md"), scanned("docs/handoffs/b.md")], latest: null });
  const sum = totals([a]);
  expect(sum).toMatchObject({ repos: 1, present: 3, found: 2, latestChecked: 1, latestRight: 0 });
});
