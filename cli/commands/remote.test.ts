/**
 * `baton remote` as a user runs it (bin/baton.mjs in a child process) on SQLite: add a local bare
 * repository (the CLI user is the admin, so a local path is allowed), which fetches and scans it before
 * returning and prints the webhook secret once; list never shows it; a refused URL exits 1; remove
 * takes the mirror with it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { GitFixture, handoffMarkdown } from "../../lib/server/test-support/git-fixture";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const HANDOFF = "docs/ai/handoff/claude-code/01122026/handoff_cli.md";
let scratch: string;
let origin: string;
let env: Record<string, string>;

function baton(args: string[]) {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: scratch, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "baton-cli-remote-"));
  const author = new GitFixture("author");
  author.write(HANDOFF, handoffMarkdown({ phase: "cli", path: HANDOFF })).commit("handoff");
  origin = path.join(scratch, "origin.git");
  author.git("init", "-q", "--bare", origin);
  author.git("push", "-q", origin, "main");
  env = { DATABASE_URL: `file:${path.join(scratch, "baton.db")}`, BATON_DATA_DIR: path.join(scratch, "data") };
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Six real CLI runs, each a Node process that fetches, scans or migrates: about 25 s alone, past a minute
// beside the rest of `npm test` on two cores (scripts/test-all.mjs), hence its own time limit.
test("remote add fetches and scans before returning, prints the secret once; list, fetch, remove", { timeout: 240_000 }, () => {
  const added = baton(["remote", "add", origin, "--name", "team", "--json"]);
  expect(added.stderr).not.toMatch(/Error/);
  expect(added.code).toBe(0);
  const document = JSON.parse(added.stdout) as { remote: { name: string; handoffsFound: number }; webhook: { secret: string; url: string }; fetch: { ok: boolean } };
  expect(document.remote).toMatchObject({ name: "team", handoffsFound: 1 });
  expect(document.fetch.ok).toBe(true);
  expect(document.webhook.secret).toMatch(/^[0-9a-f]{64}$/);
  expect(document.webhook.url).toBe("/api/hooks/github");
  expect(readdirSync(path.join(scratch, "data", "mirrors")).filter((name) => name.endsWith(".git"))).toHaveLength(1);

  const listed = baton(["remote", "list", "--json"]);
  expect(listed.code).toBe(0);
  expect(listed.stdout).not.toContain(document.webhook.secret);
  expect(JSON.parse(listed.stdout).remotes).toHaveLength(1);

  const text = baton(["remote", "list"]);
  expect(text.stdout).toMatch(/^team .* 1 handoff .* ok$/m);

  const fetched = baton(["remote", "fetch", "team"]);
  expect(fetched.code).toBe(0);
  expect(fetched.stdout).toMatch(/✓ team: 1 handoff \(0 new\), nothing new/);

  const refused = baton(["remote", "add", "ext::sh -c touch% /tmp/baton-never"]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/'ext::' transport is refused/);

  const removed = baton(["remote", "remove", "team"]);
  expect(removed.code).toBe(0);
  expect(readdirSync(path.join(scratch, "data", "mirrors"))).toEqual([]);
  expect(existsSync("/tmp/baton-never")).toBe(false);
});
