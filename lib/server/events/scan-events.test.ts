import { realpathSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BatonEvent } from "../../core/events/baton-event";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { rescanRegistered } from "../ingest/watch";
import { scanPaths } from "../ingest/scan";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { testProviders, type TestDatabase } from "../test-support/test-database";
import { subscribe } from "./publish";
import { createEventBus } from "./event-bus";
import { announceScanTo, MAX_NAMED, scanEvents } from "./scan-events";

const H = (phase: string) => `docs/ai/handoff/claude-code/01122026/handoff_${phase}.md`;

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`a finished scan announces itself on the live bus (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    let repo: GitFixture;
    let root: string;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      repo = new GitFixture("announced");
      root = realpathSync(repo.root);
      repo.write("README.md", "# announced\n").commit("init");
      repo.write(H("first"), handoffMarkdown({ phase: "first", path: H("first") })).commit("first handoff");
      await scanPaths([root], { bulk });
    });
    afterAll(async () => {
      await bulk?.close();
      await database?.drop();
    });

    it("a rescan that finds a new handoff names it and the scan; a rescan of nothing announces nothing", async () => {
      const seen: BatonEvent[] = [];
      const unsubscribe = subscribe((event) => seen.push(event));
      try {
        repo.write(H("second"), handoffMarkdown({ phase: "second", path: H("second"), previous: H("first") })).commit("second handoff");
        await rescanRegistered(bulk, null);
        const [second] = await bulk.query<{ id: string }>(`SELECT "id" FROM "Handoff" WHERE "path" = ?`, [H("second")]);
        expect(seen).toContainEqual({ kind: "handoff", id: second!.id, version: 0 });
        const scan = seen.filter((event) => event.kind === "scan");
        expect(scan).toHaveLength(1);
        expect(scan[0]!.version).toBeGreaterThanOrEqual(1);
        seen.length = 0;
        await rescanRegistered(bulk, null);
        expect(seen).toEqual([]);
      } finally {
        unsubscribe();
      }
    });

    // NOTIFY exists on PostgreSQL only: a SQLite server's bus is in-process, covered by the rescan test above.
    it.skipIf(provider.name !== "postgresql")("a CLI scan on PostgreSQL reaches a running server's bus by NOTIFY", async () => {
      const server = createEventBus({ provider: "postgresql", url: database.target.url, log: () => {} });
      const seen: BatonEvent[] = [];
      server.subscribe((event) => seen.push(event));
      try {
        await server.listening();
        await announceScanTo(database.target, bulk, { since: new Date(), scanId: "cli-scan" });
        const deadline = Date.now() + 5_000;
        while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toEqual([{ kind: "scan", id: "cli-scan", version: 0 }]);
      } finally {
        await server.close();
      }
    });

    it("past MAX_NAMED changed handoffs it sends the count alone", async () => {
      const since = new Date();
      for (let index = 0; index <= MAX_NAMED; index++) repo.write(H(`bulk${index}`), handoffMarkdown({ phase: `bulk${index}`, path: H(`bulk${index}`) }));
      repo.commit("many handoffs");
      await scanPaths([root], { bulk });
      const events = await scanEvents(bulk, { since, scanId: "s" });
      expect(events.filter((event) => event.kind === "handoff")).toEqual([]);
      expect(events.at(-1)).toMatchObject({ kind: "scan", id: "s" });
      expect(events.at(-1)!.version).toBeGreaterThan(MAX_NAMED);
    });
  });
}
