/**
 * Everything the /usage page shows, from its URL: the range and zone, the chart (by day, week or
 * month; stacked by runtime, model or repo; tokens or cost), ccusage's daily rows with totals, and
 * the 5-hour blocks with the active one's burn rate, projection and the plan limit.
 */
import { z } from "zod";
import { periodRows, sumUsageRows, totalsOf, type PeriodRow } from "../../core/usage/aggregate";
import type { PlanLimit } from "../../core/usage/blocks";
import { parsePlanLimit } from "../../core/usage/plan-limit";
import { dateInZone, isTimeZone, normaliseDateArgument, type PeriodKind } from "../../core/usage/periods";
import { prepareUsageChart } from "../../core/usage/prepare-usage-chart";
import { weekLimitStatus } from "../../core/usage/week-limit";
import { parseSearchParams } from "../../core/search-params";
import type { PriceTable } from "../../core/usage/prices";
import type { Db } from "../db/client";
import type { SqlReader } from "../db/sql-reader";
import { usageSqlFor } from "./usage-sql";
import { loadUsage } from "./load-usage";
import { loadPriceTable } from "./price-table";
import { rangeBlocks } from "./usage-blocks";
import { rangeInstants, readUsage } from "./usage-source";

export const usagePageSchema = z.object({
  period: z.enum(["day", "week", "month"]).default("day"),
  by: z.enum(["runtime", "model", "repo"]).default("runtime"),
  metric: z.enum(["tokens", "cost"]).default("tokens"),
  since: z.string().optional(),
  until: z.string().optional(),
  tz: z.string().optional(),
  /** A plan limit per 5-hour block: tokens ("5000000", "5M") or cost ("$50"). */
  limit: z.string().optional(),
  /** A plan limit per calendar week, the same forms. */
  weekLimit: z.string().optional(),
});
export type UsagePageParams = z.infer<typeof usagePageSchema>;

export function parseUsageParams(params: Record<string, string | string[] | undefined>): UsagePageParams {
  return parseSearchParams(usagePageSchema, params);
}

const KIND: Record<UsagePageParams["period"], PeriodKind> = { day: "daily", week: "weekly", month: "monthly" };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Period rows the page's table draws at most (the latest); the Total row covers all of them. */
export const USAGE_TABLE_ROWS = 92;

export async function getUsagePage(db: Db, params: UsagePageParams, now = Date.now()) {
  const timeZone = params.tz && isTimeZone(params.tz) ? params.tz : "UTC";
  const today = dateInZone(timeZone)(now);
  const until = (params.until && normaliseDateArgument(params.until)) || today;
  const defaultSince = new Date(Date.parse(`${until}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  let since = (params.since && normaliseDateArgument(params.since)) || defaultSince;
  if (since > until) since = until;
  const prices = loadPriceTable();
  const sql = usageSqlFor(db);
  const kind = KIND[params.period];
  const limit = parsePlanLimit(params.limit);
  const weekLimitAsked = parsePlanLimit(params.weekLimit);
  const { sinceMs, untilMs } = rangeInstants(since, until);
  const [usage, built, week] = await Promise.all([
    readUsage(sql, prices.table, { timeZone, since, until, grain: { bySlot: true, bySession: false, breakdown: params.by } }),
    latestBlocks(sql, prices.table, { sinceMs: sinceMs!, untilMs: untilMs!, now, limit }),
    // The current week's usage needs the current week's requests, whatever range the page shows.
    weekLimitAsked ? loadUsage(sql, prices.table, { sinceMs: now - 8 * DAY_MS, untilMs: now }) : null,
  ]);
  // One pass over the entries: rows per period and group for the chart, summed per period for the table.
  const chartRows = periodRows(usage.entries, { kind, timeZone, since, until, breakdown: params.by });
  const chart = prepareUsageChart(chartRows, { kind, metric: params.metric, since, until, breakdownIsRuntime: params.by === "runtime" });
  const tableRows = rowsPerPeriod(chartRows);
  const totals = totalsOf(tableRows);
  const weekLimit = weekLimitAsked && week ? weekLimitStatus(week.entries, weekLimitAsked, { now, timeZone }) : null;
  const dateOf = dateInZone(timeZone);
  const blocks = built.blocks
    .filter((block) => !block.isGap)
    .filter((block) => dateOf(Date.parse(block.startTime)) <= until && dateOf(Date.parse(block.actualEndTime ?? block.endTime)) >= since);
  return {
    timeZone,
    since,
    until,
    params,
    chart,
    // The latest periods only: thousands of days would be megabytes of HTML (the totals cover all).
    rows: tableRows.slice(-USAGE_TABLE_ROWS),
    rowsLeftOut: Math.max(0, tableRows.length - USAGE_TABLE_ROWS),
    totals,
    blocks: blocks.slice(-24),
    activeBlock: blocks.find((block) => block.isActive) ?? null,
    limit,
    weekLimit,
    pricesReadOn: prices.table.readOn,
    priceProblems: prices.problems,
    unreadableChunks: usage.unreadableChunks + built.unreadableChunks + (week?.unreadableChunks ?? 0),
  };
}
export type UsagePageData = Awaited<ReturnType<typeof getUsagePage>>;

/** The blocks the page draws: the latest ones of its range. */
const PAGE_BLOCKS = 24;

/**
 * The latest blocks of the range, built over the range's last days only (8, then 32, 128… until
 * PAGE_BLOCKS of them end inside the window, or the window is the range): an all-time page costs
 * what its last blocks cost, not a build over years. Blocks are exact from any window's start
 * (usage-blocks.ts looks back for the true start).
 */
async function latestBlocks(sql: SqlReader, table: PriceTable, options: { sinceMs: number; untilMs: number; now: number; limit: PlanLimit | null }) {
  for (let days = 8; ; days *= 4) {
    const windowStart = Math.max(options.sinceMs, options.untilMs - days * DAY_MS);
    const built = await rangeBlocks(sql, table, { ...options, sinceMs: windowStart });
    const inside = built.blocks.filter((block) => !block.isGap && Date.parse(block.actualEndTime ?? block.endTime) >= windowStart);
    if (windowStart === options.sinceMs || inside.length >= PAGE_BLOCKS) return built;
  }
}

/** Rows per period and group summed per period (the table's rows), in period order. */
export function rowsPerPeriod(rows: readonly PeriodRow[]): PeriodRow[] {
  const byPeriod = new Map<string, PeriodRow[]>();
  for (const row of rows) {
    const list = byPeriod.get(row.period);
    if (list) list.push(row);
    else byPeriod.set(row.period, [row]);
  }
  return [...byPeriod].map(([period, group]) => {
    if (group.length === 1) return { ...group[0]!, group: "" };
    const sum = sumUsageRows(group);
    return { ...sum, modelsUsed: [...new Set(group.flatMap((row) => row.modelsUsed))], period, group: "" };
  });
}
