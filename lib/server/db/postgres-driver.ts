/**
 * The PostgreSQL driver and its Prisma adapter, loaded the first time a PostgreSQL database is used.
 * Imported at the top of the database modules they cost every `baton` command ~35 ms to load
 * (measured on this machine: `pg` 30 ms, `@prisma/adapter-pg` 9 ms), SQLite runs (the default)
 * included. Both are CommonJS-loadable and external to every bundle (next.config.ts).
 */
import { createRequire } from "node:module";
import type * as AdapterPg from "@prisma/adapter-pg";
import type * as Pg from "pg";

const load = createRequire(import.meta.url);

export function postgresDriver(): typeof Pg {
  return load("pg") as typeof Pg;
}

export function prismaPostgresAdapter(): typeof AdapterPg {
  return load("@prisma/adapter-pg") as typeof AdapterPg;
}
