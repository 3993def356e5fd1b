/**
 * What ingest stores for a session: its totals per agent (sessions/session-facts.ts) and the usage
 * rollup (rollup.ts) of the same counted requests, computed in one pass over its merged samples.
 */
import type { SessionRuntime } from "../runtimes/runtimes";
import { countedSamples, type StoredSample } from "../sessions/sample-pack";
import { totalsByAgent, type AgentFacts } from "../sessions/session-facts";
import { rollupSamples, type RollupPart } from "./rollup";

/** A session's facts as ingest stores them: its totals per agent, and the rollup of its counted requests. */
export interface SessionFacts extends AgentFacts {
  /** The counted requests' usage rollup, stored with the totals. */
  rollup: RollupPart[];
}

export const emptyFacts = (): SessionFacts => ({ byAgent: new Map(), lastModel: null, rollup: [] });

/**
 * Totals, peaks and the last model over a session's merged samples (sorted by time: the last main
 * request names the model), and the usage rollup of the same counted samples.
 */
export function summariseSamples(runtime: SessionRuntime, merged: readonly StoredSample[]): SessionFacts {
  const counted = countedSamples(runtime, merged);
  return { ...totalsByAgent(counted), rollup: rollupSamples(counted) };
}
