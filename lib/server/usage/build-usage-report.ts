/**
 * The documents `baton report <kind> --json` prints and `GET /api/usage/<kind>` answers, built once
 * for both: rows from the rollups (or the requests when rollups cannot answer, usage-source.ts),
 * blocks from the last true start before the range (usage-blocks.ts). No HTTP here: the CLI loads it.
 */
import type { Breakdown } from "../../core/usage/aggregate";
import type { PlanLimit } from "../../core/usage/blocks";
import { blocksDocument, periodReport, sessionReport, type ReportKind } from "../../core/usage/report";
import type { SqlReader } from "../db/sql-reader";
import { loadReportSessions, loadUsage } from "./load-usage";
import { loadPriceTable, type LoadedPriceTable } from "./price-table";
import { rangeBlocks } from "./usage-blocks";
import { rangeInstants, readUsage } from "./usage-source";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UsageReportOptions {
  timeZone: string;
  since: string | null;
  until: string | null;
  breakdown: Breakdown;
  runtime: string | null;
  limit: PlanLimit | null;
  weekLimit: PlanLimit | null;
  now: number;
}

/** A report document and how many stored chunks the request path could not read (0 from rollups). */
export async function buildUsageReport(sql: SqlReader, kind: ReportKind, options: UsageReportOptions, prices: LoadedPriceTable = loadPriceTable()) {
  const reportOptions = {
    timeZone: options.timeZone,
    since: options.since,
    until: options.until,
    breakdown: options.breakdown,
    now: options.now,
    limit: options.limit,
    weekLimit: options.weekLimit,
    pricesReadOn: prices.table.readOn,
    priceOverrideFile: prices.overrideRead ? prices.overrideFile : null,
  };
  if (kind === "blocks") {
    const { sinceMs, untilMs } = rangeInstants(options.since, options.until);
    const built = await rangeBlocks(sql, prices.table, { sinceMs, untilMs, runtime: options.runtime, now: options.now, limit: options.limit });
    // The week limit names the request that crossed it: the current week's requests (8 days cover any zone).
    const week = options.weekLimit ? await loadUsage(sql, prices.table, { sinceMs: options.now - 8 * DAY_MS, untilMs: options.now, runtime: options.runtime }) : null;
    return { document: blocksDocument(built.blocks, week?.entries ?? null, reportOptions), unreadableChunks: built.unreadableChunks + (week?.unreadableChunks ?? 0) };
  }
  if (kind === "session") {
    const ranged = Boolean(options.since || options.until);
    const usage = await readUsage(sql, prices.table, { timeZone: options.timeZone, since: options.since, until: options.until, runtime: options.runtime, grain: { bySlot: ranged, bySession: true, breakdown: null } });
    const ids = new Set(usage.entries.map((entry) => entry.sessionId));
    // Thousands of sessions: one read of them all beats dozens of `IN (…)` batches.
    const sessions = ids.size > 2_000 ? await loadReportSessions(sql, { runtime: options.runtime }) : await loadReportSessions(sql, { sessionIds: [...ids] });
    return { document: sessionReport(usage.entries, sessions, reportOptions), unreadableChunks: usage.unreadableChunks };
  }
  const usage = await readUsage(sql, prices.table, { timeZone: options.timeZone, since: options.since, until: options.until, runtime: options.runtime, grain: { bySlot: true, bySession: false, breakdown: options.breakdown } });
  // Rows by repo are keyed by its path (unique); each also names the repo (`repoName`).
  const repoNames = options.breakdown === "repo" ? await loadRepoNames(sql) : undefined;
  return { document: periodReport(kind, usage.entries, { ...reportOptions, repoNames }), unreadableChunks: usage.unreadableChunks };
}

/** Repo path → the repo's name, for rows broken down by repo. */
async function loadRepoNames(sql: SqlReader): Promise<Map<string, string>> {
  const rows = await sql.query<{ path: string; name: string }>(`SELECT "path", "name" FROM "Repo"`);
  return new Map(rows.map((row) => [row.path, row.name]));
}
