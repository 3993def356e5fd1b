/**
 * 5-hour blocks for a range, costing what the range costs. A block's start depends on the blocks
 * before it, but only back to the last true start: the first request after a silence of more than
 * 5 hours (or the first request ever). So the blocks are built from the last such start before the
 * range, found on the per-slot timeline of the rollups (first and last request of each quarter
 * hour), up to the first request after the range (which decides a trailing gap). The blocks are the
 * ones a build over all history gives (rollups.test.ts holds the two to each other on both databases).
 *
 * A plan limit's `reachedAt` names the request that crossed it, which rollup rows cannot: the
 * requests of each block that reached its limit are read back for it.
 */
import { BLOCK_MS, limitReachedAt, usageBlocks, type PlanLimit, type UsageBlock } from "../../core/usage/blocks";
import type { UsageEntry } from "../../core/usage/aggregate";
import type { PriceTable } from "../../core/usage/prices";
import { firstSlotFrom, NO_TIME_SLOT } from "../../core/usage/rollup";
import type { SqlReader } from "../db/sql-reader";
import { toNumber } from "../sessions/session-ids";
import { loadUsage } from "./load-usage";
import { COUNTED_SESSIONS, readRollupEntries } from "./rollups-read";
import { rollupsUsable } from "./usage-source";

export interface BlocksOptions {
  /** Blocks ending before this instant, or starting after `untilMs`, are not needed (null: open). */
  sinceMs: number | null;
  untilMs: number | null;
  runtime?: string | null;
  now: number;
  limit?: PlanLimit | null;
}

/** Timeline slots read per query while looking back for a true start. */
const TIMELINE_PAGE = 2000;

interface TimelineRow {
  slot: unknown;
  firstMs: unknown;
  lastMs: unknown;
}

function runtimeFilter(runtime: string | null | undefined): { sql: string; params: string[] } {
  return runtime ? { sql: ` AND s."runtime" = ?`, params: [runtime] } : { sql: "", params: [] };
}

/**
 * The slot of the last true block start at or before `boundSlot`: a slot whose first request comes
 * more than 5 hours after the previous slot's last, or the first slot of all (null: nothing before).
 */
export async function trueStartBefore(sql: SqlReader, boundSlot: number, runtime: string | null | undefined, pageSize = TIMELINE_PAGE): Promise<number | null> {
  const filter = runtimeFilter(runtime);
  let later: { slot: number; firstMs: number } | null = null;
  let before = boundSlot + 1;
  for (;;) {
    const rows = await sql.query<TimelineRow>(
      `SELECT u."slot" AS "slot", MIN(u."firstMs") AS "firstMs", MAX(u."lastMs") AS "lastMs"
       FROM "UsageRollup" u JOIN "AgentSession" s ON s."id" = u."sessionId"
       WHERE ${COUNTED_SESSIONS} AND u."slot" < ? AND u."slot" > ?${filter.sql}
       GROUP BY u."slot" ORDER BY u."slot" DESC LIMIT ${Math.max(1, Math.floor(pageSize))}`,
      [before, NO_TIME_SLOT, ...filter.params],
    );
    for (const row of rows) {
      const slot = toNumber(row.slot);
      if (later !== null && later.firstMs - toNumber(row.lastMs) > BLOCK_MS) return later.slot;
      later = { slot, firstMs: toNumber(row.firstMs) };
    }
    if (rows.length < pageSize) return later?.slot ?? null;
    before = later!.slot;
  }
}

/** The first slot with a request after `slot` (null: none). */
async function nextSlotAfter(sql: SqlReader, slot: number, runtime: string | null | undefined): Promise<number | null> {
  const filter = runtimeFilter(runtime);
  const rows = await sql.query<{ slot: unknown }>(
    `SELECT MIN(u."slot") AS "slot" FROM "UsageRollup" u JOIN "AgentSession" s ON s."id" = u."sessionId" WHERE ${COUNTED_SESSIONS} AND u."slot" > ?${filter.sql}`,
    [slot, ...filter.params],
  );
  const found = rows[0]?.slot;
  return found === null || found === undefined ? null : toNumber(found);
}

/** The entries blocks are built from for the range: rollup rows when usable, else every request. */
export async function blockEntries(sql: SqlReader, table: PriceTable, options: BlocksOptions): Promise<{ entries: UsageEntry[]; fromRollups: boolean; unreadableChunks: number }> {
  if (!(await rollupsUsable(sql, table))) {
    const usage = await loadUsage(sql, table, { runtime: options.runtime ?? null });
    return { entries: usage.entries, fromRollups: false, unreadableChunks: usage.unreadableChunks };
  }
  const fromSlot = options.sinceMs === null ? null : await trueStartBefore(sql, firstSlotFrom(options.sinceMs), options.runtime);
  let toSlot: number | null = null;
  if (options.untilMs !== null) {
    // A block that starts in the range ends within 5 hours; the first request after that decides
    // whether a gap follows it.
    const last = firstSlotFrom(options.untilMs + BLOCK_MS) + 1;
    toSlot = (await nextSlotAfter(sql, last, options.runtime)) ?? last;
  }
  const entries = await readRollupEntries(sql, table, { bySlot: true, bySession: false, breakdown: null }, { fromSlot, toSlot, withoutTime: false, runtime: options.runtime ?? null });
  return { entries, fromRollups: true, unreadableChunks: 0 };
}

/** Blocks covering the range (and what came just before and after it), limits resolved to the request. */
export async function rangeBlocks(sql: SqlReader, table: PriceTable, options: BlocksOptions): Promise<{ blocks: UsageBlock[]; unreadableChunks: number }> {
  const { entries, fromRollups, unreadableChunks } = await blockEntries(sql, table, options);
  const blocks = usageBlocks(entries, { now: options.now, limit: options.limit ?? null });
  const limit = options.limit;
  if (fromRollups && limit) {
    const since = options.sinceMs ?? -Infinity;
    const until = options.untilMs === null ? Infinity : options.untilMs + BLOCK_MS;
    for (const block of blocks) {
      if (block.isGap || !block.limit || block.limit.reachedAt === null) continue;
      const startMs = Date.parse(block.startTime);
      const endMs = Date.parse(block.actualEndTime ?? block.endTime);
      // Blocks outside the range are dropped by the caller: their requests are not worth reading.
      if (endMs < since || startMs > until) continue;
      const requests = await loadUsage(sql, table, { sinceMs: startMs, untilMs: endMs, runtime: options.runtime ?? null });
      block.limit.reachedAt = limitReachedAt(
        requests.entries.filter((entry) => entry.timestampMs !== null && entry.timestampMs >= startMs && entry.timestampMs <= endMs),
        limit,
      );
    }
  }
  return { blocks, unreadableChunks };
}
