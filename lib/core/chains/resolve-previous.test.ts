import { describe, expect, test } from "vitest";
import { repoHandoffPaths, resolvePrevious } from "./resolve-previous";
import type { PreviousCandidate } from "../handoff/types";

const repo = repoHandoffPaths([
  "docs/handoffs/2026-03-01-auth.md",
  "docs/handoffs/2026-03-02-tests.md",
  "docs/handoffs/archive/2026-02-01-setup.md",
  "notes/plan.md",
  "a/dup.md",
  "b/dup.md",
]);
const self = "docs/handoffs/2026-03-03-rollout.md";
const always = () => true;
const resolve = (candidates: PreviousCandidate[], isOlder: (path: string) => boolean = always) =>
  resolvePrevious({ path: self, writtenPrevious: null, candidates }, repo, isOlder);

describe("resolvePrevious: explicit pointers", () => {
  test("the exact path first", () => {
    expect(resolve([{ path: "docs/handoffs/2026-03-01-auth.md", line: 3, evidence: "label" }])).toEqual({
      path: "docs/handoffs/2026-03-01-auth.md",
      evidence: "label",
      movedFrom: null,
    });
  });

  test("a sibling file name resolves in the handoff's folder", () => {
    expect(resolve([{ path: "2026-03-02-tests.md", line: 3, evidence: "heading" }]).path).toBe("docs/handoffs/2026-03-02-tests.md");
  });

  test("a moved file is found by its name, and where it was written is kept", () => {
    expect(resolve([{ path: "docs/handoffs/2026-02-01-setup.md", line: 3, evidence: "label" }])).toEqual({
      path: "docs/handoffs/archive/2026-02-01-setup.md",
      evidence: "label",
      movedFrom: "docs/handoffs/2026-02-01-setup.md",
    });
  });

  test("two handoffs with that name and nothing to choose between them: the pointer stays broken", () => {
    expect(resolve([{ path: "c/dup.md", line: 3, evidence: "label" }]).path).toBe("c/dup.md");
    expect(resolve([{ path: "a/x/dup.md", line: 3, evidence: "label" }]).path).toBe("a/dup.md");
  });

  test("an explicit none wins over any weaker candidate", () => {
    expect(resolve([{ path: null, line: 3, evidence: "heading" }, { path: "docs/handoffs/2026-03-01-auth.md", line: 9, evidence: "link" }]).path).toBeNull();
  });

  test("a handoff stored by an older reader (no candidates) resolves what it wrote", () => {
    expect(resolvePrevious({ path: self, writtenPrevious: "2026-03-01-auth.md", candidates: undefined }, repo, always).path).toBe("docs/handoffs/2026-03-01-auth.md");
  });
});

describe("resolvePrevious: weak candidates need the repo's confirmation", () => {
  test("a mention of an older handoff is the pointer", () => {
    expect(resolve([{ path: "docs/handoffs/2026-03-02-tests.md", line: 5, evidence: "mention" }])).toMatchObject({ path: "docs/handoffs/2026-03-02-tests.md", evidence: "mention" });
  });

  test("a mention of a file that is no handoff, or of a newer one, is none", () => {
    expect(resolve([{ path: "docs/design.md", line: 5, evidence: "mention" }]).path).toBeNull();
    expect(resolve([{ path: "docs/handoffs/2026-03-02-tests.md", line: 5, evidence: "mention" }], () => false).path).toBeNull();
  });

  test("the one link to an older handoff is the pointer; links to several are a list, not a pointer", () => {
    expect(resolve([{ path: "docs/handoffs/2026-03-01-auth.md", line: 5, evidence: "link" }, { path: "notes/unknown.md", line: 6, evidence: "link" }]).path).toBe(
      "docs/handoffs/2026-03-01-auth.md",
    );
    expect(
      resolve([
        { path: "docs/handoffs/2026-03-01-auth.md", line: 5, evidence: "link" },
        { path: "docs/handoffs/2026-03-02-tests.md", line: 6, evidence: "link" },
      ]).path,
    ).toBeNull();
  });

  test("a link to itself is none", () => {
    expect(resolvePrevious({ path: "notes/plan.md", writtenPrevious: null, candidates: [{ path: "plan.md", line: 2, evidence: "link" }] }, repo, always).path).toBeNull();
  });
});
