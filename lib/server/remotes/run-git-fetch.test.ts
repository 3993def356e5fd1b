import { expect, test } from "vitest";
import { checkRemoteUrl } from "../../core/remotes/remote-url";
import { gitFetchArgs, gitFetchEnv } from "./run-git-fetch";

function url(text: string) {
  const result = checkRemoteUrl(text, { allowedHosts: [], allowLocalPaths: true });
  if (!result.ok) throw new Error(result.refusal.message);
  return result.url;
}

test("only the URL's own transport is allowed, redirects and hooks are off, objects are checked", () => {
  const args = gitFetchArgs(url("https://github.com/o/r.git"), ["140.82.112.3"]);
  const config = args.filter((_, index) => args[index - 1] === "-c");
  expect(config).toEqual(
    expect.arrayContaining([
      "protocol.allow=never",
      "protocol.https.allow=always",
      "http.followRedirects=false",
      "transfer.fsckObjects=true",
      "core.hooksPath=/dev/null",
      "http.curloptResolve=github.com:443:140.82.112.3",
    ]),
  );
  expect(config.some((entry) => /protocol\.(ssh|git|file|ext)\.allow/.test(entry))).toBe(false);
  expect(args.slice(args.indexOf("fetch"))).toEqual(["fetch", "--prune", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--quiet", "origin"]);
  expect(gitFetchArgs(url("git@github.com:o/r.git"), [])).toContain("protocol.ssh.allow=always");
  expect(gitFetchArgs(url("/srv/git/r.git"), [])).toContain("protocol.file.allow=always");
});

test("the URL and its token reach git through the environment, never the command line", () => {
  const withToken = url("https://x-access-token:ghp_SECRET123@github.com/o/r.git");
  const args = gitFetchArgs(withToken, ["140.82.112.3"]);
  expect(args.join(" ")).not.toContain("SECRET");
  expect(args.join(" ")).not.toContain("github.com/o/r");
  const env = gitFetchEnv(withToken, 300_000, {});
  expect(env).toMatchObject({
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/true",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "remote.origin.url",
    GIT_CONFIG_VALUE_0: "https://x-access-token:ghp_SECRET123@github.com/o/r.git",
    GIT_CONFIG_VALUE_1: "+refs/heads/*:refs/heads/*",
  });
  expect(env.GIT_SSH_COMMAND).toContain("BatchMode=yes");
});
