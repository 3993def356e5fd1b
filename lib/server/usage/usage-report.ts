/**
 * `GET /api/usage/<daily|weekly|monthly|session|blocks>`: the documents `baton report <kind> --json`
 * prints (build-usage-report.ts), from the same query options (`since`, `until` as YYYYMMDD or
 * YYYY-MM-DD, `timezone`, `breakdown`, `runtime`, `limit`, `weekLimit`), read from the database only
 * (no scan).
 */
import { notFound } from "../app-error";
import { z } from "zod";
import { isTimeZone, normaliseDateArgument } from "../../core/usage/periods";
import type { ReportKind } from "../../core/usage/report";
import type { SqlReader } from "../db/sql-reader";
import { buildUsageReport } from "./build-usage-report";
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
