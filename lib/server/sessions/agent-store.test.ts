import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { loadAgentFiles, upsertSource, writeFileStates } from "./agent-store";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`agent file states (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;

    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
    });
    afterAll(async () => {
      await bulk?.close();
      await database?.drop();
    });

    it("keeps offsets and sizes of logs over 2 GiB (64-bit columns on both providers)", async () => {
      const sourceId = await upsertSource(bulk, "claude-code", "/logs", "Claude Code");
      const huge = 5 * 1024 ** 3 + 17;
      await writeFileStates(
        bulk,
        [{ sourceId, path: "big.jsonl", size: huge + 100, mtimeMs: 1_700_000_000_000.5, offset: huge, lines: 12_345_678, carry: null, headHash: "4096:abc", sessionId: null, status: "ok", badLines: 0, unknownTypes: "{}", issueCount: 0 }],
        null,
      );
      const stored = (await loadAgentFiles(bulk, sourceId)).get("big.jsonl");
      expect(stored).toMatchObject({ size: huge + 100, offset: huge, lines: 12_345_678, mtimeMs: 1_700_000_000_000.5 });
    });
  });
}

if (testProviders[1]!.skip) console.warn(`agent file states (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
