/**
 * Issue 15 item 9: a handoff held only by a remote-tracking ref that no configured remote fetches into
 * (`refs/remotes/upstream/…` left behind, or copied by a mirror). `git checkout -b x --track upstream/x`
 * fails there with "not a branch"; the resume command must work. Real git, the generated command run
 * in a shell, SQLite and PostgreSQL.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { getResumeOptions } from "./resume-options";

const HANDOFF = ".claude/handoffs/upstream-work.md";
const TRACKED = ".claude/handoffs/origin-work.md";

function buildRepo(): { repo: GitFixture; root: string; upstreamSha: string; originSha: string } {
  const repo = new GitFixture("untracked-remote");
  repo.write("README.md", "# fixture\n");
  repo.commit("init");
  const bare = path.join(path.dirname(repo.root), "origin.git");
  repo.git("init", "-q", "--bare", bare);
  repo.git("remote", "add", "origin", bare);

  // Held only by refs/remotes/upstream/feat/up; no remote named upstream exists.
  repo.checkout("feat/up", true);
  repo.write(HANDOFF, handoffMarkdown({ phase: "upstream", path: HANDOFF }).replace("- Branch: main", "- Branch: feat/up"));
  const upstreamSha = repo.commit("handoff on a ref nobody fetches");
  repo.git("update-ref", "refs/remotes/upstream/feat/up", upstreamSha);

  // Held only by origin/feat/tracked: the normal case, for contrast.
  repo.checkout("feat/tracked", true, "main");
  repo.write(TRACKED, handoffMarkdown({ phase: "origin", path: TRACKED }).replace("- Branch: main", "- Branch: feat/tracked"));
  const originSha = repo.commit("handoff on origin");
  repo.git("push", "-q", "origin", "feat/tracked");
  repo.git("fetch", "-q", "origin");

  repo.checkout("main");
  repo.git("branch", "-q", "-D", "feat/up", "feat/tracked");
  return { repo, root: realpathSync(repo.root), upstreamSha, originSha };
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`resume from a remote-tracking ref without a remote (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let fixture: ReturnType<typeof buildRepo>;
    let stubs: string;
    const idOf = new Map<string, string>();

    function runInShell(command: string): void {
      execFileSync("/bin/sh", ["-c", command], {
        cwd: os.tmpdir(),
        env: { PATH: `${path.join(stubs, "bin")}:/usr/bin:/bin`, HOME: stubs, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", STUB_MARK: path.join(stubs, "agent-started"), NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "pipe"],
      });
    }

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      fixture = buildRepo();
      stubs = realpathSync(mkdtempSync(path.join(os.tmpdir(), "baton-untracked-stubs-")));
      mkdirSync(path.join(stubs, "bin"));
      writeFileSync(path.join(stubs, "bin", "claude"), '#!/bin/sh\n: > "$STUB_MARK"\n');
      chmodSync(path.join(stubs, "bin", "claude"), 0o755);
      const result = await scanPaths([fixture.root], { bulk });
      expect(result.repos[0]!.status).toBe("ok");
      for (const row of await db.handoff.findMany({ select: { id: true, path: true } })) idOf.set(row.path, row.id);
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
      if (stubs) rmSync(stubs, { recursive: true, force: true });
    });

    it("git itself refuses the --track form here (the bug this guards against)", () => {
      const attempt = spawnSync("git", ["checkout", "-b", "probe", "--track", "upstream/feat/up"], { cwd: fixture.root, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
      expect(attempt.status).not.toBe(0);
      expect(attempt.stderr).toContain("is not a branch");
    });

    it("detects the untracked ref, warns, and builds a command with the full ref and --no-track", async () => {
      const options = (await getResumeOptions(db, idOf.get(HANDOFF)!))!;
      expect(options.checkout).toMatchObject({ branch: "feat/up", branchIsRemoteOnly: true, remote: "upstream", isTracked: false, localBranchExists: false });
      expect(options.checkout.why).toContain("No configured remote fetches into refs/remotes/upstream/feat/up");
      expect(options.warnings.map((warning) => warning.rule)).toContain("resume-remote-not-tracked");
      const command = options.plans.find((plan) => plan.runtime === "claude-code")!.command!;
      expect(command).toMatch(/^cd '[^']+' && git checkout -b 'feat\/up' --no-track 'refs\/remotes\/upstream\/feat\/up' && claude -- '/);
      expect(options.readiness).toMatchObject({ ref: "refs/remotes/upstream/feat/up", branchExists: true, refSha: fixture.upstreamSha });
    });

    it("the origin branch keeps the normal --track form", async () => {
      const options = (await getResumeOptions(db, idOf.get(TRACKED)!))!;
      expect(options.checkout).toMatchObject({ branch: "feat/tracked", remote: "origin", isTracked: true });
      expect(options.warnings.map((warning) => warning.rule)).not.toContain("resume-remote-not-tracked");
      expect(options.plans.find((plan) => plan.runtime === "claude-code")!.command).toContain("git checkout -b 'feat/tracked' --track 'origin/feat/tracked'");
    });

    // Last: it checks the branch out in the fixture.
    it("the generated command runs: the local branch is created at the ref, and the agent starts", async () => {
      const options = (await getResumeOptions(db, idOf.get(HANDOFF)!))!;
      runInShell(options.plans.find((plan) => plan.runtime === "claude-code")!.command!);
      expect(existsSync(path.join(stubs, "agent-started"))).toBe(true);
      expect(fixture.repo.git("rev-parse", "--abbrev-ref", "HEAD")).toBe("feat/up");
      expect(fixture.repo.git("rev-parse", "feat/up")).toBe(fixture.upstreamSha);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`resume from a remote-tracking ref without a remote (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
