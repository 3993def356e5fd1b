/**
 * Usage entries from the stored rollups (rollup.ts), summed in SQL to the grain a view needs: per
 * slot (dates in any zone, blocks) or not, per session or not, per breakdown column or not, always
 * per runtime, model and band (what rows are priced by). Each row becomes one UsageEntry standing
 * for its requests, so lib/core/usage builds the same documents from it as from the requests.
 */
import type { Breakdown, UsageEntry } from "../../core/usage/aggregate";
import { TOKEN_FIELDS } from "../../core/tokens";
import type { PriceTable } from "../../core/usage/prices";
import type { OffsetSegment } from "../../core/usage/periods";
import { firstSlotFrom, NO_TIME_SLOT, QUARTER_HOUR_MS, rollupEntry } from "../../core/usage/rollup";
import type { SqlReader } from "../db/sql-reader";
import { chunks, toNumber } from "../sessions/session-ids";

export interface RollupGrain {
  /** One entry per slot (else the rows of every slot are summed). */
  bySlot: boolean;
  /**
   * With bySlot: one entry per local date instead, from the zone's offsets over the rows read (each
   * slot's date is arithmetic on its offset, the date dateInZone gives it): a year of days, not of
   * quarter hours. The caller guarantees the rows read lie inside the segments (slots of 1970–9999).
   */
  daySegments?: OffsetSegment[] | null;
  /** One entry per main session. */
  bySession: boolean;
  /** The column a report breaks down by (runtime is always kept). */
  breakdown: Breakdown;
}

export interface RollupFilter {
  /** Inclusive slot bounds (null: open). */
  fromSlot?: number | null;
  toSlot?: number | null;
  /** Keep requests without a time (only reports without a range count them). */
  withoutTime: boolean;
  runtime?: string | null;
  sessionIds?: readonly string[] | null;
}

interface RollupRow {
  slot?: unknown;
  runtime: string;
  sessionId?: string;
  repo?: string | null;
  branch?: string | null;
  model: string;
  band: unknown;
  requests: unknown;
  inputTokens: unknown;
  cacheWriteTokens: unknown;
  cacheWrite1hTokens: unknown;
  cacheReadTokens: unknown;
  outputTokens: unknown;
  reasoningTokens: unknown;
  pricedReasoningTokens: unknown;
  recordedRequests: unknown;
  recordedCostNanoUsd: unknown;
  firstMs: unknown;
  lastMs: unknown;
}

/** The summed columns: the token counts (tokens.ts) and the rollup's own. */
const SUMS = ["requests", ...TOKEN_FIELDS, "cacheWrite1hTokens", "pricedReasoningTokens", "recordedRequests", "recordedCostNanoUsd"] as const;

/** Session ids per query: keeps `IN (…)` lists well under both providers' parameter limits. */
const ID_BATCH = 400;

/** The main sessions that count (not subagents, not a telemetry copy another source superseded). */
export const COUNTED_SESSIONS = `s."parentId" IS NULL AND s."supersededById" IS NULL`;

export async function readRollupEntries(sql: SqlReader, table: PriceTable, grain: RollupGrain, filter: RollupFilter): Promise<UsageEntry[]> {
  if (filter.sessionIds) {
    const entries: UsageEntry[] = [];
    for (const ids of chunks(filter.sessionIds, ID_BATCH)) entries.push(...(await readBatch(sql, table, grain, filter, ids)));
    return entries;
  }
  return readBatch(sql, table, grain, filter, null);
}

