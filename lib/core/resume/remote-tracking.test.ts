import { describe, expect, test } from "vitest";
import { isFetchedByARemote, parseRemoteFetchConfig } from "./remote-tracking";

describe("parseRemoteFetchConfig", () => {
  test("reads -z key/value pairs, remote names with dots included", () => {
    const output = "remote.origin.fetch\n+refs/heads/*:refs/remotes/origin/*\0remote.my.fork.fetch\n+refs/heads/main:refs/remotes/my.fork/main\0";
    expect(parseRemoteFetchConfig(output)).toEqual([
      { remote: "origin", spec: "+refs/heads/*:refs/remotes/origin/*" },
      { remote: "my.fork", spec: "+refs/heads/main:refs/remotes/my.fork/main" },
    ]);
    expect(parseRemoteFetchConfig("")).toEqual([]);
  });
});

describe("isFetchedByARemote", () => {
  const origin = { remote: "origin", spec: "+refs/heads/*:refs/remotes/origin/*" };
  test.each<[string, string, { remote: string; spec: string }[], boolean]>([
    ["the usual remote-tracking branch", "refs/remotes/origin/feat/x", [origin], true],
    ["a removed remote's leftover ref", "refs/remotes/upstream/feat/x", [origin], false],
    ["no remotes at all", "refs/remotes/origin/main", [], false],
    ["a mirror refspec maps everything", "refs/remotes/upstream/feat/x", [{ remote: "origin", spec: "+refs/*:refs/*" }], true],
    ["a single-branch refspec, that branch", "refs/remotes/origin/main", [{ remote: "origin", spec: "+refs/heads/main:refs/remotes/origin/main" }], true],
    ["a single-branch refspec, another branch", "refs/remotes/origin/feat/x", [{ remote: "origin", spec: "+refs/heads/main:refs/remotes/origin/main" }], false],
    ["a negative refspec maps nothing", "refs/remotes/origin/tmp/x", [{ remote: "origin", spec: "^refs/heads/tmp/*" }], false],
    ["a refspec without destination maps nothing", "refs/remotes/origin/main", [{ remote: "origin", spec: "refs/heads/main" }], false],
    ["a pattern with a suffix", "refs/remotes/origin/x-ci", [{ remote: "origin", spec: "refs/heads/*-ci:refs/remotes/origin/*-ci" }], true],
  ])("%s", (_name, ref, specs, expected) => {
    expect(isFetchedByARemote(ref, specs)).toBe(expected);
  });
});
