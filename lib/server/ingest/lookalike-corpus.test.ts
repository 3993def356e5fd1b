/**
 * The real-handoff corpus (corpus/README.md) cannot run in CI: its repositories are third-party and not
 * ours to copy. These look-alike repositories of our own reproduce each of its shapes (layouts, labels,
 * languages, pointers, LATEST files, secrets) and are checked with the same comparison, as a user would
 * meet them: a fresh clone, so every file has the same mtime, scanned with no flags.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRepo, hasFailures, type ExpectedRepo, type ScanDocument } from "../../../scripts/corpus/compare-corpus";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { getScanReport } from "../queries/scan-report";
import { GitFixture } from "../test-support/git-fixture";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import { scanPaths } from "./scan";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "lookalike");

interface LookalikeRepo {
  name: string;
  files: [string, string][];
  expected: ExpectedRepo & { secretValues?: string[]; keptValues?: string[] };
}

const repos = (JSON.parse(readFileSync(path.join(FIXTURES, "repos.json"), "utf8")) as { repos: LookalikeRepo[] }).repos;

function build(lookalike: LookalikeRepo): GitFixture {
  const repo = new GitFixture(lookalike.name);
  repo.write("README.md", `# ${lookalike.name}\n`).commit("init");
  for (const [source, target] of lookalike.files) {
    repo.write(target, readFileSync(path.join(FIXTURES, lookalike.name, source)));
    repo.commit(`add ${target}`);
  }
  // A fresh clone: every file has the same mtime, so no handoff can win on it.
  return repo.sameMtimes();
}

function explain(comparison: ReturnType<typeof compareRepo>): string {
  return JSON.stringify(
    {
      found: `${comparison.found}/${comparison.present}`,
      falseDiscoveries: comparison.falseDiscoveries,
      missingSamples: comparison.missingSamples,
      mismatches: comparison.mismatches,
      falseMissingErrors: comparison.falseMissingErrors,
      latest: comparison.latest,
    },
    null,
    2,
  );
}

describe("look-alike corpus: real handoff shapes, read as a careful person would", () => {
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

  it.each(repos.map((repo) => [repo.name, repo] as const))("%s", async (_name, lookalike) => {
    const repo = build(lookalike);
    const result = await scanPaths([repo.root], { bulk });
    const repoId = result.repos[0]?.repoId;
    expect(repoId).toBeTruthy();
    const report = await getScanReport(db, { repoIds: [repoId as string] });
    const comparison = compareRepo(lookalike.expected, report as unknown as ScanDocument);
    expect(hasFailures(comparison), explain(comparison)).toBe(false);

    const json = JSON.stringify(report);
    const stored = JSON.stringify(await db.handoff.findMany({ where: { repoId: repoId as string }, select: { content: true, parsed: true, searchText: true, goal: true, nextAction: true } }));
    for (const secret of lookalike.expected.secretValues ?? []) {
      expect(json.includes(secret), `secret in scan --json`).toBe(false);
      expect(stored.includes(secret), `secret in the database`).toBe(false);
    }
    for (const value of lookalike.expected.keptValues ?? []) expect(stored.includes(value), `${value} kept as written`).toBe(true);
  });
});
