/**
 * `GET /api/usage/<daily|weekly|monthly|session|blocks>`: the documents `baton report <kind> --json`
 * prints, from the same query options (`since`, `until` as YYYYMMDD or YYYY-MM-DD, `timezone`,
 * `breakdown`, `runtime`, `limit`, `weekLimit`), read from the database only (no scan).
 */
import { notFound } from "../app-error";
import { z } from "zod";
import { isTimeZone, normaliseDateArgument } from "../../core/usage/periods";
import { blocksReport, periodReport, sessionReport, type ReportKind } from "../../core/usage/report";
import type { SqlReader } from "../db/sql-reader";
import { loadUsage } from "./load-usage";
import { loadPriceTable } from "./price-table";
import { parsePlanLimit } from "../../core/usage/plan-limit";

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

export async function usageReport(sql: SqlReader, kind: string, query: UsageReportQuery, now = Date.now()) {
  if (!KINDS.has(kind as ReportKind)) throw notFound(`no such report: ${kind} (daily, weekly, monthly, session, blocks)`);
  const prices = loadPriceTable();
  const since = query.since || null;
  const until = query.until || null;
  const options = {
    timeZone: query.timezone,
    since,
    until,
    breakdown: query.breakdown ?? null,
    now,
    limit: parsePlanLimit(query.limit),
    weekLimit: parsePlanLimit(query.weekLimit),
    pricesReadOn: prices.table.readOn,
    priceOverrideFile: prices.overrideRead ? prices.overrideFile : null,
  };
  const range = kind === "blocks" ? {} : { sinceMs: since ? Date.parse(`${since}T00:00:00Z`) : null, untilMs: until ? Date.parse(`${until}T23:59:59.999Z`) : null };
  const usage = await loadUsage(sql, prices.table, { ...range, runtime: query.runtime ?? null });
  const document = kind === "blocks" ? blocksReport(usage.entries, options) : kind === "session" ? sessionReport(usage.entries, usage.sessions, options) : periodReport(kind as "daily" | "weekly" | "monthly", usage.entries, options);
  return { ...document, priceProblems: prices.problems };
}
