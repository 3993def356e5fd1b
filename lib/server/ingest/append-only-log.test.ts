/**
 * An append-only handoff log (issue 26 item 4), end to end: the newest entry (here at the top) gives the
 * handoff's fields and its day, and the entries are the file's own history in the chain view.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BulkWriter } from "../db/bulk";
import type { Db } from "../db/client";
import { getChainGraph } from "../queries/chain-graph";
import { getScanReport } from "../queries/scan-report";
import { useProviderDatabase } from "../test-support/provider-database";
import { GitFixture } from "../test-support/git-fixture";
import { testProviders } from "../test-support/test-database";
import { scanPaths } from "./scan";

const LOG = readFileSync(path.join(import.meta.dirname, "__fixtures__", "append-only-log", "HANDOFF_LOG.md"), "utf8");

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`an append-only log (${provider.name})`, () => {
    let bulk: BulkWriter;
    let db: Db;
    useProviderDatabase(provider, (opened) => ({ bulk, db } = opened));

    it("is read as its newest entry and keeps its entries as its history", async () => {
      const repo = new GitFixture("append-only-log");
      repo.write("docs/HANDOFF_LOG.md", LOG).commit("log");
      const scanned = (await scanPaths([repo.root], { bulk })).repos[0]!;
      expect(scanned.status).toBe("ok");
      const report = await getScanReport(db, { repoIds: [scanned.repoId!] });
      expect(report.handoffs).toHaveLength(1);
      expect(report.handoffs[0]).toMatchObject({ path: "docs/HANDOFF_LOG.md", branch: "feat/exportar", day: "2026-03-21", date: null });
      const row = await db.handoff.findFirstOrThrow({ where: { repoId: scanned.repoId! }, select: { nextAction: true, logEntries: true } });
      expect(row.nextAction).toMatch(/publicar o exportador/);
      const graph = await getChainGraph(db, { repoId: scanned.repoId! });
      const node = graph?.nodes.find((entry) => entry.kind === "handoff");
      expect(node?.kind === "handoff" ? node.log : null).toEqual({
        newest: 0,
        entries: [
          { title: "Entrada 003 — 2026-03-21", day: "2026-03-21" },
          { title: "Entrada 002 — 2026-03-19", day: "2026-03-19" },
          { title: "Entrada 001 — 2026-03-18", day: "2026-03-18" },
        ],
      });
    });
  });
}
