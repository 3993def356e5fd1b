import { existsSync, mkdirSync, symlinkSync, writeFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { scanPaths } from "./scan";

const H = (runtime: string, date: string, phase: string) => `docs/ai/handoff/${runtime}/${date}/handoff_${phase}.md`;
const first = H("claude-code", "20112026", "start");
const second = H("codex", "21112026", "continue");
const forked = H("opencode", "22112026", "fork");
const remoteOnly = H("gemini-cli", "23112026", "remote");
const draft = H("claude-code", "25112026", "draft");
const broken = H("claude-code", "24112026", "broken");
const changedOnBranch = H("codex", "26112026", "diverged");

function buildRepo() {
  const repo = new GitFixture("scan-fixture");
  repo.write("README.md", "# fixture\n").commit("init");
  const base = repo.git("rev-parse", "HEAD");
  repo.write(first, handoffMarkdown({ phase: "start", path: first, head: base }));
  repo.write(changedOnBranch, handoffMarkdown({ phase: "diverged", path: changedOnBranch, runtime: "codex", next: "Run `npm test` on main." }));
  repo.commit("handoff 1");
  repo.checkout("feat/x", true);
  repo.write(second, handoffMarkdown({ phase: "continue", runtime: "codex", path: second, previous: first, head: base }));
  repo.write(changedOnBranch, handoffMarkdown({ phase: "diverged", path: changedOnBranch, runtime: "codex", next: "Run `npm test` on feat/x." }));
  repo.commit("handoff 2");
  repo.checkout("feat/fork", true, "main");
  repo.write(second, handoffMarkdown({ phase: "continue", runtime: "codex", path: second, previous: first, head: base }));
  repo.write(forked, handoffMarkdown({ phase: "fork", runtime: "opencode", path: forked, previous: second }));
  repo.write(broken, handoffMarkdown({ phase: "broken", path: broken, previous: "docs/ai/handoff/codex/01012026/handoff_missing.md" }));
  repo.commit("handoff fork");
  // A branch that only exists as origin/feat/remote.
  const origin = path.join(path.dirname(repo.root), "origin.git");
  repo.git("init", "-q", "--bare", origin);
  repo.git("remote", "add", "origin", origin);
  repo.checkout("feat/remote", true, "main");
  repo.write(remoteOnly, handoffMarkdown({ phase: "remote", runtime: "gemini-cli", path: remoteOnly, previous: first }));
  repo.commit("remote handoff");
  repo.git("push", "-q", "origin", "feat/remote", "main");
  repo.git("fetch", "-q", "origin");
  repo.checkout("feat/x");
  repo.git("branch", "-q", "-D", "feat/remote");
  // Working tree: an uncommitted draft, bad files, and a symlink that leaves the repo.
  repo.write(draft, handoffMarkdown({ phase: "draft", path: draft, previous: second }));
  repo.write(H("codex", "27112026", "binary"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  repo.write(H("codex", "27112026", "latin1"), Buffer.from([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
  repo.write(H("codex", "27112026", "huge"), "x".repeat(2 * 1024 * 1024));
  const outside = mkdtempSync(path.join(os.tmpdir(), "baton-outside-"));
  writeFileSync(path.join(outside, "secret.md"), "# outside the root\n");
  mkdirSync(path.join(repo.root, "docs/ai/handoff/codex/28112026"), { recursive: true });
  symlinkSync(path.join(outside, "secret.md"), path.join(repo.root, "docs/ai/handoff/codex/28112026/handoff_escape.md"));
  return repo;
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`scan a git repo (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let repo: GitFixture;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      repo = buildRepo();
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
    });

    it("ingests every branch, the working tree, and records bad files without stopping", async () => {
      const result = await scanPaths([repo.root], { bulk });
      const scanned = result.repos[0]!;
      expect(scanned.status).toBe("partial");
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      const byPath = (p: string) => report.handoffs.filter((handoff) => handoff.path === p);

      // Same content on two branches is one handoff listing both.
      expect(byPath(second)).toHaveLength(1);
      expect(byPath(second)[0]!.branches).toEqual(["feat/fork", "feat/x"]);
      // Different contents at one path are different handoffs.
      expect(byPath(changedOnBranch).map((handoff) => handoff.branches)).toEqual(
        expect.arrayContaining([["feat/fork", "main", "origin/feat/remote", "origin/main"], ["feat/x"]]),
      );
      expect(byPath(first)[0]!.branches).toEqual(["feat/fork", "feat/x", "main", "origin/feat/remote", "origin/main"]);
      // The identity time is UTC; the zone as written is kept beside it.
      expect(byPath(first)[0]).toMatchObject({ timestamp: "2026-11-20T10:00:00.000Z", timestampZone: "Z" });
      // Remote-tracking only.
      expect(byPath(remoteOnly)[0]).toMatchObject({ branches: ["origin/feat/remote"], committed: true, runtime: "gemini-cli", date: "2026-11-23" });
      // Working tree only: not committed, flagged by lint.
      const draftHandoff = byPath(draft)[0]!;
      expect(draftHandoff).toMatchObject({ committed: false, inWorkingTree: true, branches: [] });
      expect(draftHandoff.lint.some((finding) => finding.rule === "not-committed")).toBe(true);
      // Commit that first added the content.
      expect(byPath(first)[0]!.commitSha).toMatch(/^[0-9a-f]{40}$/);
      expect(draftHandoff.commitSha).toBeNull();

      // Bad files are errors for that file only; the symlink that leaves the repo was not followed.
      const errorPaths = report.errors.map((error) => error.path);
      expect(errorPaths).toEqual(expect.arrayContaining([H("codex", "27112026", "binary"), H("codex", "27112026", "latin1"), H("codex", "27112026", "huge")]));
      expect(scanned.errors.some((error) => error.path.endsWith("handoff_escape.md") && /outside/.test(error.message))).toBe(true);
      expect(report.handoffs.some((handoff) => handoff.path.endsWith("handoff_escape.md"))).toBe(false);

      // Chains: the fork, the broken pointer, the heads, the latest by date folder.
      const chain = report.chains.find((candidate) => candidate.handoffs.includes(first))!;
      expect(chain.forks).toEqual([
        { at: first, children: expect.arrayContaining([second, remoteOnly]) },
        { at: second, children: expect.arrayContaining([forked, draft]) },
      ]);
      expect(chain.heads).toEqual(expect.arrayContaining([forked, draft, remoteOnly]));
      const brokenChain = report.chains.find((candidate) => candidate.handoffs.includes(broken))!;
      expect(brokenChain.broken).toEqual([{ from: broken, missing: "docs/ai/handoff/codex/01012026/handoff_missing.md" }]);
      expect(byPath(broken)[0]!.lint.some((finding) => finding.severity === "error" && /previous/.test(finding.rule))).toBe(true);
      expect(report.latest).toBe(changedOnBranch);
    });

    it("rescans an unchanged repo without reading or writing anything", async () => {
      const before = await db.handoff.findMany({ select: { id: true, updatedAt: true }, orderBy: { id: "asc" } });
      const result = await scanPaths([repo.root], { bulk });
      const stats = result.repos[0]!.stats;
      expect(stats).toMatchObject({ branchesRead: 0, handoffsNew: 0, derived: false, filesRead: 0 });
      const after = await db.handoff.findMany({ select: { id: true, updatedAt: true }, orderBy: { id: "asc" } });
      expect(after).toEqual(before);
    });

    it("marks a handoff gone when its branch disappears, and picks up working-tree edits", async () => {
      repo.git("branch", "-q", "-D", "feat/fork");
      repo.write(draft, handoffMarkdown({ phase: "draft", path: draft, previous: second, next: "Run `npm run build` and fix `src/b.ts:3`." }));
      const result = await scanPaths([repo.root], { bulk });
      expect(result.repos[0]!.stats).toMatchObject({ branchesGone: 1, handoffsNew: 1 });
      const gone = await db.handoff.findMany({ where: { isGone: true }, select: { path: true, goneAt: true } });
      expect(gone.map((handoff) => handoff.path).sort()).toEqual([broken, forked, draft].sort());
      expect(gone.every((handoff) => handoff.goneAt instanceof Date)).toBe(true);
      const report = await getScanReport(db, { repoIds: [result.repos[0]!.repoId!] });
      expect(report.handoffs.filter((handoff) => handoff.path === draft)).toHaveLength(1);
      expect(report.handoffs.find((handoff) => handoff.path === second)!.branches).toEqual(["feat/x"]);
    });

    it("reports a path that is not a git repository as a failed repo, and scans the others", async () => {
      const notRepo = mkdtempSync(path.join(os.tmpdir(), "baton-not-a-repo-"));
      const result = await scanPaths([notRepo, repo.root], { bulk });
      expect(result.repos.map((entry) => entry.status)).toEqual(["failed", "partial"]);
      expect(existsSync(notRepo)).toBe(true);
    });

    it("keeps the branch list of an unreadable committed blob current, and drops its errors once no branch holds it", async () => {
      const repoB = new GitFixture("failed-blob");
      repoB.write("README.md", "# b\n").commit("init");
      const binary = H("codex", "01122026", "binary");
      repoB.checkout("feat/bin", true);
      repoB.write(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
      repoB.commit("binary handoff");
      repoB.checkout("main");
      const issuesOf = async () => {
        const rows = await db.ingestIssue.findMany({ where: { path: binary, source: { root: repoB.root } }, select: { refs: true, version: true } });
        return rows.filter((row) => row.version !== "").map((row) => JSON.parse(row.refs) as string[]);
      };
      const failedStates = () => db.fileState.count({ where: { path: binary, status: "failed", source: { root: repoB.root } } });

      await scanPaths([repoB.root], { bulk });
      expect(await issuesOf()).toEqual([["feat/bin"]]);
      expect(await failedStates()).toBe(1);

      // A second branch with the same blob: listed, without reading the blob again.
      repoB.git("branch", "-q", "feat/bin2", "feat/bin");
      const again = await scanPaths([repoB.root], { bulk });
      expect(again.repos[0]!.stats.filesRead).toBe(0);
      expect(await issuesOf()).toEqual([["feat/bin", "feat/bin2"]]);

      // Removed from one branch, the other branch deleted: no branch holds it, its errors go.
      repoB.checkout("feat/bin");
      repoB.git("rm", "-q", binary);
      repoB.commit("remove the binary");
      repoB.checkout("main");
      repoB.git("branch", "-q", "-D", "feat/bin2");
      await scanPaths([repoB.root], { bulk });
      expect(await issuesOf()).toEqual([]);
      expect(await failedStates()).toBe(0);

      // Back on a branch: read and reported again.
      repoB.git("branch", "-q", "feat/back", "feat/bin~1");
      await scanPaths([repoB.root], { bulk });
      expect(await issuesOf()).toEqual([["feat/back"]]);
    });
  });
}

if (testProviders[1]!.skip) console.warn(`scan a git repo (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
