import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHandoffMatcher } from "./handoff-globs";
import { walkWorktree } from "./worktree";

function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), "baton-walk-"));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

const paths = (walk: { files: { path: string }[] }) => walk.files.map((file) => file.path);

describe("walking the working tree", () => {
  it("prunes dependency and build folders and nested repositories, finds hints, lists markdown", async () => {
    const root = tree({
      "docs/handoffs/a.md": "a",
      "docs/handoffs/LATEST.md": "[a](a.md)",
      "docs/handoffs/README.md": "r",
      "node_modules/x/docs/handoffs/b.md": "b",
      "packages/p/dist/handoffs/c.md": "c",
      "sub/.git": "gitdir: elsewhere",
      "sub/docs/handoffs/d.md": "d",
      "notes/plain.md": "n",
      "src/app.ts": "x",
    });
    const walk = await walkWorktree(root, createHandoffMatcher(), { collectMarkdown: true });
    expect(paths(walk)).toEqual(["docs/handoffs/a.md"]);
    expect(walk.hints.map((file) => file.path)).toEqual(["docs/handoffs/LATEST.md"]);
    expect(walk.markdown).toEqual(["docs/handoffs/LATEST.md", "docs/handoffs/README.md", "docs/handoffs/a.md", "notes/plain.md"]);
    rmSync(root, { recursive: true, force: true });
  });

  it("a walk that reuses unchanged folders still sees every added, removed, renamed or newly matched file", async () => {
    const root = tree({ "docs/handoffs/a.md": "a", "docs/other/x.md": "x", "deep/er/still/n.md": "n" });
    const matcher = createHandoffMatcher();
    expect(paths(await walkWorktree(root, matcher))).toEqual(["docs/handoffs/a.md"]);
    writeFileSync(path.join(root, "docs/handoffs/b.md"), "b");
    expect(paths(await walkWorktree(root, matcher))).toEqual(["docs/handoffs/a.md", "docs/handoffs/b.md"]);
    mkdirSync(path.join(root, "deep/er/still/handoff"));
    writeFileSync(path.join(root, "deep/er/still/handoff/c.md"), "c");
    renameSync(path.join(root, "docs/handoffs/a.md"), path.join(root, "docs/handoffs/a2.md"));
    expect(paths(await walkWorktree(root, matcher))).toEqual(["deep/er/still/handoff/c.md", "docs/handoffs/a2.md", "docs/handoffs/b.md"]);
    rmSync(path.join(root, "docs/handoffs/b.md"));
    const edited = await walkWorktree(root, matcher);
    expect(paths(edited)).toEqual(["deep/er/still/handoff/c.md", "docs/handoffs/a2.md"]);
    // Another matcher (a glob added) lists anew.
    expect(paths(await walkWorktree(root, createHandoffMatcher({ globs: ["docs/other/*.md"] })))).toEqual(["deep/er/still/handoff/c.md", "docs/handoffs/a2.md", "docs/other/x.md"]);
    // A folder replaced by a link to outside the root is not entered.
    const outside = tree({ "handoffs/secret.md": "s" });
    rmSync(path.join(root, "deep"), { recursive: true });
    symlinkSync(outside, path.join(root, "deep"));
    const linked = await walkWorktree(root, matcher);
    expect(paths(linked)).toEqual(["docs/handoffs/a2.md"]);
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it("a pipe where a handoff would be is reported, never opened", async () => {
    const root = tree({ "docs/handoffs/a.md": "a" });
    try {
      execFileSync("mkfifo", [path.join(root, "docs/handoffs/pipe.md")]);
    } catch {
      return; // no mkfifo here: nothing to test
    }
    const walk = await walkWorktree(root, createHandoffMatcher());
    expect(paths(walk)).toEqual(["docs/handoffs/a.md"]);
    expect(walk.skipped).toEqual([{ path: "docs/handoffs/pipe.md", rule: "worktree-file-not-regular", reason: expect.stringMatching(/not a regular file/) }]);
    rmSync(root, { recursive: true, force: true });
  });
});
