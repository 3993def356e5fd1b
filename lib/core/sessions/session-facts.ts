/**
 * What a session's stored samples add up to: totals per agent (the main session is ""), peaks and
 * the model of the last main request. Computed from merged chunks (sample-pack.ts), so a response
 * read twice counts once; the same function runs in a parser worker for a file read whole and in
 * ingest over a session's stored chunks, so the two cannot disagree.
 */
import { rollupSamples, type RollupPart } from "../usage/rollup";
import { countedSamples, type StoredSample } from "./sample-pack";
import type { SessionRuntime } from "./types";

export interface Totals {
  n: number;
  i: number;
  cw: number;
  cr: number;
  o: number;
  r: number;
  /** Over the main session's own requests (not sidechain lines). */
  peakOwn: number;
  /** Over all (a subagent's lines are all sidechain lines). */
  peakAll: number;
}

export const emptyTotals = (): Totals => ({ n: 0, i: 0, cw: 0, cr: 0, o: 0, r: 0, peakOwn: 0, peakAll: 0 });

export interface SessionFacts {
  byAgent: Map<string, Totals>;
  lastModel: string | null;
  /** The counted requests' usage rollup (lib/core/usage/rollup.ts), stored with the totals. */
  rollup: RollupPart[];
}

export const emptyFacts = (): SessionFacts => ({ byAgent: new Map(), lastModel: null, rollup: [] });

/** Totals, peaks and the last model over a session's merged samples (the ones that count). */
export function summariseSamples(runtime: SessionRuntime, merged: readonly StoredSample[]): SessionFacts {
  const byAgent = new Map<string, Totals>();
  let lastModel: string | null = null;
  const counted = countedSamples(runtime, merged);
  for (const sample of counted) {
    let totals = byAgent.get(sample.agentId);
    if (!totals) {
      totals = emptyTotals();
      byAgent.set(sample.agentId, totals);
    }
    totals.n += 1;
    totals.i += sample.inputTokens;
    totals.cw += sample.cacheWriteTokens;
    totals.cr += sample.cacheReadTokens;
    totals.o += sample.outputTokens;
    totals.r += sample.reasoningTokens;
    totals.peakAll = Math.max(totals.peakAll, sample.contextTokens);
    if (!sample.isSidechain) totals.peakOwn = Math.max(totals.peakOwn, sample.contextTokens);
    // Sorted by time: the last main request with a model names the model table's row.
    if (sample.agentId === "" && !sample.isSidechain && sample.model !== null) lastModel = sample.model;
  }
  return { byAgent, lastModel, rollup: rollupSamples(counted) };
}

