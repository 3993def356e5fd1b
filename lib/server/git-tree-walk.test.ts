import { symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git } from "./git";
import { listCommitFiles } from "./git-tree-walk";
import { GitFixture } from "./test-support/git-fixture";

/** What `git ls-tree -r` says, filtered the same way: the reference the walk must agree with. */
async function lsTree(repo: string, commit: string, keep: (file: string) => boolean) {
  const out = await git(repo, ["ls-tree", "-r", "-z", "--full-tree", commit]);
  return out
    .split("\0")
    .filter(Boolean)
    .map((record) => {
      const [meta = "", file = ""] = record.split("\t");
      const [mode = "", type = "", sha = ""] = meta.split(" ");
      return { path: file, sha, mode, type };
    })
    .filter((entry) => entry.type === "blob" && entry.mode !== "120000" && keep(entry.path))
    .map(({ path: file, sha, mode }) => ({ path: file, sha, mode }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

describe("listing whole trees of many commits", () => {
  it("agrees with git ls-tree -r on every branch, never opens refused folders, and skips links and submodules", async () => {
    const repo = new GitFixture("tree-walk");
    repo.write("README.md", "# r\n").write("docs/a.md", "a\n").write("docs/deep/er/b.md", "b\n").write("node_modules/x/c.md", "c\n").write("src/ü ñ.md", "unicode\n");
    symlinkSync("docs/a.md", path.join(repo.root, "link.md"));
    const main = repo.commit("init");
    repo.checkout("feat", true);
    repo.write("docs/deep/er/b.md", "b changed\n").write("docs/new.md", "new\n");
    const feat = repo.commit("feat");
    // A submodule entry (gitlink) in the tree.
    repo.git("update-index", "--add", "--cacheinfo", `160000,${main},vendored`);
    const withGitlink = repo.commit("gitlink");

    const opened: string[] = [];
    const rules = {
      descend: (folder: string, name: string) => {
        opened.push(folder);
        return name !== "node_modules";
      },
      accept: (file: string) => file.endsWith(".md"),
    };
    const listed = await listCommitFiles(repo.root, [main, feat, withGitlink, main], rules);
    expect([...listed.keys()]).toEqual([main, feat, withGitlink]);
    for (const commit of [main, feat, withGitlink]) {
      const expected = await lsTree(repo.root, commit, (file) => file.endsWith(".md") && !file.startsWith("node_modules/"));
      expect([...listed.get(commit)!].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(expected);
    }
    expect(listed.get(main)!.map((entry) => entry.path)).toContain("src/ü ñ.md");
    expect(listed.get(main)!.some((entry) => entry.path === "link.md")).toBe(false);
    // node_modules was asked about once per distinct tree, never opened; docs/deep/er twice (it differs).
    expect(opened.filter((folder) => folder.startsWith("node_modules/"))).toEqual([]);
    expect(opened.filter((folder) => folder === "docs/deep/er")).toHaveLength(2);
  });

  it("returns nothing for no commits, and an empty list for a commit that is not there", async () => {
    const repo = new GitFixture("tree-walk-empty");
    repo.write("a.md", "a\n").commit("init");
    expect((await listCommitFiles(repo.root, [], { descend: () => true, accept: () => true })).size).toBe(0);
    const missing = await listCommitFiles(repo.root, ["0123456789012345678901234567890123456789"], { descend: () => true, accept: () => true });
    expect(missing.get("0123456789012345678901234567890123456789")).toEqual([]);
  });
});
