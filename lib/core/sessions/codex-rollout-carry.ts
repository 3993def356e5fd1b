/**
 * What a Codex rollout's earlier reads established, kept in the file's `carry` between incremental
 * reads (parse-codex-rollout.ts): the session's identity, its working folder and model, the last
 * cumulative usage seen, and where a forked rollout's replayed history ends.
 */
import type { ParserCarryState } from "./types";
import { titlePending } from "./first-prompt";
import { carriedToolResultBytes } from "./tool-results";

/** What one file's earlier reads established; serialised into `carry`. */
export interface CodexCarry {
  sessionId: string | null;
  agentId: string | null;
  agentType: string | null;
  cwd: string | null;
  branch: string | null;
  model: string | null;
  contextWindow: number | null;
  previousTotal: string | null;
  usesUsageRecords: boolean;
  /** Fork/subagent rollouts start with a replay of the parent's history; its usage is not ours. */
  inheritedUntil: "none" | "own-turn";
  ownIdPrefix: string | null;
  compactedSinceRequest: boolean;
  /** Bytes of tool outputs (function_call_output items) since the start or the last compaction. */
  toolResultBytes: number;
  /** The session's first prompt is still to be found (first-prompt.ts titlePending). */
  titlePending: boolean;
}

export function emptyCarry(): CodexCarry {
  return {
    sessionId: null,
    agentId: null,
    agentType: null,
    cwd: null,
    branch: null,
    model: null,
    contextWindow: null,
    previousTotal: null,
    usesUsageRecords: false,
    inheritedUntil: "none",
    ownIdPrefix: null,
    compactedSinceRequest: false,
    toolResultBytes: 0,
    titlePending: true,
  };
}

export function readCarry(raw: ParserCarryState | null | undefined): CodexCarry {
  const carry = emptyCarry();
  if (!raw) return carry;
  const text = (key: string): string | null => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  carry.sessionId = text("sessionId");
  carry.agentId = text("agentId");
  carry.agentType = text("agentType");
  carry.cwd = text("cwd");
  carry.branch = text("branch");
  carry.model = text("model");
  carry.contextWindow = typeof raw.contextWindow === "number" ? raw.contextWindow : null;
  carry.previousTotal = text("previousTotal");
  carry.usesUsageRecords = raw.usesUsageRecords === true;
  carry.inheritedUntil = raw.inheritedUntil === "own-turn" ? "own-turn" : "none";
  carry.ownIdPrefix = text("ownIdPrefix");
  carry.compactedSinceRequest = raw.compactedSinceRequest === true;
  carry.toolResultBytes = carriedToolResultBytes(raw);
  carry.titlePending = titlePending(raw);
  return carry;
}
