/**
 * Usage rollups: a session's counted requests summed per quarter hour, model and price band. Reports
 * over any range read these sums instead of every request, and give the same documents:
 * - a date in any zone is the date of a request's quarter hour (every zone's offset is a whole number
 *   of quarter hours: periods.ts dates requests the same way), so daily, weekly and monthly rows in
 *   any zone, half-hour and 45-minute ones included, are sums of whole slots;
 * - 5-hour blocks start on whole hours: a slot's requests always fall in one block, except that a
 *   request exactly on a block's end still belongs to it, so requests on a quarter hour's first
 *   millisecond get a slot of their own; the first and last request times of each slot decide the
 *   gaps (blocks.ts);
 * - costs come from token sums per rates (cost.ts CostSums), and the rates of a request depend only
 *   on its model and on which band its prompt is in (rollup-bands.data.ts).
 */
import type { StoredSample } from "../sessions/sample-pack";
import { addTokens, emptyTotals, promptTokens, type TokenTotals } from "../tokens";
import type { UsageEntry } from "./aggregate";
import { costAt, pricingFor } from "./cost";
import type { PriceTable } from "./prices";
import { ROLLUP_BANDS } from "./rollup-bands.data";

/** Raised whenever what a rollup row holds changes: stored rollups of another version are rebuilt. */
export const ROLLUP_VERSION = 1;

export const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** The slot of requests without a time (below every real one: times lie within ±8.64e15 ms). */
export const NO_TIME_SLOT = -(2 ** 53 - 1);

/** What some requests of one model and band add up to (a rollup row, or rows summed by a query). */
export interface RollupSums extends TokenTotals {
  /** null: the requests name no model. */
  model: string | null;
  band: number;
  /** The 1-hour part of `cacheWriteTokens` (each request's capped at its cache write). */
  cacheWrite1hTokens: number;
  /** The reasoning priced as reasoning (each request's capped at its output). */
  pricedReasoningTokens: number;
  recordedRequests: number;
  recordedCostNanoUsd: number;
  firstMs: number | null;
  lastMs: number | null;
}

/** One rollup row: what a session's requests of one slot, model and band add up to. */
export interface RollupPart extends RollupSums {
  slot: number;
}

export function slotOf(timestampMs: number | null): number {
  if (timestampMs === null) return NO_TIME_SLOT;
  const quarter = Math.floor(timestampMs / QUARTER_HOUR_MS);
  return quarter * 2 + (timestampMs === quarter * QUARTER_HOUR_MS ? 0 : 1);
}

/** The first instant of a slot's quarter hour (null for the no-time slot). */
export function slotStartMs(slot: number): number | null {
  return slot === NO_TIME_SLOT ? null : Math.floor(slot / 2) * QUARTER_HOUR_MS;
}

/** The first slot at or after an instant's quarter hour (for range bounds). */
export function firstSlotFrom(epochMs: number): number {
  return Math.floor(epochMs / QUARTER_HOUR_MS) * 2;
}

/** The largest band a prompt of this size is above, else 0. */
export function bandOf(promptTokens: number): number {
  let band = 0;
  for (const above of ROLLUP_BANDS) if (promptTokens > above && above > band) band = above;
  return band;
}

/** A prompt size inside a band (what rates a band's requests are priced at). */
export function bandPrompt(band: number): number {
  return band + 1;
}

/** Whether every tier of the table starts at a rollup band (else rollups cannot price exactly). */
export function bandsCover(table: PriceTable): boolean {
  const bands = new Set(ROLLUP_BANDS);
  return table.entries().every((price) => (price.entry.tiers ?? []).every((tier) => bands.has(tier.above)));
}

const NANO = 1e9;

