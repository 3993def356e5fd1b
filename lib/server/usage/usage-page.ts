/**
 * Everything the /usage page shows, from its URL: the range and zone, the chart (by day, week or
 * month; stacked by runtime, model or repo; tokens or cost), ccusage's daily rows with totals, and
 * the 5-hour blocks with the active one's burn rate, projection and the plan limit.
 */
import { z } from "zod";
import { periodRows, totalsOf } from "../../core/usage/aggregate";
import { usageBlocks } from "../../core/usage/blocks";
import { parsePlanLimit } from "../../core/usage/plan-limit";
import { dateInZone, isTimeZone, normaliseDateArgument, type PeriodKind } from "../../core/usage/periods";
import { prepareUsageChart } from "../../core/usage/prepare-usage-chart";
import { weekLimitStatus } from "../../core/usage/week-limit";
import { parseSearchParams } from "../../core/search-params";
import type { Db } from "../db/client";
import { sqlReaderFor } from "../db/sql-reader";
import { loadUsage } from "./load-usage";
import { loadPriceTable } from "./price-table";

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

export async function getUsagePage(db: Db, params: UsagePageParams, now = Date.now()) {
  const timeZone = params.tz && isTimeZone(params.tz) ? params.tz : "UTC";
  const today = dateInZone(timeZone)(now);
  const until = (params.until && normaliseDateArgument(params.until)) || today;
  const defaultSince = new Date(Date.parse(`${until}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  let since = (params.since && normaliseDateArgument(params.since)) || defaultSince;
  if (since > until) since = until;
  const prices = loadPriceTable();
  const usage = await loadUsage(sqlReaderFor(db), prices.table, { sinceMs: Date.parse(`${since}T00:00:00Z`), untilMs: Date.parse(`${until}T23:59:59.999Z`) });
  const kind = KIND[params.period];
  const chartRows = periodRows(usage.entries, { kind, timeZone, since, until, breakdown: params.by });
  const chart = prepareUsageChart(chartRows, { kind, metric: params.metric, since, until, breakdownIsRuntime: params.by === "runtime" });
  const tableRows = periodRows(usage.entries, { kind, timeZone, since, until });
  const totals = totalsOf(tableRows);
  const limit = parsePlanLimit(params.limit);
  const weekLimitAsked = parsePlanLimit(params.weekLimit);
  // The current week's usage needs the current week's requests, whatever range the page shows.
  const weekLimit = weekLimitAsked
    ? weekLimitStatus((await loadUsage(sqlReaderFor(db), prices.table, { sinceMs: now - 8 * DAY_MS, untilMs: now })).entries, weekLimitAsked, { now, timeZone })
    : null;
  const dateOf = dateInZone(timeZone);
  const blocks = usageBlocks(usage.entries, { now, limit })
    .filter((block) => !block.isGap)
    .filter((block) => dateOf(Date.parse(block.startTime)) <= until && dateOf(Date.parse(block.actualEndTime ?? block.endTime)) >= since);
  return {
    timeZone,
    since,
    until,
    params,
    chart,
    rows: tableRows.map((row) => ({ ...row, period: row.period })),
    totals,
    blocks: blocks.slice(-24),
    activeBlock: blocks.find((block) => block.isActive) ?? null,
    limit,
    weekLimit,
    pricesReadOn: prices.table.readOn,
    priceProblems: prices.problems,
    unreadableChunks: usage.unreadableChunks,
  };
}
export type UsagePageData = Awaited<ReturnType<typeof getUsagePage>>;
