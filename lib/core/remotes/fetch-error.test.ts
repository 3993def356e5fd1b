import { expect, test } from "vitest";
import { classifyFetchError } from "./fetch-error";

test.each([
  ["fatal: Authentication failed for 'https://github.com/o/r.git/'", "auth-failed"],
  ["fatal: could not read Username for 'https://github.com': terminal prompts disabled", "auth-failed"],
  ["git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.", "auth-failed"],
  ["Host key verification failed.\nfatal: Could not read from remote repository.", "auth-failed"],
  ["remote: Repository not found.\nfatal: repository 'https://github.com/o/x.git/' not found", "not-found"],
  ["fatal: remote error: access denied or repository not exported: /missing.git", "not-found"],
  ["fatal: unable to access 'https://nope.invalid/r.git/': Could not resolve host: nope.invalid", "not-found"],
  ["fatal: unable to access 'https://h/r/': Failed to connect to h port 443 after 130 ms: Connection timed out", "timeout"],
  ["fatal: unable to connect to 127.0.0.1:\n127.0.0.1[0: 127.0.0.1]: errno=Connection refused", "other"],
  ["something new", "other"],
  ["", "other"],
])("%j → %s", (stderr, kind) => {
  const failure = classifyFetchError(stderr);
  expect(failure.kind).toBe(kind);
  expect(failure.message).not.toMatch(/\n/);
});