/** Sums counted samples (a main session's, subagents included) into rollup parts, ordered by slot, model, band. */
export function rollupSamples(samples: Iterable<StoredSample>): RollupPart[] {
  const parts = new Map<string, RollupPart>();
  for (const sample of samples) {
    const slot = slotOf(sample.timestampMs);
    const model = sample.model === "" ? null : sample.model;
    const band = bandOf(promptTokens(sample));
    const key = `${slot}\u0000${model ?? ""}\u0000${band}`;
    let part = parts.get(key);
    if (part === undefined) {
      part = { slot, model, band, ...emptyTotals(), cacheWrite1hTokens: 0, pricedReasoningTokens: 0, recordedRequests: 0, recordedCostNanoUsd: 0, firstMs: null, lastMs: null };
      parts.set(key, part);
    }
    part.requests += 1;
    addTokens(part, sample);
    part.cacheWrite1hTokens += Math.min(sample.cacheWrite1hTokens ?? 0, sample.cacheWriteTokens);
    part.pricedReasoningTokens += Math.min(sample.reasoningTokens, sample.outputTokens);
    if (sample.recordedCostUsd !== undefined) {
      part.recordedRequests += 1;
      part.recordedCostNanoUsd += Math.round(sample.recordedCostUsd * NANO);
    }
    if (sample.timestampMs !== null) {
      if (part.firstMs === null || sample.timestampMs < part.firstMs) part.firstMs = sample.timestampMs;
      if (part.lastMs === null || sample.timestampMs > part.lastMs) part.lastMs = sample.timestampMs;
    }
  }
  return [...parts.values()].sort((a, b) => a.slot - b.slot || compareText(a.model ?? "", b.model ?? "") || a.band - b.band);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A recorded cost in USD from nano-dollars (how samples store it), or null when none was recorded. */
export function recordedUsd(requests: number, nanoUsd: number): number | null {
  return requests === 0 ? null : nanoUsd / NANO;
}


/** The session facts a usage entry carries beside its numbers. */
export interface EntryFacts {
  runtime: string;
  sessionId: string;
  repo: string | null;
  branch: string | null;
}

/** A usage entry standing for the requests a rollup row (or a sum of rows) holds, priced by its band. */
export function rollupEntry(sums: RollupSums, facts: EntryFacts, table: PriceTable): UsageEntry {
  const entry: UsageEntry = {
    timestampMs: sums.firstMs,
    lastTimestampMs: sums.lastMs,
    requests: sums.requests,
    model: sums.model,
    ...facts,
    inputTokens: sums.inputTokens,
    cacheWriteTokens: sums.cacheWriteTokens,
    cacheWrite1hTokens: sums.cacheWrite1hTokens,
    cacheReadTokens: sums.cacheReadTokens,
    outputTokens: sums.outputTokens,
    reasoningTokens: sums.reasoningTokens,
    pricedReasoningTokens: sums.pricedReasoningTokens,
    recordedCostUsd: recordedUsd(sums.recordedRequests, sums.recordedCostNanoUsd),
    pricing: pricingFor(table, sums.model, bandPrompt(sums.band)),
    cost: null,
  };
  entry.cost = entry.pricing ? costAt(entry.pricing.rates, entry) : null;
  return entry;
}

/** A usage entry for one counted request (what reports read when rollups cannot answer). */
export function requestEntry(sample: StoredSample, facts: EntryFacts, table: PriceTable): UsageEntry {
  // A model named "" names none (rollups store no model as "").
  const model = sample.model === "" ? null : sample.model;
  const entry: UsageEntry = {
    timestampMs: sample.timestampMs,
    model,
    ...facts,
    inputTokens: sample.inputTokens,
    cacheWriteTokens: sample.cacheWriteTokens,
    cacheWrite1hTokens: sample.cacheWrite1hTokens ?? 0,
    cacheReadTokens: sample.cacheReadTokens,
    outputTokens: sample.outputTokens,
    reasoningTokens: sample.reasoningTokens,
    recordedCostUsd: sample.recordedCostUsd ?? null,
    pricing: pricingFor(table, model, promptTokens(sample)),
    cost: null,
  };
  entry.cost = entry.pricing ? costAt(entry.pricing.rates, entry) : null;
  return entry;
}
