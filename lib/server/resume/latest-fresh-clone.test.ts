/**
 * The latest handoff of a fresh clone, where every file has the same mtime: commit times decide, a
 * handoff marked DEPRECATED never wins, and resuming it says what the next agent needs (numbered
 * steps, the repo's own naming, no HEAD recorded → headMatches null). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { buildChains } from "../../core/chains/build-chains";
import { loadRepoChains } from "../queries/chains";
import { getScanReport } from "../queries/scan-report";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { buildFreshCloneRepo, CURRENT_NEXT_STEPS, LATEST_PATHS, type FreshCloneFixture } from "./latest-fixture";
import { getResumeOptions } from "./resume-options";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`latest handoff of a fresh clone (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let fixture: FreshCloneFixture;
    let repoId: string;
    const idOf = new Map<string, string>();

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      fixture = buildFreshCloneRepo();
      const result = await scanPaths([fixture.clone], { bulk });
      expect(result.repos[0]!.status).toBe("ok");
      repoId = result.repos[0]!.repoId!;
      for (const row of await db.handoff.findMany({ where: { repoId, isGone: false }, select: { id: true, path: true } })) idOf.set(row.path, row.id);
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
    });

    it("is set up as a fresh clone: every handoff committed, all with the same mtime, no dates or timestamps", async () => {
      const rows = await db.handoff.findMany({ where: { repoId, isGone: false }, select: { path: true, fileMtime: true, committed: true, date: true, timestamp: true, commitSha: true } });
      expect(rows.map((row) => row.path).sort()).toEqual(Object.values(LATEST_PATHS).sort());
      expect(new Set(rows.map((row) => row.fileMtime?.getTime()))).toEqual(new Set([fixture.mtime]));
      expect(rows.every((row) => row.committed && row.date === null && row.timestamp === null)).toBe(true);
      expect(Object.fromEntries(rows.map((row) => [row.path, row.commitSha]))).toEqual({
        [LATEST_PATHS.review]: fixture.commits.review,
        [LATEST_PATHS.start]: fixture.commits.start,
        [LATEST_PATHS.current]: fixture.commits.current,
        [LATEST_PATHS.deprecated]: fixture.commits.deprecated,
      });
    });

    it("picks the newest commit's handoff that is not marked deprecated, for chains, scan --json and resume", async () => {
      const { nodes, result } = await loadRepoChains(db, repoId);
      const pathOf = (id: string | null) => nodes.find((node) => node.id === id)?.path ?? null;
      expect(pathOf(result.latestId)).toBe(LATEST_PATHS.current);
      expect(result.resumableHeads.map(pathOf)).toEqual([LATEST_PATHS.current, LATEST_PATHS.review]);
      expect(nodes.find((node) => node.path === LATEST_PATHS.deprecated)?.deprecation).toBe("title, line 1: # DEPRECATED: old plan (kept for reference)");

      const report = await getScanReport(db, { repoIds: [repoId] });
      expect(report.latest).toBe(LATEST_PATHS.current);
    });

    it("a LATEST hint settles nothing against strictly newer work, and names the latest when it is the newest", async () => {
      // The stored facts of the repo, with each hint a LATEST.md could give (the scan stores the one it found).
      const { nodes } = await loadRepoChains(db, repoId);
      const withHint = (latestHint: string) => buildChains(nodes, { latestHint });
      const stale = withHint(LATEST_PATHS.review);
      expect(stale.latestHint).toEqual({ path: LATEST_PATHS.review, status: "newer-exists" });
      expect(nodes.find((node) => node.id === stale.latestId)?.path).toBe(LATEST_PATHS.current);
      expect(withHint(LATEST_PATHS.deprecated).latestHint?.status).toBe("deprecated");
      expect(withHint(`./${LATEST_PATHS.current}`).latestHint?.status).toBe("chosen");
    });

    it("resuming the latest: numbered steps as written, the repo's naming, headMatches null and a lint warning (no HEAD recorded)", async () => {
      const options = (await getResumeOptions(db, idOf.get(LATEST_PATHS.current)!))!;
      const prompt = options.plans.find((plan) => plan.runtime === "claude-code")!.prompt;
      expect(prompt).toContain(CURRENT_NEXT_STEPS.join("\n"));
      expect(options.nextHandoff).toMatchObject({ template: ".claude/handoffs/<slug>.md", source: "repo", followedBy: 4, considered: 4 });
      expect(prompt).toContain("write a new handoff where this repository keeps them, named the way they are: `.claude/handoffs/<slug>.md`");
      expect(prompt).not.toContain("docs/ai/handoff/claude-code/<DDMMYYYY>");
      expect(options.readiness.headMatches).toBeNull();
      expect(options.readiness.commitsSince).toMatchObject({ count: 1, baseIs: "handoff-commit" });
      // Recording no HEAD is itself a lint error, and resume says so.
      expect(options.warnings.map((warning) => warning.rule)).toEqual(["resume-handoff-lint-errors"]);
      expect(options.warnings[0]!.message).toContain("1 lint error(s) (head-sha-missing)");
    });

    it("resuming the deprecated one anyway warns, and so does its vague next action", async () => {
      const options = (await getResumeOptions(db, idOf.get(LATEST_PATHS.deprecated)!))!;
      expect(options.warnings.map((warning) => warning.rule)).toEqual(["resume-handoff-deprecated", "resume-handoff-lint-errors", "resume-next-action-vague"]);
      expect(options.warnings[0]!.message).toContain("(title, line 1: # DEPRECATED: old plan (kept for reference))");
      expect(options.warnings[2]!.message).toContain('"Continue the migration."');
    });
  });
}

if (testProviders[1]!.skip) console.warn(`latest handoff of a fresh clone (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
