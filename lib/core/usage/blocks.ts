/**
 * 5-hour blocks (Claude's billing windows) computed as ccusage 20 computes them: a block starts at
 * the first request's time floored to the hour (UTC) and lasts 5 hours; a request more than 5 hours
 * after the block's start, or more than 5 hours after the previous request, starts a new block; a
 * silence longer than 5 hours between two requests is a gap block (from the last request + 5 h to
 * the next request). Exactly 5 hours does not split, as in ccusage (`>` both times). The active
 * block (its last request less than 5 h ago and its end still ahead) gets a burn rate and a
 * projection to its end; a plan limit gives the time it is projected to be reached.
 */
import { addTokens, ccusageBlockTokenCounts, emptyTokens, totalTokens as sumOfTokens } from "../tokens";
import { RowAccumulator, type UsageEntry } from "./aggregate";

export const BLOCK_MS = 5 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface BurnRate {
  /** All four token kinds per minute (ccusage's `tokensPerMinute`). */
  tokensPerMinute: number;
  /** Input + output per minute (ccusage's indicator figure). */
  tokensPerMinuteForIndicator: number;
  /** Estimated USD per hour, null when the block has no priced request. */
  costPerHour: number | null;
}

export interface Projection {
  totalTokens: number;
  totalCost: number | null;
  remainingMinutes: number;
}

export interface PlanLimit {
  /** "tokens" (all four kinds) or "cost" (estimated USD), per block. */
  kind: "tokens" | "cost";
  amount: number;
}

export interface UsageBlock {
  id: string;
  startTime: string;
  endTime: string;
  actualEndTime: string | null;
  isActive: boolean;
  isGap: boolean;
  entries: number;
  /** ccusage's names: this is the JSON document `report blocks --json` prints. */
  tokenCounts: ReturnType<typeof ccusageBlockTokenCounts>;
  totalTokens: number;
  costUSD: number | null;
  models: string[];
  burnRate: BurnRate | null;
  projection: Projection | null;
  /** Baton: runtimes in the block, and requests in it without a price. */
  runtimes: string[];
  unpricedModels: string[];
  /** Baton: when a plan limit is given, whether the block passed it and when it is projected to. */
  limit?: { kind: PlanLimit["kind"]; amount: number; used: number; reachedAt: string | null; projectedAt: string | null } | null;
}

type TimedEntry = UsageEntry & { timestampMs: number };

export interface BlockOptions {
  now: number;
  limit?: PlanLimit | null;
  /** Only blocks that overlap [sinceMs, untilMs] are returned (blocks are built over all entries first). */
  sinceMs?: number | null;
  untilMs?: number | null;
}

