/**
 * `npm run db:migrate` applies pending migrations to the database DATABASE_URL names.
 * `npm run db:new-migration -- <name>` writes a migration for BOTH providers from prisma/schema.prisma
 * (needs the local PostgreSQL for the Postgres shadow database; set BATON_MIGRATION_PG_URL to change it).
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveDatabaseUrl } from "../lib/server/db/database-url";
import { createMigration, migrateDatabase } from "../lib/server/db/migrate";
import { writePostgresSchema } from "./prisma-schemas.mjs";

const [command, name] = process.argv.slice(2);

if (command === "deploy") {
  const applied = await migrateDatabase(resolveDatabaseUrl());
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} else if (command === "new") {
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: npm run db:new-migration -- <snake_case_name>");
  writePostgresSchema();
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const scratch = path.join(os.tmpdir(), `baton-migrate-${process.pid}.db`);
  try {
    const sqlite = await createMigration({ provider: "sqlite", url: `file:${scratch}`, filePath: scratch }, name, stamp);
    console.log(sqlite ? `sqlite: ${sqlite}` : "sqlite: no changes");
  } finally {
    rmSync(scratch, { force: true });
  }
  const pgUrl = process.env.BATON_MIGRATION_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const postgres = await createMigration({ provider: "postgresql", url: pgUrl, filePath: null }, name, stamp);
  console.log(postgres ? `postgresql: ${postgres}` : "postgresql: no changes");
} else {
  throw new Error("usage: tsx scripts/migrate.ts deploy | new <name>");
}
