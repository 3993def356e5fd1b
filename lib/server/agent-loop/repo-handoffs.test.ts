import { realpathSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { loadRepoChains } from "../queries/chains";
import { buildResumeRepo, PATHS, type ResumeFixture } from "../resume/resume-fixture";
import { getResumeOptions } from "../resume/resume-options";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import { latestOpenHandoff, readRepoHandoffs, resumePlanFor } from "./repo-handoffs";
import { repoRootOf } from "./repo-root";

/**
 * The hooks read a repository with no database; `baton resume` reads what a scan stored. Both must
 * pick the same handoff and give the same prompt, to the character, for every runtime and for every
 * open head (the fixture has branches, a remote-only branch, a working-tree draft and duplicates).
 */
describe("repo handoffs without a database = what a scan stores", () => {
  let database: TestDatabase;
  let bulk: BulkWriter;
  let db: Db;
  let fixture: ResumeFixture;
  let root: string;
  let repoId: string;

  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    bulk = openBulkWriter(database.target);
    db = createDb(database.target);
    fixture = buildResumeRepo("repo-handoffs-fixture");
    root = realpathSync(fixture.root);
    const result = await scanPaths([root], { bulk });
    repoId = result.repos[0]!.repoId!;
  });
  afterAll(async () => {
    await bulk?.close();
    await db?.$disconnect();
    await database?.drop();
  });

  it("finds the same handoffs, ids, chains and latest open head", async () => {
    const repo = (await repoRootOf(root))!;
    const read = await readRepoHandoffs(repo.root, repo.info);
    const stored = await db.handoff.findMany({ where: { isGone: false }, select: { id: true, path: true, commitSha: true } });
    expect(read.handoffs.map((handoff) => handoff.id).sort()).toEqual(stored.map((row) => row.id).sort());
    for (const row of stored) expect(read.handoffs.find((handoff) => handoff.id === row.id)?.commitSha ?? null).toBe(row.commitSha);
    const { result } = await loadRepoChains(db, repoId);
    expect([...read.chains.resumableHeads].sort()).toEqual([...result.resumableHeads].sort());
    expect(read.chains.latestId).toBe(result.latestId);
    expect(latestOpenHandoff(read)?.path).toBe(PATHS.draft);
  });

  it("builds the prompt `baton resume` builds, for every open head and runtime", async () => {
    const repo = (await repoRootOf(root))!;
    const read = await readRepoHandoffs(repo.root, repo.info);
    expect(read.chains.resumableHeads.length).toBeGreaterThan(2);
    for (const id of read.chains.resumableHeads) {
      const handoff = read.handoffs.find((entry) => entry.id === id)!;
      const options = (await getResumeOptions(db, id))!;
      for (const runtime of ["claude-code", "codex", "gemini-cli"] as const) {
        const plan = await resumePlanFor(read, handoff, runtime);
        const expected = options.plans.find((entry) => entry.runtime === runtime)!;
        expect({ path: handoff.path, runtime, prompt: plan.prompt, command: plan.command }).toEqual({ path: handoff.path, runtime, prompt: expected.prompt, command: expected.command });
      }
    }
  });

  it("is null outside a repository", async () => {
    expect(await repoRootOf("/")).toBeNull();
  });
});
