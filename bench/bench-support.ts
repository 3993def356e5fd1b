/**
 * What several benchmarks share: a whole command timed as a user runs it (with its peak memory), the
 * reference ccusage 20.0.24 installed into a cache folder outside git (bench/.tmp/ccusage), and a
 * fresh migrated database of either provider.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";

export interface Measured {
  seconds: number;
  maxRssMiB: number | null;
  /** User + system CPU seconds of the command and its children (null without /usr/bin/time). */
  cpuSeconds: number | null;
  status: number | null;
  stdout: string;
  stderr: string;
}

export const CCUSAGE_VERSION = "20.0.24";

/** A whole command as a user runs it; peak memory from /usr/bin/time when the machine has it. */
export function measureCommand(work: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Measured {
  const timeFile = path.join(work, "time.txt");
  rmSync(timeFile, { force: true });
  const hasTime = existsSync("/usr/bin/time");
  const start = process.hrtime.bigint();
  const result = hasTime
    ? spawnSync("/usr/bin/time", ["-f", "%M %U %S", "-o", timeFile, command, ...commandArgs], { env, encoding: "utf8", maxBuffer: 1 << 30 })
    : spawnSync(command, commandArgs, { env, encoding: "utf8", maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const [rss = NaN, user = NaN, system = NaN] = hasTime && existsSync(timeFile) ? (readFileSync(timeFile, "utf8").trim().split("\n").pop() ?? "").split(" ").map(Number) : [];
  const cpu = user + system;
  return { seconds, maxRssMiB: Number.isFinite(rss) ? Math.round(rss / 1024) : null, cpuSeconds: Number.isFinite(cpu) ? cpu : null, status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/**
 * ccusage 20's `ccusage` is a Node script that starts its native (Rust) program for the platform:
 * that program alone is its summing without the launcher's Node start (0.15–0.4 s here), reported
 * beside the command, not the target (the issue names the command).
 */
export function ccusageNative(work: string): string | null {
  const binary = path.join(work, "ccusage", "node_modules", "@ccusage", `ccusage-${process.platform}-${process.arch}`, "bin", process.platform === "win32" ? "ccusage.exe" : "ccusage");
  return existsSync(binary) ? binary : null;
}

/** ccusage installed (once) with npm into bench/.tmp/ccusage; runs offline with `--offline`. */
export function ensureCcusage(work: string, log: (text: string) => void): { binary: string | null; note: string } {
  const prefix = path.join(work, "ccusage");
  const binary = path.join(prefix, "node_modules", ".bin", "ccusage");
  if (existsSync(binary)) return { binary, note: `ccusage ${CCUSAGE_VERSION} (cached in bench/.tmp/ccusage)` };
  log(`installing ccusage@${CCUSAGE_VERSION} into bench/.tmp/ccusage…`);
  const install = spawnSync("npm", ["install", "--prefix", prefix, `ccusage@${CCUSAGE_VERSION}`, "--no-audit", "--no-fund", "--loglevel=error"], { encoding: "utf8" });
  if (install.status !== 0 || !existsSync(binary)) {
    return { binary: null, note: `SKIPPED: ccusage@${CCUSAGE_VERSION} could not be installed (${(install.stderr || install.stdout || "").trim().split("\n").pop()})` };
  }
  return { binary, note: `ccusage ${CCUSAGE_VERSION}` };
}

/** The PostgreSQL server benchmarks create their databases on (BATON_TEST_DATABASE_URL), or null. */
export function benchPostgresUrl(): string | null {
  const url = process.env.BATON_TEST_DATABASE_URL;
  return url?.startsWith("postgres") ? url : null;
}

/** A fresh, migrated database named after `name` (a SQLite file in `work`, or a PostgreSQL database). */
export async function freshBenchDatabase(work: string, provider: "sqlite" | "postgresql", name: string): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (provider === "sqlite") {
    const filePath = path.join(work, `${name}.db`);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(filePath + suffix, { force: true });
    const target: DatabaseTarget = { provider, url: `file:${filePath}`, filePath };
    await migrateDatabase(target);
    return { target, drop: async () => {} };
  }
  const base = benchPostgresUrl();
  if (base === null) throw new Error("no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
  // BATON_BENCH_DATABASE_PREFIX: a prefix of your own on a shared server (default baton_bench).
  const prefix = (process.env.BATON_BENCH_DATABASE_PREFIX ?? "baton_bench").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
  const database = `${prefix}_${name.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_${process.pid}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  const target: DatabaseTarget = { provider, url: url.toString(), filePath: null };
  await migrateDatabase(target);
  return { target, drop: () => run(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`) };
}
