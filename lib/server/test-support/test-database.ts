/**
 * Throwaway databases for integration tests: a temp SQLite file always, and a fresh PostgreSQL database
 * when BATON_TEST_DATABASE_URL is set (skipped with a clear message otherwise).
 *
 * Each is a copy of a template migrated once per set of migrations (the migrations folder's hash names
 * it), not migrated anew: running the migrations through the schema engine takes 0.3–0.9 s, copying a
 * SQLite file or `CREATE DATABASE … TEMPLATE` a few milliseconds, and the suite makes about two hundred.
 * The template is the very database `migrateDatabase` builds, so a test sees what a user's first run sees.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseProvider, DatabaseTarget } from "../db/database-url";
import { migrateDatabase, migrationsDirectory } from "../db/migrate";

/** A short hash of every file of a provider's migrations folder (names and contents). */
function migrationsHash(provider: DatabaseProvider): string {
  const hash = createHash("sha256");
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsDirectory(provider), full)}\0`).update(readFileSync(full)).update("\0");
    }
  };
  walk(migrationsDirectory(provider));
  return hash.digest("hex").slice(0, 12);
}

/** The migrated SQLite template of the current migrations, made once (by whichever test file is first). */
async function sqliteTemplate(): Promise<string> {
  const folder = path.join(os.tmpdir(), "baton-test-templates");
  const file = path.join(folder, `sqlite-${migrationsHash("sqlite")}.db`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const building = mkdtempSync(path.join(folder, "building-"));
  const filePath = path.join(building, "baton.db");
  await migrateDatabase({ provider: "sqlite", url: `file:${filePath}`, filePath });
  renameSync(filePath, file); // atomic: a file seen at `file` is whole; a concurrent builder's rename is the same bytes
  rmSync(building, { recursive: true, force: true });
  return file;
}

export const postgresTestUrl = process.env.BATON_TEST_DATABASE_URL?.startsWith("postgres") ? process.env.BATON_TEST_DATABASE_URL : undefined;
export const POSTGRES_SKIP_MESSAGE = "skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)";

export interface TestDatabase {
  target: DatabaseTarget;
  drop: () => Promise<void>;
}

export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "baton-test-db-"));
  const filePath = path.join(directory, "baton.db");
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  copyFileSync(await sqliteTemplate(), filePath);
  return { target, drop: async () => rmSync(directory, { recursive: true, force: true }) };
}

/**
 * The migrated PostgreSQL template of the current migrations on this server, made once: one test file
 * builds it under an advisory lock while the others wait; older templates are dropped then.
 */
async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `baton_test_template_${migrationsHash("postgresql")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('baton_test_template'))");
    const found = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'baton_test_template_%'");
    const names = found.rows.map((row: { datname: string }) => row.datname);
    if (names.includes(name)) return name;
    for (const old of names) await admin.query(`DROP DATABASE IF EXISTS "${old}" WITH (FORCE)`);
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    await migrateDatabase({ provider: "postgresql", url: url.toString(), filePath: null });
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('baton_test_template'))").catch(() => undefined);
    await admin.end();
  }
}

export async function createPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const template = await postgresTemplate(baseUrl);
  const name = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // Two copies of one template at the same moment can meet "being accessed by other users": try again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { provider: "postgresql", url: url.toString(), filePath: null };
  return {
    target,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The providers to run a suite on: SQLite always, PostgreSQL when configured. */
export const testProviders: { name: "sqlite" | "postgresql"; create: () => Promise<TestDatabase>; skip: boolean }[] = [
  { name: "sqlite", create: createSqliteTestDatabase, skip: false },
  { name: "postgresql", create: () => createPostgresTestDatabase(postgresTestUrl!), skip: !postgresTestUrl },
];
