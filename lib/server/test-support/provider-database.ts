/**
 * One fresh database of a provider for a `describe` block, with the bulk writer and the Prisma client
 * on it: created before the block's tests, closed and dropped after them. The suites that ran on both
 * databases each wrote these ten lines out.
 */
import { afterAll, beforeAll } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createDb, type Db } from "../db/client";
import type { TestDatabase, testProviders } from "./test-database";

export interface ProviderDatabase {
  database: TestDatabase;
  bulk: BulkWriter;
  db: Db;
}

/** Registers the block's beforeAll / afterAll and hands the opened database to `opened`. */
export function useProviderDatabase(provider: (typeof testProviders)[number], opened: (handle: ProviderDatabase) => void): void {
  let handle: Partial<ProviderDatabase> = {};
  beforeAll(async () => {
    const database = await provider.create();
    handle = { database, bulk: openBulkWriter(database.target), db: createDb(database.target) };
    opened(handle as ProviderDatabase);
  });
  afterAll(async () => {
    await handle.bulk?.close();
    await handle.db?.$disconnect();
    await handle.database?.drop();
  });
}
