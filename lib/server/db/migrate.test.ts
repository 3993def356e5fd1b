import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { openBulkWriter } from "./bulk";
import { pendingMigrations } from "./ensure-database";
import { createMigration, migrateDatabase, SQLITE_PAGE_SIZE } from "./migrate";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`migrations (${provider.name})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await provider.create();
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("applies every migration once, then reports nothing pending", async () => {
      expect(await pendingMigrations(database.target)).toEqual([]);
      expect(await migrateDatabase(database.target)).toEqual([]);
    });

    it("keeps the main database's data when the migration history is replayed into a shadow database", async () => {
      const bulk = openBulkWriter(database.target);
      try {
        await bulk.execute(`INSERT INTO "Source" ("id", "kind", "root", "label", "globs", "createdAt") VALUES ('keep-me', 'repo', '/tmp/keep', 'keep', '[]', ?)`, [new Date()]);
      } finally {
        await bulk.close();
      }
      // The schema matches the history, so the diff is empty; the shadow database was still created and dropped.
      expect(await createMigration(database.target, "never_written", "20990101000000")).toBeNull();
      const after = openBulkWriter(database.target);
      try {
        const rows = await after.query<{ id: string }>(`SELECT "id" FROM "Source" WHERE "id" = 'keep-me'`);
        expect(rows).toEqual([{ id: "keep-me" }]);
        const tables = await after.query<{ name: string }>(
          provider.name === "sqlite" ? `SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'Handoff'` : `SELECT tablename AS name FROM pg_tables WHERE tablename = 'Handoff'`,
        );
        expect(tables).toHaveLength(1);
      } finally {
        await after.close();
      }
    });
  });
}
if (testProviders[1]!.skip) console.warn(`migrations (postgresql): ${POSTGRES_SKIP_MESSAGE}`);

describe("a new SQLite database", () => {
  it(`is created with ${SQLITE_PAGE_SIZE}-byte pages; an existing one keeps its own`, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "baton-pages-"));
    try {
      const fresh = path.join(folder, "nested", "fresh.db");
      await migrateDatabase({ provider: "sqlite", url: `file:${fresh}`, filePath: fresh });
      expect(pageSize(fresh)).toBe(SQLITE_PAGE_SIZE);

      // A file that already exists (here: empty, with SQLite's default page size) is migrated as it is.
      const existing = path.join(folder, "existing.db");
      const db = new Database(existing);
      db.pragma("page_size = 4096");
      db.exec("VACUUM");
      db.close();
      await migrateDatabase({ provider: "sqlite", url: `file:${existing}`, filePath: existing });
      expect(pageSize(existing)).toBe(4096);
      const after = new Database(existing, { readonly: true });
      expect(after.prepare(`SELECT name FROM sqlite_master WHERE name = 'Handoff'`).all()).toEqual([{ name: "Handoff" }]);
      after.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

function pageSize(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma("page_size", { simple: true }) as number;
  } finally {
    db.close();
  }
}
