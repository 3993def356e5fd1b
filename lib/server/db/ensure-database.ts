/**
 * Makes the database usable before anything reads it: creates the SQLite file or checks the
 * PostgreSQL connection, and applies pending migrations. The cheap path (nothing pending) only reads
 * `_prisma_migrations`; the WASM schema engine is loaded only when there is something to apply.
 */
import { existsSync, readdirSync } from "node:fs";
import { openBulkWriter, type BulkWriter } from "./bulk";
import { resolveDatabaseUrl, type DatabaseTarget } from "./database-url";
import { migrateDatabase, migrationsDirectory } from "./migrate";

function expectedMigrations(target: DatabaseTarget): string[] {
  const folder = migrationsDirectory(target.provider);
  return existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    : [];
}

async function pendingOn(bulk: BulkWriter, expected: string[]): Promise<string[]> {
  try {
    const rows = await bulk.query<{ migration_name: string }>(
      `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return expected.filter((name) => !applied.has(name));
  } catch {
    return expected;
  }
}

export async function pendingMigrations(target: DatabaseTarget): Promise<string[]> {
  const expected = expectedMigrations(target);
  if (target.filePath && !existsSync(target.filePath)) return expected;
  const bulk = openBulkWriter(target);
  try {
    return await pendingOn(bulk, expected);
  } finally {
    await bulk.close();
  }
}

/**
 * ensureDatabase and the bulk writer a command then uses, on one connection: opening and closing a
 * second one only to read `_prisma_migrations` cost a command's start an open, a close and (SQLite)
 * a checkpoint.
 */
export async function openMigratedBulk(target: DatabaseTarget = resolveDatabaseUrl()): Promise<{ bulk: BulkWriter; applied: string[] }> {
  if (target.filePath && !existsSync(target.filePath)) {
    const applied = await migrateDatabase(target);
    return { bulk: openBulkWriter(target), applied };
  }
  const bulk = openBulkWriter(target);
  try {
    const pending = await pendingOn(bulk, expectedMigrations(target));
    return { bulk, applied: pending.length === 0 ? [] : await migrateDatabase(target) };
  } catch (error) {
    await bulk.close();
    throw error;
  }
}

export async function ensureDatabase(target: DatabaseTarget = resolveDatabaseUrl()): Promise<string[]> {
  if ((await pendingMigrations(target)).length === 0) return [];
  return migrateDatabase(target);
}
