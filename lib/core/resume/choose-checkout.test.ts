import { describe, expect, test } from "vitest";
import { chooseCheckout, splitRemoteRef, type CheckoutFacts } from "./choose-checkout";

const local = (ref: string) => ({ kind: "local", ref });
const remote = (ref: string) => ({ kind: "remote", ref });
const worktree = { kind: "worktree", ref: "" };

describe("chooseCheckout", () => {
  const originSpec = [{ remote: "origin", spec: "+refs/heads/*:refs/remotes/origin/*" }];
  test.each<[string, CheckoutFacts, { branch: string | null; branchIsRemoteOnly: boolean; remote?: string; localBranchExists?: boolean; isTracked?: boolean }]>([
    [
      "the named branch when it holds the handoff locally, even if it is the default branch",
      { namedBranch: "main", occurrences: [local("feat/a"), local("main"), remote("origin/main")], defaultBranch: "main" },
      { branch: "main", branchIsRemoteOnly: false },
    ],
    [
      "a feature branch before the default one when the named branch does not hold it",
      { namedBranch: "feat/renamed", occurrences: [local("main"), local("feat/a")], defaultBranch: "main" },
      { branch: "feat/a", branchIsRemoteOnly: false },
    ],
    [
      "among feature branches, the one whose head moved last",
      {
        namedBranch: null,
        occurrences: [local("feat/a"), local("feat/b")],
        defaultBranch: "main",
        branchTimes: new Map([["feat/a", 1], ["feat/b", 2]]),
      },
      { branch: "feat/b", branchIsRemoteOnly: false },
    ],
    [
      "a local branch before the named branch when that one holds it only on origin",
      { namedBranch: "feat/x", occurrences: [remote("origin/feat/x"), local("feat/y")], defaultBranch: "main" },
      { branch: "feat/y", branchIsRemoteOnly: false },
    ],
    [
      "the named remote-tracking branch, split at the first slash (branch names may hold slashes)",
      { namedBranch: "feat/deep/x", occurrences: [remote("origin/other"), remote("upstream/feat/deep/x")], defaultBranch: "main" },
      { branch: "feat/deep/x", branchIsRemoteOnly: true, remote: "upstream" },
    ],
    [
      "origin before another remote when the handoff names none of them",
      { namedBranch: null, occurrences: [remote("fork/feat/a"), remote("origin/feat/a")], defaultBranch: "main" },
      { branch: "feat/a", branchIsRemoteOnly: true, remote: "origin" },
    ],
    [
      "a remote-only branch whose local namesake does not hold the handoff is fast-forwarded, not created",
      { namedBranch: "feat/a", occurrences: [remote("origin/feat/a")], defaultBranch: "main", localBranches: new Set(["main", "feat/a"]) },
      { branch: "feat/a", branchIsRemoteOnly: true, remote: "origin", localBranchExists: true },
    ],
    [
      "a remote-tracking ref no remote fetches into is marked untracked",
      { namedBranch: "feat/up", occurrences: [remote("upstream/feat/up")], defaultBranch: "main", remoteFetchSpecs: originSpec },
      { branch: "feat/up", branchIsRemoteOnly: true, remote: "upstream", isTracked: false },
    ],
    [
      "a tracked remote before an untracked one (after the named branch)",
      { namedBranch: null, occurrences: [remote("gone/feat/a"), remote("fork/feat/a")], defaultBranch: "main", remoteFetchSpecs: [{ remote: "fork", spec: "+refs/heads/*:refs/remotes/fork/*" }] },
      { branch: "feat/a", branchIsRemoteOnly: true, remote: "fork", isTracked: true },
    ],
    [
      "a mirror's refspec tracks every ref it copied",
      { namedBranch: null, occurrences: [remote("upstream/feat/a")], defaultBranch: "main", remoteFetchSpecs: [{ remote: "origin", spec: "+refs/*:refs/*" }] },
      { branch: "feat/a", branchIsRemoteOnly: true, remote: "upstream", isTracked: true },
    ],
    [
      "unknown remotes (git not asked): taken as tracked",
      { namedBranch: null, occurrences: [remote("upstream/feat/a")], defaultBranch: "main", remoteFetchSpecs: null },
      { branch: "feat/a", branchIsRemoteOnly: true, remote: "upstream", isTracked: true },
    ],
    [
      "no branch for a working-tree-only handoff, whatever it names",
      { namedBranch: "feat/x", occurrences: [worktree], defaultBranch: "main" },
      { branch: null, branchIsRemoteOnly: false },
    ],
  ])("%s", (_name, facts, expected) => {
    const checkout = chooseCheckout(facts);
    expect(checkout).toMatchObject(expected);
    expect(checkout.why.length).toBeGreaterThan(20);
  });

  test("the reason names what was passed over", () => {
    const checkout = chooseCheckout({ namedBranch: "feat/x", occurrences: [remote("origin/feat/x"), local("main")], defaultBranch: "main" });
    expect(checkout.why).toBe(
      "main holds this version of the handoff; the branch it names, feat/x, holds it only as a remote-tracking branch, and the default branch is the only local branch that holds it.",
    );
  });
});

describe("splitRemoteRef", () => {
  test.each([
    ["origin/feat/x", { remote: "origin", branch: "feat/x" }],
    ["origin/main", { remote: "origin", branch: "main" }],
    ["origin", null],
    ["origin/", null],
    ["/main", null],
  ])("%s", (ref, expected) => {
    const split = splitRemoteRef(ref);
    if (expected === null) expect(split).toBeNull();
    else expect(split).toMatchObject(expected);
  });
});
