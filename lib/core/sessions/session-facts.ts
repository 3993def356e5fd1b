/**
 * The one session-totals computation: totals per agent (the main session is ""), peaks and the model
 * of the last main request, over the requests that count. Ingest runs it over a session's merged
 * stored chunks (sample-pack.ts, so a response read twice counts once; usage/session-usage-facts.ts), a
 * parser worker over a file read whole, and summariseSession (the whole-file path) over its de-duplicated requests; a session's
 * totals are `sessionTotals` of these, so no two places sum tokens their own way.
 */
import { addTotals, addTokens, emptyTotals, type TokenCounts, type TokenTotals } from "../tokens";

/** One agent's totals within a session. */
export interface AgentTotals extends TokenTotals {
  /** Over the agent's own requests (not sidechain lines); 0 when it has none. */
  peakOwn: number;
  /** Over all (a subagent's lines are all sidechain lines). */
  peakAll: number;
  /** Whether any own (non-sidechain) request was counted, so a peak of 0 is told from none. */
  hasOwn: boolean;
}

export const emptyAgentTotals = (): AgentTotals => ({ ...emptyTotals(), peakOwn: 0, peakAll: 0, hasOwn: false });

/** Totals per agent and the model of the last main request. */
export interface AgentFacts {
  byAgent: Map<string, AgentTotals>;
  lastModel: string | null;
}

/** A request as the totals see it: a stored sample or a parsed request (agentId null = the main session). */
export interface CountedRequest extends TokenCounts {
  agentId: string | null;
  isSidechain?: boolean;
  contextTokens: number;
  model: string | null;
}

/** Totals, peaks and the last model over requests that count, in the order given (the last main model wins). */
export function totalsByAgent(requests: Iterable<CountedRequest>): AgentFacts {
  const byAgent = new Map<string, AgentTotals>();
  let lastModel: string | null = null;
  for (const request of requests) {
    const agentId = request.agentId ?? "";
    let totals = byAgent.get(agentId);
    if (!totals) {
      totals = emptyAgentTotals();
      byAgent.set(agentId, totals);
    }
    totals.requests += 1;
    addTokens(totals, request);
    totals.peakAll = Math.max(totals.peakAll, request.contextTokens);
    if (request.isSidechain !== true) {
      totals.peakOwn = Math.max(totals.peakOwn, request.contextTokens);
      totals.hasOwn = true;
    }
    if (agentId === "" && request.isSidechain !== true && request.model !== null) lastModel = request.model;
  }
  return { byAgent, lastModel };
}

/** The session's totals: its own requests and every subagent's. */
export function sessionTotals(facts: AgentFacts): TokenTotals {
  const totals = emptyTotals();
  for (const agent of facts.byAgent.values()) addTotals(totals, agent);
  return totals;
}
