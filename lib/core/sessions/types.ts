/**
 * One normalised model for every runtime's session log. Parsers turn a runtime's
 * own records into these; ingest stores them; pages and `scan --agents --json` read them.
 * Token fields: lib/core/tokens.ts (disjoint; the one rule is written there).
 */
import type { SessionRuntime } from "../runtimes/runtimes";
import type { TokenCounts } from "../tokens";

export interface RequestSample extends TokenCounts {
  /**
   * De-duplication key, unique within a session: the API response id
   * (Claude message.id + requestId, Codex response_id, Gemini message id, OpenCode message id).
   * Fallbacks when a log has no id (and OpenCode's per-step keys) are in docs/token-accounting.md;
   * on a repeated key, keep the copy request-dedupe.ts's shouldReplaceRequest picks.
   */
  key: string;
  /** ISO 8601 UTC, or null when the log gives no time for it. */
  timestamp: string | null;
  model: string | null;
  /** Prompt size of this request = input + cacheWriteTokens + cacheRead (the context used). */
  contextTokens: number;
  /**
   * Estimated tokens of tool results in that prompt: bytes of the tool results sent since the start
   * or the last compaction, / 4. Absent or null where the log does not show them.
   */
  toolResultTokens?: number | null;
  /** Subagent id when this request belongs to a subagent of the session, else null. */
  agentId: string | null;
  /** 1-based line (or row ordinal) where the kept copy of this request was read. */
  line: number;
  /**
   * The API response id when the log records one (Claude message.id, Codex response_id,
   * OpenCode message id). Kept apart from `key` because Claude's sidechain-replay rule
   * matches on the response id alone.
   */
  responseId?: string | null;
  /** Claude: the line was marked `isSidechain:true` (subagent file or 1.0.x inline Task message). */
  isSidechain?: boolean;
  /**
   * The part of `cacheWriteTokens` written with a 1-hour lifetime, where the log splits 5 m from 1 h
   * (Claude's `usage.cache_creation.ephemeral_1h_input_tokens`); priced higher than a 5-minute write.
   */
  cacheWrite1hTokens?: number;
  /** The cost the log itself records for this request (OpenCode's `cost`), USD, or absent. */
  recordedCostUsd?: number | null;
}

export interface CompactionEvent {
  timestamp: string | null;
  trigger: "auto" | "manual" | null;
  preTokens: number | null;
  postTokens: number | null;
  line: number;
}

export interface BadLine {
  line: number;
  message: string;
}

/** What one parser learned from one log file (or one slice of it, for incremental reads). */
export interface ParsedSessionLog {
  runtime: SessionRuntime;
  /** Session id as the runtime names it; null when the file names none (then ingest uses the file stem). */
  sessionId: string | null;
  /** For a subagent file: the agent id; its requests roll up into the parent session. */
  agentId: string | null;
  agentType: string | null;
  /** Last cwd / branch the log records. */
  cwd: string | null;
  branch: string | null;
  /** Models seen, in first-seen order. */
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  /** Context window size when the log states it (Codex model_context_window), else null. */
  contextWindow: number | null;
  requests: RequestSample[];
  /**
   * Whether the log shows the session doing something (messages, tool calls), token counts or not:
   * a log with activity and no token records is still a session (0 tokens, with a notice).
   * Absent: the parser does not say (read as "only if it has requests").
   */
  hasActivity?: boolean;
  compactions: CompactionEvent[];
  /** Record types this parser does not know, with counts ("format drift"). */
  unknownTypes: Record<string, number>;
  badLines: BadLine[];
  /**
   * For incremental reads of append-only logs: bytes consumed up to the end of the last
   * complete line. A truncated last line is not consumed (it is read again next scan).
   */
  consumedBytes: number;
  /**
   * The session's first real user prompt in this read, as a title (first-prompt.ts: masked, bounded,
   * clean); null when this read holds none (or is a subagent's, or the prompt was read before).
   */
  firstPrompt?: FirstPrompt | null;
  /** Complete lines consumed (so the next slice numbers its lines from `startLine + consumedLines`). */
  consumedLines?: number;
  /** State for the next incremental read of the same file; null when the parser needs none. */
  carry?: ParserCarryState | null;
}

/** A session's title: its first human prompt (lib/core/sessions/first-prompt.ts). */
export interface FirstPrompt {
  /** Masked, whitespace collapsed, at most TITLE_MAX characters. */
  text: string;
  /** ISO 8601 UTC when the log dates the turn: with several files, the earliest prompt wins. */
  timestamp: string | null;
  line: number;
}

/* ---- Summaries and incremental-read state (lib/core/sessions/summarise-session.ts) ---- */

/**
 * Small JSON-serialisable state a JSONL parser hands back so the next incremental read can
 * continue where this one stopped (e.g. Codex's current model and previous cumulative totals).
 * Ingest stores it next to `consumedBytes` and passes it back unchanged.
 */
