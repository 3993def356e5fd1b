import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GitFixture } from "../test-support/git-fixture";
import { readRepoConfig } from "./repo-config";

describe("reading .baton.json", () => {
  it("reads the checkout's file, and HEAD's committed file in a repo without a working tree", async () => {
    const repo = new GitFixture("config-read");
    repo.write(".baton.json", '{ "handoffs": ["journal/*.md"] }').commit("settings");
    const bare = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-config-bare-")), "mirror.git");
    execFileSync("git", ["clone", "-q", "--bare", repo.root, bare]);
    // Being edited in the checkout: the working tree wins there.
    writeFileSync(path.join(repo.root, ".baton.json"), '{ "handoffs": ["journal/**/*.md"] }');
    expect((await readRepoConfig(repo.root, { hasWorktree: true })).config.handoffs).toEqual(["journal/**/*.md"]);
    expect(await readRepoConfig(bare, { hasWorktree: false })).toEqual({ config: { handoffs: ["journal/*.md"], ignore: [] }, file: ".baton.json", issues: [] });
  });

  it("no file is no settings; a file too large or not UTF-8 is a finding", async () => {
    const repo = new GitFixture("config-missing");
    repo.write("a.md", "a\n").commit("init");
    expect(await readRepoConfig(repo.root, { hasWorktree: true })).toEqual({ config: { handoffs: [], ignore: [] }, file: null, issues: [] });
    expect((await readRepoConfig(repo.root, { hasWorktree: false })).file).toBeNull();
    writeFileSync(path.join(repo.root, ".baton.json"), " ".repeat(70 * 1024));
    expect((await readRepoConfig(repo.root, { hasWorktree: true })).issues[0]!.message).toMatch(/over the 65536-byte limit/);
    writeFileSync(path.join(repo.root, ".baton.json"), Buffer.from([0x7b, 0xff, 0x7d]));
    expect((await readRepoConfig(repo.root, { hasWorktree: true })).issues[0]!.message).toMatch(/not valid UTF-8/);
  });
});
