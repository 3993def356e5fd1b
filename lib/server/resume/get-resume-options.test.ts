import { renameSync, realpathSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUME_RUNTIMES } from "../../core/runtimes/resume-commands";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, getDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { buildResumeRepo, DRAFT_SESSION_ID, PATHS, type ResumeFixture } from "./resume-fixture";
import { getResumeOptions, type ResumeOptions } from "./resume-options";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`resume options (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let fixture: ResumeFixture;
    let root: string;
    const ids = new Map<string, string>();

    const optionsFor = async (filePath: string, runtimes?: Parameters<typeof getResumeOptions>[2]): Promise<ResumeOptions> => {
      const options = await getResumeOptions(db, ids.get(filePath)!, runtimes);
      expect(options).not.toBeNull();
      return options!;
    };
    const planFor = (options: ResumeOptions, runtime: string) => options.plans.find((plan) => plan.runtime === runtime)!;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      fixture = buildResumeRepo();
      root = realpathSync(fixture.root);
      const result = await scanPaths([root], { bulk });
      expect(result.repos[0]!.status).toBe("ok");
      for (const handoff of await db.handoff.findMany({ where: { isGone: false }, select: { id: true, path: true } })) ids.set(handoff.path, handoff.id);
      expect([...ids.keys()].sort()).toEqual(Object.values(PATHS).sort());
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
    });

    it("returns null for an unknown id", async () => {
      expect(await getResumeOptions(db, "no-such-handoff")).toBeNull();
    });

    it("checks out the branch the handoff names, even when a newer branch also holds it", async () => {
      const options = await optionsFor(PATHS.continued);
      expect(options.handoff).toEqual({ id: ids.get(PATHS.continued), path: PATHS.continued, repoPath: root, runtime: "codex", phase: "continue" });
      expect(options.defaultRuntime).toBe("codex");
      expect(options.checkout).toMatchObject({ branch: "feat/x", branchIsRemoteOnly: false });
      expect(options.checkout.why).toContain("names");
      expect(options.plans.map((plan) => plan.runtime)).toEqual([...RESUME_RUNTIMES]);
      expect(planFor(options, "codex").command).toMatch(/^cd '[^']+' && git checkout 'feat\/x' && codex -- '/);
      expect(planFor(options, "antigravity").command).toBeNull();
      // The contract's own commit is the commit that added the handoff.
      expect(planFor(options, "codex").prompt).toContain(fixture.shas.continued);
    });

    it("counts the commits after the handoff's commit, lists their subjects, and finds referenced files deleted since", async () => {
      const { readiness } = await optionsFor(PATHS.continued);
      expect(readiness.ref).toBe("refs/heads/feat/x");
      expect(readiness.branchExists).toBe(true);
      expect(readiness.refSha).toBe(fixture.shas.work2);
      expect(readiness.commitsSince).toEqual({
        count: 2,
        base: fixture.shas.continued,
        baseIs: "handoff-commit",
        head: fixture.shas.work2,
        subjects: ["work 2: remove old.ts", "work 1"],
      });
      expect(readiness.headMatches).toBe(false);
      // src/app.ts still exists; ../escape.ts, /etc/elsewhere.ts (outside the repo) and the bare app.ts are not checked.
      expect(readiness.missingFilesChecked).toBe(true);
      expect(readiness.missingFiles).toEqual([{ path: "src/old.ts", line: 3, sourceLine: expect.any(Number) }]);
      expect(readiness.resumedBy).toEqual([{ id: ids.get(PATHS.draft), path: PATHS.draft, runtime: "claude-code" }]);
      expect(readiness.warnings.some((warning) => warning.startsWith("Already resumed by"))).toBe(true);
    });

    it("prefers the named default branch, where nothing happened since, and lists every handoff that resumed it", async () => {
      const options = await optionsFor(PATHS.start);
      expect(options.checkout).toMatchObject({ branch: "main", branchIsRemoteOnly: false });
      expect(options.readiness.commitsSince).toMatchObject({ count: 0, base: fixture.shas.start, subjects: [] });
      expect(options.readiness.headMatches).toBe(true);
      expect(options.readiness.missingFiles).toEqual([]);
      expect(options.readiness.resumedBy.map((handoff) => handoff.path).sort()).toEqual([PATHS.continued, PATHS.gone, PATHS.remote].sort());
    });

    it("creates the local branch from origin when only the remote-tracking branch holds the handoff", async () => {
      const options = await optionsFor(PATHS.remote);
      expect(options.checkout).toMatchObject({ branch: "feat/remote", branchIsRemoteOnly: true, remote: "origin" });
      expect(planFor(options, "codex").command).toMatch(/^cd '[^']+' && git checkout -b 'feat\/remote' --track 'origin\/feat\/remote' && codex -- '/);
      expect(options.readiness).toMatchObject({
        ref: "refs/remotes/origin/feat/remote",
        branchExists: true,
        refSha: fixture.shas.remote,
        headMatches: true,
        commitsSince: { count: 0, baseIs: "handoff-commit" },
      });
    });

    it("stays on the current checkout for a working-tree-only handoff and counts from the HEAD it recorded", async () => {
      const options = await optionsFor(PATHS.draft);
      expect(options.checkout).toMatchObject({ branch: null, branchIsRemoteOnly: false });
      const claude = planFor(options, "claude-code");
      expect(claude.command).toMatch(/^cd '[^']+' && claude -- '/);
      expect(claude.command).not.toContain("git checkout");
      expect(claude.nativeCommand).toMatch(new RegExp(`&& claude --resume '${DRAFT_SESSION_ID}'$`));
      expect(claude.issues.map((issue) => issue.rule)).toContain("resume-no-branch");
      expect(options.readiness).toMatchObject({
        ref: "HEAD",
        branchExists: true,
        commitsSince: { count: 1, base: fixture.shas.work1, baseIs: "recorded-head", head: fixture.shas.work2, subjects: ["work 2: remove old.ts"] },
        headMatches: false,
      });
      // Checked in the working tree, where the resuming agent works.
      expect(options.readiness.missingFiles.map((file) => file.path)).toEqual(["src/new-file.ts"]);
    });

    it("counts from the commit on the chosen branch when the same content was first committed on another branch", async () => {
      const options = await optionsFor(PATHS.duplicate);
      expect(options.checkout.branch).toBe("feat/dup2");
      expect(options.readiness.commitsSince).toMatchObject({ count: 0, base: fixture.shas.dup2, baseIs: "branch-commit" });
      expect(options.readiness.headMatches).toBe(true);
    });

    it("builds only the runtimes asked for, in that order", async () => {
      const options = await optionsFor(PATHS.continued, { runtimes: ["generic", "codex"] });
      expect(options.plans.map((plan) => plan.runtime)).toEqual(["generic", "codex"]);
    });

    it("warns when a local branch of the remote-only branch's name appeared, since `checkout -b` will refuse", async () => {
      fixture.repo.git("branch", "-q", "feat/remote", "main");
      try {
        const { readiness } = await optionsFor(PATHS.remote);
        expect(readiness.warnings.join("\n")).toContain("A local branch feat/remote was created after the last scan");
      } finally {
        fixture.repo.git("branch", "-q", "-D", "feat/remote");
      }
    });

    it("reports a branch deleted since the scan instead of failing", async () => {
      fixture.repo.git("branch", "-q", "-D", "feat/gone");
      const options = await optionsFor(PATHS.gone);
      expect(options.checkout.branch).toBe("feat/gone");
      expect(options.readiness).toMatchObject({ branchExists: false, refSha: null, commitsSince: null, headMatches: null, missingFilesChecked: false });
      expect(options.readiness.warnings.join("\n")).toMatch(/feat\/gone no longer exists/);
      expect(planFor(options, "opencode").prompt.length).toBeGreaterThan(100);
    });

    it("serves the options from GET /api/handoffs/[id]/resume, and 404 for an unknown id", async () => {
      const previous = process.env.DATABASE_URL;
      process.env.DATABASE_URL = database.target.url;
      try {
        const { GET } = await import("../../../app/api/handoffs/[id]/resume/route");
        const id = ids.get(PATHS.continued)!;
        const response = await GET(new Request(`http://localhost/api/handoffs/${id}/resume`), { params: Promise.resolve({ id }) });
        expect(response.status).toBe(200);
        const body = (await response.json()) as ResumeOptions;
        expect(body.checkout.branch).toBe("feat/x");
        expect(body.readiness.commitsSince?.count).toBe(2);
        expect(body.plans).toHaveLength(RESUME_RUNTIMES.length);
        const missing = await GET(new Request("http://localhost/api/handoffs/nope/resume"), { params: Promise.resolve({ id: "nope" }) });
        expect(missing.status).toBe(404);
      } finally {
        await getDb().$disconnect();
        if (previous === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = previous;
      }
    });

    it("still builds the plans when the repo folder has gone, and says so", async () => {
      const moved = `${fixture.root}-moved`;
      renameSync(fixture.root, moved);
      try {
        const options = await optionsFor(PATHS.continued);
        expect(options.readiness).toMatchObject({ commitsSince: null, headMatches: null, branchExists: false, missingFilesChecked: false });
        expect(options.readiness.warnings.join("\n")).toContain("does not exist on this machine");
        expect(planFor(options, "codex").command).not.toBeNull();
      } finally {
        renameSync(moved, fixture.root);
      }
    });

    // Last: it adds a local branch to the fixture.
    it("fast-forwards a local branch that is behind the remote-only one, and warns when it diverged", async () => {
      fixture.repo.git("branch", "-q", "feat/remote", fixture.shas.start);
      await scanPaths([root], { bulk });
      let options = await optionsFor(PATHS.remote);
      expect(options.checkout).toMatchObject({ branch: "feat/remote", branchIsRemoteOnly: true, remote: "origin", localBranchExists: true });
      expect(options.checkout.why).toContain("fast-forwards");
      expect(planFor(options, "codex").command).toMatch(/^cd '[^']+' && git checkout 'feat\/remote' && git merge --ff-only 'origin\/feat\/remote' && codex -- '/);
      expect(options.readiness.warnings.filter((warning) => warning.includes("feat/remote"))).toEqual([]);

      // A commit on the local branch that the remote one lacks: --ff-only will refuse, and readiness says so.
      fixture.repo.git("checkout", "-q", "feat/remote");
      fixture.repo.write("local-only.txt", "diverged\n");
      fixture.repo.commit("local only");
      fixture.repo.git("checkout", "-q", "main");
      await scanPaths([root], { bulk });
      options = await optionsFor(PATHS.remote);
      expect(options.checkout.localBranchExists).toBe(true);
      expect(options.readiness.warnings.join("\n")).toContain("has commits that origin/feat/remote does not");
    });
  });
}

if (testProviders[1]!.skip) console.warn(`resume options (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
