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

let driver: typeof Pg | null = null;

export function postgresDriver(): typeof Pg {
  driver ??= withoutCloudflareProbe(() => load("pg") as typeof Pg);
  return driver;
}

export function prismaPostgresAdapter(): typeof AdapterPg {
  // pg first, so that the adapter's own require of it finds it loaded.
  postgresDriver();
  return load("@prisma/adapter-pg") as typeof AdapterPg;
}

/**
 * pg 8.23 asks, as its stream module loads, whether it runs in a Cloudflare Worker: by
 * `navigator.userAgent`, and where there is no `navigator` (Node 20) by building a `Response`, which
 * loads Node's whole fetch implementation (undici): ~45 ms of CPU, a sixth of a no-change
 * `baton scan --agents` on PostgreSQL. For that one load a `navigator` answers as Node 21+'s does;
 * it is removed right after, so nothing else sees it.
 */
function withoutCloudflareProbe<T>(work: () => T): T {
  if ("navigator" in globalThis) return work();
  Object.defineProperty(globalThis, "navigator", { value: { userAgent: `Node.js/${process.versions.node.split(".")[0]}` }, configurable: true, writable: true });
  try {
    return work();
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator;
  }
}
