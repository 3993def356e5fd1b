/**
 * The newcomer's case (issue 26): three handoffs of one chain written in a person's own style, each naming
 * the one before under its own `## previous handoff` heading (the path, or `none`, on the next line),
 * outside any date folder but carrying their own timestamps, in a fresh clone (every mtime the same).
 * They read as one chain with one head, the board holds one review (the head's), resuming an earlier one
 * warns of a fork, and every day shown is the handoff's own.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import { loadRepoChains } from "../queries/chains";
import { getChainGraph } from "../queries/chain-graph";
import { listHandoffs } from "../queries/handoffs";
import { getScanReport } from "../queries/scan-report";
import { getResumeOptions } from "../resume/resume-options";
import { listReviews } from "../reviews/review-queries";
import { GitFixture } from "../test-support/git-fixture";
import { testProviders, type TestDatabase } from "../test-support/test-database";
import { scanPaths } from "./scan";

const FIXTURES = path.join(import.meta.dirname, "__fixtures__", "newcomer");
const FILES = ["auth-refactor.md", "auth-tests.md", "auth-rollout.md"];
const PATHS = FILES.map((file) => `handoffs/${file}`);

function buildRepo(): GitFixture {
  const repo = new GitFixture("newcomer");
  repo.write("README.md", "# app\n").commit("init");
  for (const file of FILES) repo.write(`handoffs/${file}`, readFileSync(path.join(FIXTURES, file))).commit(`handoff ${file}`);
  // A fresh clone: every file has the same mtime, so no handoff can win on it.
  return repo.sameMtimes();
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`the newcomer's three-file chain (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let db: Db;
    let repoId: string;
    const idOf = new Map<string, string>();

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      db = createDb(database.target);
      const result = await scanPaths([buildRepo().root], { bulk });
      expect(result.repos[0]!.status).toBe("ok");
      repoId = result.repos[0]!.repoId!;
      for (const row of await db.handoff.findMany({ where: { repoId }, select: { id: true, path: true } })) idOf.set(row.path, row.id);
    });
    afterAll(async () => {
      await bulk?.close();
      await db?.$disconnect();
      await database?.drop();
    });

    it("reads one chain with one head, the newest as the latest", async () => {
      const report = await getScanReport(db, { repoIds: [repoId] });
      expect(report.chains).toHaveLength(1);
      expect(report.chains[0]).toMatchObject({ handoffs: PATHS, heads: [PATHS[2]], broken: [], forks: [] });
      expect(report.latest).toBe(PATHS[2]);
      expect(Object.fromEntries(report.handoffs.map((handoff) => [handoff.path, handoff.previousPath]))).toEqual({
        [PATHS[0]!]: null,
        [PATHS[1]!]: PATHS[0],
        [PATHS[2]!]: PATHS[1],
      });
      const lint = report.handoffs.flatMap((handoff) => handoff.lint.map((finding) => finding.rule));
      expect(lint).not.toContain("previous-pointer-missing");
      expect(lint).not.toContain("chain-broken");
    });

    it("shows each handoff's own day: scan --json keeps date (no folder) and adds day", async () => {
      const report = await getScanReport(db, { repoIds: [repoId] });
      expect(report.handoffs.map((handoff) => [handoff.path, handoff.date, handoff.day])).toEqual(
        expect.arrayContaining([
          [PATHS[0], null, "2026-03-04"],
          [PATHS[1], null, "2026-03-05"],
          [PATHS[2], null, "2026-03-06"],
        ]),
      );
      const graph = await getChainGraph(db, { repoId });
      const dated = graph?.nodes.filter((node) => node.kind === "handoff").map((node) => (node.kind === "handoff" ? node.date : null));
      expect(dated?.sort()).toEqual(["2026-03-04", "2026-03-05", "2026-03-06"]);
    });

    it("the From/To filter keeps them by their own day", async () => {
      const inRange = await listHandoffs(db, { from: "2026-03-05", to: "2026-03-06", page: 1, pageSize: 50 });
      expect(inRange.items.map((item) => item.path).sort()).toEqual([PATHS[1], PATHS[2]].sort());
      expect(inRange.items.every((item) => item.day !== null)).toBe(true);
      expect((await listHandoffs(db, { to: "2026-03-03", page: 1, pageSize: 50 })).items).toEqual([]);
    });

    it("the board holds one open review, the head's; the earlier ones are no open heads", async () => {
      const reviews = await listReviews(db, {});
      const open = reviews.filter((review) => review.state !== "continued");
      expect(open.map((review) => review.handoffId)).toEqual([idOf.get(PATHS[2]!)]);
      const { result } = await loadRepoChains(db, repoId);
      expect(result.resumableHeads).toEqual([idOf.get(PATHS[2]!)]);
    });

    it("resuming an earlier handoff warns of a fork; resuming the head does not", async () => {
      const earlier = await getResumeOptions(db, idOf.get(PATHS[1]!)!);
      expect(earlier?.readiness.resumedBy.map((handoff) => handoff.path)).toEqual([PATHS[2]]);
      expect(earlier?.readiness.warnings.join("\n")).toMatch(/fork/);
      const head = await getResumeOptions(db, idOf.get(PATHS[2]!)!);
      expect(head?.readiness.resumedBy).toEqual([]);
      expect(head?.readiness.warnings.join("\n") ?? "").not.toMatch(/fork/);
    });
  });
}
