/**
 * The documents `baton report <kind> --json` prints and `GET /api/usage/<kind>` answers, built once
 * for both: rows from the rollups (or the requests when rollups cannot answer, usage-source.ts), blocks
 * from the last true start before the range (usage-blocks.ts). The API reads the database only (no
 * scan); its query options are `since`, `until` (YYYYMMDD or YYYY-MM-DD), `timezone`, `breakdown`,
 * `runtime`, `limit`, `weekLimit`.
 */
import { z } from "zod";
import type { Breakdown } from "../../core/usage/aggregate";
import type { PlanLimit } from "../../core/usage/blocks";
import { isTimeZone, normaliseDateArgument } from "../../core/usage/periods";
import { blocksDocument, periodReport, sessionReport, type ReportKind } from "../../core/usage/report";
import { NotFoundError } from "../http";
import type { SqlReader } from "../sessions/sql-reader";
import { loadUsage, loadUsageSessions } from "./load-usage";
import { loadPriceTable, type LoadedPriceTable } from "./price-table";
import { rangeBlocks } from "./usage-blocks";
import { parsePlanLimit } from "./usage-page";
import { rangeInstants, readUsage } from "./usage-source";

const date = z
  .string()
  .transform((value, context) => {
    const normalised = normaliseDateArgument(value);
    if (normalised === null) context.addIssue({ code: "custom", message: "a date as YYYYMMDD or YYYY-MM-DD" });
    return normalised ?? "";
  })
  .optional();

export const usageReportQuerySchema = z.object({
  since: date,
  until: date,
  timezone: z.string().refine(isTimeZone, "an IANA time zone such as Europe/Berlin, or UTC").default("UTC"),
  breakdown: z.enum(["model", "runtime", "repo", "branch"]).optional(),
  runtime: z.string().optional(),
  limit: z.string().optional(),
  weekLimit: z.string().optional(),
});
export type UsageReportQuery = z.infer<typeof usageReportQuerySchema>;

const KINDS = new Set<ReportKind>(["daily", "weekly", "monthly", "session", "blocks"]);
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
    const usage = await readUsage(sql, prices.table, { since: options.since, until: options.until, runtime: options.runtime, grain: { bySlot: ranged, bySession: true, breakdown: null } });
    const sessions = await loadUsageSessions(sql, { sessionIds: [...new Set(usage.entries.map((entry) => entry.sessionId))] });
    return { document: sessionReport(usage.entries, sessions, reportOptions), unreadableChunks: usage.unreadableChunks };
  }
  const usage = await readUsage(sql, prices.table, { since: options.since, until: options.until, runtime: options.runtime, grain: { bySlot: true, bySession: false, breakdown: options.breakdown } });
  return { document: periodReport(kind, usage.entries, reportOptions), unreadableChunks: usage.unreadableChunks };
}

export async function usageReport(sql: SqlReader, kind: string, query: UsageReportQuery, now = Date.now()) {
  if (!KINDS.has(kind as ReportKind)) throw new NotFoundError(`no such report: ${kind} (daily, weekly, monthly, session, blocks)`);
  const prices = loadPriceTable();
  const { document } = await buildUsageReport(
    sql,
    kind as ReportKind,
    {
      timeZone: query.timezone,
      since: query.since || null,
      until: query.until || null,
      breakdown: query.breakdown ?? null,
      runtime: query.runtime ?? null,
      limit: parsePlanLimit(query.limit),
      weekLimit: parsePlanLimit(query.weekLimit),
      now,
    },
    prices,
  );
  return { ...document, priceProblems: prices.problems };
}
