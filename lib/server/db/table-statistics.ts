/**
 * Planner statistics after bulk writes. PostgreSQL plans from `pg_class.reltuples` and the column
 * statistics ANALYZE gathers; autovacuum gathers them only a while after a large load (and never
 * inside the scan's transaction), so right after a first ingest the planner took 15,014 sessions
 * for 70 and chose a nested loop that discarded 32 M rows (4.3 s; 26 ms after ANALYZE). A scan
 * therefore analyzes, before it returns, each table it grew or shrank by more than a tenth since
 * that table's last statistics (or that never had any): a catalog read when nothing moved.
 * SQLite gets `PRAGMA optimize`, which analyzes the tables whose row counts moved enough to matter.
 */
import type { BulkWriter } from "./bulk";

/**
 * Tables the session ingest grows that pages join and filter (the sessions list, the usage views).
 * The others (samples, file states, issues) are only read by an indexed id, whatever the estimates:
 * analyzing them too cost a 1x ingest ~1 s more on PostgreSQL (autovacuum gets to them later).
 */
export const SESSION_TABLES = ["AgentSession", "UsageRollup", "SessionHandoffLink"] as const;
/** Tables the handoff scan grows that the handoff pages join and filter. */
export const HANDOFF_TABLES = ["Handoff", "HandoffOccurrence", "HandoffFinding", "ChainEdge"] as const;

/** A table is analyzed when its size moved by more than this share of the size its statistics saw. */
const MOVED_SHARE = 0.1;
/** …and by more than this many pages (small tables change share quickly and plan the same). */
const MOVED_PAGES = 8;

interface TableSize {
  relname: string;
  reltuples: unknown;
  relpages: unknown;
  pages: unknown;
}

/** Whether a table's statistics are missing or describe a size that moved too much since. */
export function statisticsAreStale(size: { reltuples: number; relpages: number; pages: number }): boolean {
  if (size.reltuples < 0) return size.pages > 0;
  return Math.abs(size.pages - size.relpages) > Math.max(MOVED_PAGES, size.relpages * MOVED_SHARE);
}

/** ANALYZEs (PostgreSQL) the given tables whose statistics are stale; `PRAGMA optimize` on SQLite. Returns the tables analyzed. */
export async function refreshStatistics(bulk: BulkWriter, tables: readonly string[]): Promise<string[]> {
  if (bulk.provider === "sqlite") {
    await bulk.execute("PRAGMA optimize");
    return [];
  }
  const sizes = await bulk.query<TableSize>(
    `SELECT c."relname", c."reltuples", c."relpages", pg_relation_size(c."oid") / current_setting('block_size')::int AS "pages"
     FROM pg_class c JOIN pg_namespace n ON n."oid" = c."relnamespace"
     WHERE n."nspname" = current_schema() AND c."relkind" = 'r' AND c."relname" IN (${tables.map(() => "?").join(", ")})`,
    [...tables],
  );
  const stale = sizes
    .filter((size) => statisticsAreStale({ reltuples: Number(size.reltuples), relpages: Number(size.relpages), pages: Number(size.pages) }))
    .map((size) => size.relname)
    .sort();
  if (stale.length > 0) await bulk.execute(`ANALYZE ${stale.map((name) => `"${name.replace(/"/g, '""')}"`).join(", ")}`);
  return stale;
}