export type ParserCarryState = Record<string, string | number | boolean | null>;

export type ContextWindowSource = "log" | "model-table" | "user" | "unknown";

export interface SourceIssue {
  source: SessionRuntime;
  file: string;
  badLines: number;
  unknownTypes: Record<string, number>;
}

export interface SubagentSummary extends TokenCounts {
  agentId: string;
  agentType: string | null;
  requests: number;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  compactions: number;
}

export interface SessionSummary extends TokenCounts {
  runtime: SessionRuntime;
  sessionId: string;
  /** De-duplicated API responses, subagents included. */
  requests: number;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  cwd: string | null;
  branch: string | null;
  compactions: number;
  compactionEvents: CompactionEvent[];
  /** Largest prompt (input + cache write + cache read) over the main session's own requests. */
  peakContextTokens: number | null;
  contextWindow: number | null;
  contextWindowSource: ContextWindowSource;
  subagents: SubagentSummary[];
  sourceIssues: SourceIssue[];
  /** The first human prompt of the main session's files, as a title (earliest wins); null when none. */
  title?: string | null;
}

/* ---- Seed / MoAI state shapes (lib/core/sessions/parse-seed-json.ts) ---- */

/** A point-in-time reading of a context window, from any of the shapes that carry one. */
export interface ContextSnapshot {
  sessionId: string | null;
  capturedAt: string | null;
  totalTokens: number | null;
  usedTokens: number | null;
  availableTokens: number | null;
  /** 0–100 as written; null when the record gives neither a percent nor used+total. */
  usedPercent: number | null;
  /** MoAI statusline extras (`stage`, `band`) when present. */
  stage: string | null;
  band: string | null;
}

export interface SessionMetadata {
  sessionId: string;
  model: string | null;
  createdAt: string | null;
  lastUpdated: string | null;
  context: ContextSnapshot | null;
  forkSessionId: string | null;
  checkpointIds: string[];
  phase: string | null;
}

export interface Checkpoint {
  checkpointId: string;
  sessionId: string | null;
  timestamp: string | null;
  phase: string | null;
  tokenUsage: ContextSnapshot | null;
  /** The snapshot as written: a string, or the JSON object re-serialised. */
  contextSnapshot: string | null;
  recoveryTokensReserved: number | null;
}

export interface HandoffPackage {
  handoffId: string;
  timestamp: string | null;
  fromAgent: string | null;
  toAgent: string | null;
  sessionId: string | null;
  model: string | null;
  contextPositionPercent: number | null;
  availableTokens: number | null;
  specId: string | null;
  currentPhase: string | null;
  completedSteps: string[];
  nextStep: string | null;
  lastCheckpoint: string | null;
  recoveryTokensReserved: number | null;
}

export interface TokenUsageLogEntry {
  sessionId: string | null;
  timestamp: string | null;
  usedTokens: number | null;
  availableTokens: number | null;
  usedPercent: number | null;
}

export interface AllocationNode {
  label: string;
  /** Tokens as written ("~15K" → 15000); null when the line gives none. */
  tokens: number | null;
  /** Percent as written ("(7.5%)" → 7.5); null when absent. */
  percent: number | null;
  children: AllocationNode[];
}

export interface BudgetConfig {
  /** Threshold percents, ascending (warning, emergency, …). */
  thresholdsPercent: number[];
  reserveTokens: number | null;
  /** Context size the allocation is declared for ("200K Sonnet context" → 200000), else null. */
  totalTokens: number | null;
  allocation: AllocationNode[];
}

/** MoAI's `.moai/state/last-session-state.json` (and the older `.moai/memory/` copy). */
export interface LastSessionState {
  lastUpdated: string | null;
  currentBranch: string | null;
  uncommittedFiles: number | null;
  specsInProgress: string[];
}

/** MoAI's token probe report: per-pool token totals read from one transcript. */
export interface TokenProbeReport {
  sessionId: string | null;
  recordedAt: string | null;
  transcript: string | null;
  pools: Record<string, { main: TokenCounts; subagent: TokenCounts }>;
  context: ContextSnapshot | null;
}

export type SeedRecord =
  | { kind: "session-metadata"; value: SessionMetadata }
  | { kind: "checkpoint"; value: Checkpoint }
  | { kind: "handoff-package"; value: HandoffPackage }
  | { kind: "token-usage-entry"; value: TokenUsageLogEntry }
  | { kind: "budget-config"; value: BudgetConfig }
  | { kind: "context-snapshot"; value: ContextSnapshot }
  | { kind: "last-session-state"; value: LastSessionState }
  | { kind: "token-probe"; value: TokenProbeReport }
  | { kind: "agent-sessions"; value: { sessions: Record<string, string>; lastUpdated: string | null } };
