/**
 * Throwaway databases for integration tests: a temp SQLite file always, and a fresh PostgreSQL database
 * when BATON_TEST_DATABASE_URL is set (skipped with a clear message otherwise).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../db/database-url";
import { migrateDatabase } from "../db/migrate";

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
  await migrateDatabase(target);
  return { target, drop: async () => rmSync(directory, { recursive: true, force: true }) };
}

export async function createPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { provider: "postgresql", url: url.toString(), filePath: null };
  await migrateDatabase(target);
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
