/**
 * The only place that constructs a PrismaClient. The app is typed against the SQLite client; the
 * PostgreSQL client is generated from the same model (scripts/prisma-schemas.mjs) and used through
 * the same type, so code stays within what both providers support.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient as PostgresPrismaClient } from "../../../generated/postgres/client";
import { PrismaClient } from "../../../generated/sqlite/client";
import { postgresConnectionConfig, resolveDatabaseUrl, type DatabaseTarget } from "./database-url";
import { prismaPostgresAdapter } from "./postgres-driver";

export type Db = PrismaClient;
export type { Prisma } from "../../../generated/sqlite/client";

export function createDb(target: DatabaseTarget = resolveDatabaseUrl()): Db {
  if (target.provider === "postgresql") {
    const { PrismaPg } = prismaPostgresAdapter();
    const client = new PostgresPrismaClient({ adapter: new PrismaPg(postgresConnectionConfig(target.url)) });
    return client as unknown as Db;
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.url }) });
}

const globalForDb = globalThis as unknown as { batonDb?: { key: string; db: Db } };

/** One shared client per process (dev reloads reuse it instead of opening new connections). */
export function getDb(): Db {
  const target = resolveDatabaseUrl();
  if (globalForDb.batonDb?.key !== target.url) {
    globalForDb.batonDb = { key: target.url, db: createDb(target) };
  }
  return globalForDb.batonDb.db;
}

/** Whether `db` is the process's shared client (getDb), i.e. one on DATABASE_URL's database. */
export function isSharedDb(db: Db): boolean {
  return globalForDb.batonDb?.db === db;
}