async function readBatch(sql: SqlReader, table: PriceTable, grain: RollupGrain, filter: RollupFilter, sessionIds: readonly string[] | null): Promise<UsageEntry[]> {
  const keys: string[] = [];
  if (grain.bySlot && grain.daySegments) keys.push(`${localDay(grain.daySegments)} AS "slot"`);
  else if (grain.bySlot) keys.push(`u."slot" AS "slot"`);
  keys.push(`s."runtime" AS "runtime"`);
  if (grain.bySession) keys.push(`u."sessionId" AS "sessionId"`);
  if (grain.breakdown === "repo") keys.push(`r."path" AS "repo"`);
  if (grain.breakdown === "branch") keys.push(`s."branch" AS "branch"`);
  keys.push(`u."model" AS "model"`, `u."band" AS "band"`);
  const groupBy = keys.map((key) => key.slice(0, key.lastIndexOf(" AS ")));
  const where = [COUNTED_SESSIONS];
  const params: (string | number)[] = [];
  if (filter.fromSlot !== null && filter.fromSlot !== undefined) {
    where.push(`u."slot" >= ?`);
    params.push(filter.fromSlot);
  }
  if (filter.toSlot !== null && filter.toSlot !== undefined) {
    where.push(`u."slot" <= ?`);
    params.push(filter.toSlot);
  }
  if (!filter.withoutTime) {
    where.push(`u."slot" <> ?`);
    params.push(NO_TIME_SLOT);
  }
  if (filter.runtime) {
    where.push(`s."runtime" = ?`);
    params.push(filter.runtime);
  }
  if (sessionIds) {
    if (sessionIds.length === 0) return [];
    where.push(`u."sessionId" IN (${sessionIds.map(() => "?").join(", ")})`);
    params.push(...sessionIds);
  }
  const rows = await sql.query<RollupRow>(
    `SELECT ${keys.join(", ")}, ${SUMS.map((column) => `SUM(u."${column}") AS "${column}"`).join(", ")}, MIN(u."firstMs") AS "firstMs", MAX(u."lastMs") AS "lastMs"
     FROM "UsageRollup" u JOIN "AgentSession" s ON s."id" = u."sessionId"${grain.breakdown === "repo" ? ` LEFT JOIN "Repo" r ON r."id" = s."repoId"` : ""}
     WHERE ${where.join(" AND ")}
     GROUP BY ${groupBy.join(", ")}`,
    params,
  );
  return rows.map((row) => entryOf(row, table));
}

/**
 * SQL for a slot's local day number (days since 1970-01-01 in the zone): the quarter hour's start
 * plus its segment's offset, in whole days. Literals, not parameters: PostgreSQL cannot type a
 * parameter in a CASE result, and these are integers computed here.
 */
function localDay(segments: readonly OffsetSegment[]): string {
  const literal = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  };
  const offset =
    segments.length === 1
      ? literal(segments[0]!.offsetMs)
      : `CASE ${segments
          .slice(1)
          .map((segment, index) => `WHEN u."slot" < ${literal(firstSlotFrom(segment.fromMs))} THEN ${literal(segments[index]!.offsetMs)}`)
          .join(" ")} ELSE ${literal(segments[segments.length - 1]!.offsetMs)} END`;
  return `(((u."slot" / 2) * ${QUARTER_HOUR_MS} + ${offset}) / ${24 * 60 * 60 * 1000})`;
}

function entryOf(row: RollupRow, table: PriceTable): UsageEntry {
  const nullable = (value: unknown) => (value === null || value === undefined ? null : toNumber(value));
  return rollupEntry(
    {
      model: row.model === "" ? null : row.model,
      band: toNumber(row.band),
      requests: toNumber(row.requests),
      inputTokens: toNumber(row.inputTokens),
      cacheWriteTokens: toNumber(row.cacheWriteTokens),
      cacheWrite1hTokens: toNumber(row.cacheWrite1hTokens),
      cacheReadTokens: toNumber(row.cacheReadTokens),
      outputTokens: toNumber(row.outputTokens),
      reasoningTokens: toNumber(row.reasoningTokens),
      pricedReasoningTokens: toNumber(row.pricedReasoningTokens),
      recordedRequests: toNumber(row.recordedRequests),
      recordedCostNanoUsd: toNumber(row.recordedCostNanoUsd),
      firstMs: nullable(row.firstMs),
      lastMs: nullable(row.lastMs),
    },
    { runtime: row.runtime, sessionId: row.sessionId ?? "", repo: row.repo ?? null, branch: row.branch ?? null },
    table,
  );
}
