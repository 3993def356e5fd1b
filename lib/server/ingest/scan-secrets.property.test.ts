/**
 * The secret property end to end, on SQLite with fewer cases than the core property (each case is a
 * git repo and a scan): a random secret of any supported shape placed anywhere in a handoff — and
 * written bare in a second handoff of the same repo — never reaches the database, the `scan --json`
 * report, or the resume prompt built from what was stored.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placedSecret } from "../../core/handoff/secrets/test-support/secret-arbitraries";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { getResumeOptions } from "../resume/resume-options";
import { GitFixture } from "../test-support/git-fixture";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import { scanPaths } from "./scan";
import { tablesHolding } from "../test-support/tables-holding";

describe("secrets never reach the database, scan --json or a resume prompt (sqlite)", () => {
  let database: TestDatabase;
  let bulk: BulkWriter;
  let db: Db;

  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    bulk = openBulkWriter(database.target);
    db = createDb(database.target);
  });
  afterAll(async () => {
    await bulk?.close();
    await db?.$disconnect();
    await database?.drop();
  });

  it("holds for random secrets in random places", async () => {
    await fc.assert(
      fc.asyncProperty(placedSecret, fc.boolean(), async ({ secret, text }, isCommitted) => {
        const repo = new GitFixture("property");
        repo.write("README.md", "# r\n").commit("init");
        const main = "docs/ai/handoff/claude-code/20112026/handoff_billing.md";
        const notes = "docs/ai/handoff/codex/21112026/handoff_notes.md";
        repo.write(main, text);
        // The same value, bare, in another handoff of the repo.
        repo.write(notes, `# Notes\n\n## Next action\nRetry the import with ${secret} once more.\n`);
        if (isCommitted) repo.commit("handoffs");

        const result = await scanPaths([repo.root], { bulk });
        const repoId = result.repos[0]!.repoId!;
        expect(result.repos[0]!.stats.handoffsNew).toBe(2);
        expect(await tablesHolding(bulk, secret)).toEqual([]);

        const report = await getScanReport(db, { repoIds: [repoId], sql: bulk });
        expect(JSON.stringify(report)).not.toContain(secret);
        expect(report.handoffs.map((handoff) => handoff.secrets)).toEqual([1, 1]);

        for (const handoff of await db.handoff.findMany({ where: { repoId }, select: { id: true } })) {
          const options = await getResumeOptions(db, handoff.id);
          expect(options).not.toBeNull();
          expect(JSON.stringify(options)).not.toContain(secret);
        }
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
