/**
 * Makes the database usable before anything reads it: creates the SQLite file or checks the
 * PostgreSQL connection, and applies pending migrations. The cheap path (nothing pending) only reads
 * `_prisma_migrations`; the WASM schema engine is loaded only when there is something to apply.
 */
import { existsSync, readdirSync } from "node:fs";
import { openBulkWriter } from "./bulk";
import { resolveDatabaseUrl, type DatabaseTarget } from "./database-url";
import { migrateDatabase, migrationsDirectory } from "./migrate";

export async function pendingMigrations(target: DatabaseTarget): Promise<string[]> {
  const folder = migrationsDirectory(target.provider);
  const expected = existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    : [];
  if (target.filePath && !existsSync(target.filePath)) return expected;
  const bulk = openBulkWriter(target);
  try {
    const rows = await bulk.query<{ migration_name: string }>(
      `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return expected.filter((name) => !applied.has(name));
  } catch {
    return expected;
  } finally {
    await bulk.close();
  }
}

export async function ensureDatabase(target: DatabaseTarget = resolveDatabaseUrl()): Promise<string[]> {
  if ((await pendingMigrations(target)).length === 0) return [];
  return migrateDatabase(target);
}