export function usageBlocks(entries: Iterable<UsageEntry>, options: BlockOptions): UsageBlock[] {
  // By time, then model: a block lists its models in the order they were first used, whether the
  // entries are requests or rollup rows (rollup.ts), and ties never depend on the load order.
  const timed = [...entries]
    .filter((entry): entry is TimedEntry => entry.timestampMs !== null)
    .sort((a, b) => a.timestampMs - b.timestampMs || compareText(a.model ?? "", b.model ?? ""));
  const blocks: UsageBlock[] = [];
  let start: number | null = null;
  let current: TimedEntry[] = [];
  // The latest request so far: a rollup row's requests span [timestampMs, lastTimestampMs].
  let last = -Infinity;
  for (const entry of timed) {
    const entryLast = entry.lastTimestampMs ?? entry.timestampMs;
    if (start === null) {
      start = floorToHour(entry.timestampMs);
      current = [entry];
      last = entryLast;
      continue;
    }
    const sinceStart = entry.timestampMs - start;
    const sinceLast = entry.timestampMs - last;
    if (sinceStart > BLOCK_MS || sinceLast > BLOCK_MS) {
      blocks.push(makeBlock(start, current, last, options));
      if (sinceLast > BLOCK_MS) blocks.push(gapBlock(last, entry.timestampMs));
      start = floorToHour(entry.timestampMs);
      current = [entry];
      last = entryLast;
    } else {
      current.push(entry);
      if (entryLast > last) last = entryLast;
    }
  }
  if (start !== null) blocks.push(makeBlock(start, current, last, options));
  const since = options.sinceMs ?? -Infinity;
  const until = options.untilMs ?? Infinity;
  return blocks.filter((block) => Date.parse(block.endTime) >= since && Date.parse(block.startTime) <= until);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function floorToHour(epochMs: number): number {
  return Math.floor(epochMs / HOUR_MS) * HOUR_MS;
}

function gapBlock(lastMs: number, nextMs: number): UsageBlock {
  const startMs = lastMs + BLOCK_MS;
  return {
    id: `gap-${new Date(startMs).toISOString()}`,
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(nextMs).toISOString(),
    actualEndTime: null,
    isActive: false,
    isGap: true,
    entries: 0,
    tokenCounts: ccusageBlockTokenCounts(emptyTokens()),
    totalTokens: 0,
    costUSD: 0,
    models: [],
    burnRate: null,
    projection: null,
    runtimes: [],
    unpricedModels: [],
  };
}

function makeBlock(startMs: number, entries: TimedEntry[], lastMs: number, options: BlockOptions): UsageBlock {
  const endMs = startMs + BLOCK_MS;
  const counts = emptyTokens();
  const sums = new RowAccumulator();
  let requests = 0;
  const models = new Set<string>();
  for (const entry of entries) {
    sums.add(entry);
    requests += entry.requests ?? 1;
    addTokens(counts, entry);
    if (entry.model) models.add(entry.model);
  }
  const row = sums.row();
  const runtimes = new Set(row.runtimes);
  const unpriced = new Set(row.unpricedModels);
  const costUSD = row.totalCost;
  const totalTokens = sumOfTokens(counts);
  const isActive = options.now - lastMs < BLOCK_MS && options.now < endMs;
  const durationMinutes = (lastMs - entries[0]!.timestampMs) / 60_000;
  const burnRate: BurnRate | null =
    isActive && durationMinutes > 0
      ? {
          tokensPerMinute: totalTokens / durationMinutes,
          tokensPerMinuteForIndicator: (counts.inputTokens + counts.outputTokens) / durationMinutes,
          costPerHour: costUSD === null ? null : (costUSD / durationMinutes) * 60,
        }
      : null;
  const remainingMinutes = Math.max(0, (endMs - options.now) / 60_000);
  const projection: Projection | null =
    burnRate === null
      ? null
      : {
          totalTokens: Math.round(totalTokens + burnRate.tokensPerMinute * remainingMinutes),
          totalCost: costUSD === null || burnRate.costPerHour === null ? null : Math.round((costUSD + (burnRate.costPerHour / 60) * remainingMinutes) * 100) / 100,
          remainingMinutes: Math.round(remainingMinutes),
        };
  const block: UsageBlock = {
    id: new Date(startMs).toISOString(),
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    actualEndTime: new Date(lastMs).toISOString(),
    isActive,
    isGap: false,
    entries: requests,
    tokenCounts: ccusageBlockTokenCounts(counts),
    totalTokens,
    costUSD,
    models: [...models],
    burnRate,
    projection,
    runtimes: [...runtimes].sort(),
    unpricedModels: [...unpriced].sort(),
  };
  if (options.limit) block.limit = limitStatus(options.limit, entries, block, options.now);
  return block;
}

/** When the block passed the limit (from its requests), or when its burn rate projects it will. */
function limitStatus(limit: PlanLimit, entries: TimedEntry[], block: UsageBlock, now: number): NonNullable<UsageBlock["limit"]> {
  const used = limit.kind === "tokens" ? block.totalTokens : (block.costUSD ?? 0);
  const reachedAt = used >= limit.amount ? limitReachedAt(entries, limit) : null;
  let projectedAt: string | null = null;
  if (reachedAt === null && block.burnRate !== null) {
    const perMinute = limit.kind === "tokens" ? block.burnRate.tokensPerMinute : block.burnRate.costPerHour === null ? 0 : block.burnRate.costPerHour / 60;
    if (perMinute > 0) {
      const at = now + ((limit.amount - used) / perMinute) * 60_000;
      if (at <= Date.parse(block.endTime)) projectedAt = new Date(at).toISOString();
    }
  }
  return { kind: limit.kind, amount: limit.amount, used, reachedAt, projectedAt };
}

/**
 * The time of the request at which a block's usage reached the limit, from its requests in time
 * order (null: never). Needs requests, not rollup rows: the server reads a reaching block's
 * requests back for it (lib/server/usage/usage-blocks.ts).
 */
export function limitReachedAt(entries: readonly UsageEntry[], limit: PlanLimit): string | null {
  const timed = entries.filter((entry): entry is TimedEntry => entry.timestampMs !== null).sort((a, b) => a.timestampMs - b.timestampMs);
  let used = 0;
  for (const entry of timed) {
    used += limit.kind === "tokens" ? sumOfTokens(entry) : (entry.cost ?? 0);
    if (used >= limit.amount) return new Date(entry.timestampMs).toISOString();
  }
  return null;
}
