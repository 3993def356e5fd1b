/**
 * Where a usage view's entries come from: the rollups (rollups-read.ts) when they are current and the
 * price table's tiers all start at a rollup band, else the requests themselves (load-usage.ts), which
 * give the same documents, only slower. Ranges are dates in the report's zone; both sources read a
 * day's margin either side and the core functions keep exactly the dates asked for.
 */
import type { UsageEntry } from "../../core/usage/aggregate";
import type { PriceTable } from "../../core/usage/prices";
import { offsetSegments, type OffsetSegment } from "../../core/usage/periods";
import { bandsCover, firstSlotFrom, NO_TIME_SLOT, QUARTER_HOUR_MS, slotStartMs } from "../../core/usage/rollup";
import { toNumber } from "../sessions/session-ids";
import type { SqlReader } from "../db/sql-reader";
import { loadUsage } from "./load-usage";
import { readRollupEntries, type RollupGrain } from "./rollups-read";
import { rollupsAreCurrent } from "./rollups-write";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UsageReadOptions {
  /** The view's zone: with grain.bySlot, rows are summed per local date in it where that is exact. */
  timeZone?: string | null;
  /** Inclusive YYYY-MM-DD bounds in the view's zone (null: open). */
  since?: string | null;
  until?: string | null;
  runtime?: string | null;
  sessionIds?: readonly string[] | null;
  grain: RollupGrain;
}

export interface UsageRead {
  entries: UsageEntry[];
  /** Chunks the request path could not read back (rollups: 0, the scan reported them). */
  unreadableChunks: number;
  source: "rollups" | "requests";
}

/** Whether rollups can answer for this price table (and are built): the fast path. */
export async function rollupsUsable(sql: SqlReader, table: PriceTable): Promise<boolean> {
  return bandsCover(table) && (await rollupsAreCurrent(sql));
}

/** The first and last instants a date range can touch in any zone (±14 h), with a margin. */
export function rangeInstants(since: string | null | undefined, until: string | null | undefined): { sinceMs: number | null; untilMs: number | null } {
  return {
    sinceMs: since ? Date.parse(`${since}T00:00:00Z`) - DAY_MS : null,
    untilMs: until ? Date.parse(`${until}T23:59:59.999Z`) + DAY_MS : null,
  };
}

/**
 * The zone's offset segments over the slots a read can return (the range's, narrowed to the stored
 * rows'), or null when the rows reach outside 1970–9999 (then they are read per slot).
 */
async function daySegments(sql: SqlReader, timeZone: string, fromSlot: number | null, toSlot: number | null): Promise<OffsetSegment[] | null> {
  const [stored] = await sql.query<{ first: unknown; last: unknown }>(`SELECT MIN("slot") AS "first", MAX("slot") AS "last" FROM "UsageRollup" WHERE "slot" > ?`, [NO_TIME_SLOT]);
  if (stored?.first === null || stored?.first === undefined) return null;
  const first = Math.max(toNumber(stored.first), fromSlot ?? -Infinity);
  const last = Math.min(toNumber(stored.last), toSlot ?? Infinity);
  if (first < 0 && (fromSlot === null || fromSlot < 0)) return null;
  return offsetSegments(timeZone, slotStartMs(Math.max(first, 0))!, slotStartMs(Math.max(last, 0))! + QUARTER_HOUR_MS);
}

export async function readUsage(sql: SqlReader, table: PriceTable, options: UsageReadOptions): Promise<UsageRead> {
  if (await rollupsUsable(sql, table)) {
    const { sinceMs, untilMs } = rangeInstants(options.since, options.until);
    const fromSlot = sinceMs === null ? null : firstSlotFrom(sinceMs);
    const toSlot = untilMs === null ? null : firstSlotFrom(untilMs) + 1;
    const grain = options.grain.bySlot && options.timeZone ? { ...options.grain, daySegments: await daySegments(sql, options.timeZone, fromSlot, toSlot) } : options.grain;
    const entries = await readRollupEntries(sql, table, grain, {
      fromSlot: grain.daySegments ? Math.max(fromSlot ?? 0, 0) : fromSlot,
      toSlot,
      // Requests without a time count only where nothing is dated (session totals over all time).
      withoutTime: !options.since && !options.until,
      runtime: options.runtime ?? null,
      sessionIds: options.sessionIds ?? null,
    });
    return { entries, unreadableChunks: 0, source: "rollups" };
  }
  const usage = await loadUsage(sql, table, {
    sinceMs: options.since ? Date.parse(`${options.since}T00:00:00Z`) : null,
    untilMs: options.until ? Date.parse(`${options.until}T23:59:59.999Z`) : null,
    runtime: options.runtime ?? null,
    sessionIds: options.sessionIds ?? null,
  });
  return { entries: usage.entries, unreadableChunks: usage.unreadableChunks, source: "requests" };
}
