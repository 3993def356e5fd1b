/**
 * loadUsage on both providers: the requests of the public Claude sample come back priced, a range
 * narrows the sessions read without losing any request inside it, and per-session usage equals the
 * session totals the ingest stored.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PUBLIC, fixtureSuite } from "../../core/test-support/shared-fixtures";
import { buildPriceTable } from "../../core/usage/prices";
import { periodRows } from "../../core/usage/aggregate";
import { openBulkWriter } from "../db/bulk";
import { scanSessions } from "../sessions/scan-sessions";
import { toNumber } from "../sessions/session-ids";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { loadUsage } from "./load-usage";

const sample = path.join(PUBLIC, "claude-code", "marot-spotter");
const present = existsSync(sample);
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-usage-load-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const provider of testProviders) {
  describe.skipIf(provider.skip || !present)(fixtureSuite(`loadUsage (${provider.name})`, sample, present), () => {
    test("every stored request, priced; a date range reads only the sessions that touch it; totals equal the stored sessions'", async () => {
      const database = await provider.create();
      const bulk = openBulkWriter(database.target);
      try {
        const none = path.join(scratch, "none");
        await scanSessions({ bulk, repos: [], agents: { env: { CLAUDE_CONFIG_DIR: sample, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none }, homeDir: none, workers: 0 } });
        const table = buildPriceTable();
        const all = await loadUsage(bulk, table);
        const stored = await bulk.query<{ id: string; totalTokens: unknown; requestCount: unknown }>(`SELECT "id", "totalTokens", "requestCount" FROM "AgentSession" WHERE "parentId" IS NULL`);
        expect(all.sessions.size).toBe(stored.length);
        for (const session of stored) {
          const mine = all.entries.filter((entry) => entry.sessionId === session.id);
          expect(mine.length).toBe(toNumber(session.requestCount));
          expect(mine.reduce((sum, entry) => sum + entry.inputTokens + entry.outputTokens + entry.cacheWriteTokens + entry.cacheReadTokens, 0)).toBe(toNumber(session.totalTokens));
        }
        expect(all.entries.every((entry) => entry.cost !== null && entry.cost > 0)).toBe(true);
        expect(all.entries.some((entry) => (entry.cacheWrite1hTokens ?? 0) > 0)).toBe(true);

        const day = Date.parse("2026-02-11T00:00:00Z");
        const ranged = await loadUsage(bulk, table, { sinceMs: day, untilMs: day + 86_400_000 - 1 });
        // Sessions that cannot touch a range are not read at all (a day's margin for time zones).
        expect((await loadUsage(bulk, table, { untilMs: Date.parse("2026-02-08T23:59:59Z") })).sessions.size).toBe(0);
        expect((await loadUsage(bulk, table, { sinceMs: Date.parse("2026-02-13T00:00:00Z") })).sessions.size).toBe(0);
        const rows = (entries: typeof all.entries) => periodRows(entries, { kind: "daily", timeZone: "UTC", since: "2026-02-11", until: "2026-02-11" });
        expect(rows(ranged.entries)).toEqual(rows(all.entries));

        const one = await loadUsage(bulk, table, { sessionIds: [stored[0]!.id] });
        expect([...one.sessions.keys()]).toEqual([stored[0]!.id]);
        expect((await loadUsage(bulk, table, { sessionIds: [] })).entries).toEqual([]);
      } finally {
        await bulk.close();
        await database.drop();
      }
    });
  });
}
if (testProviders[1]!.skip) console.warn(`loadUsage (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
