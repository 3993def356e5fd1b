/**
 * What a scan read of one main session before its row is written (recompute-sessions.ts writes it):
 * the draft each read of a file folds into, how two drafts of a session merge, and the draft as JSON
 * for DraftStore's table.
 */
import type { AgentTotals } from "../../core/sessions/session-facts";
import type { SessionFacts } from "../../core/usage/session-usage-facts";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import type { ParsedSessionLog } from "../../core/sessions/types";
import type { RollupPart } from "../../core/usage/rollup";

export interface SubagentDraft {
  agentType: string | null;
  models: string[];
  startMs: number | null;
  endMs: number | null;
  cwd: string | null;
  branch: string | null;
}

/** What this scan read of one main session (its own files and its subagents'). */
export interface SessionDraft {
  id: string;
  sourceId: string;
  runtime: SessionRuntime;
  externalId: string;
  /** Its files were read again from the start: earlier descriptive values do not carry over. */
  reset: boolean;
  cwd: string | null;
  branch: string | null;
  /** From subagent files, used only when the main files record none (as summariseSession does). */
  fallbackCwd: string | null;
  fallbackBranch: string | null;
  models: string[];
  startMs: number | null;
  endMs: number | null;
  logContextWindow: number | null;
  fallbackLogContextWindow: number | null;
  /** The main files' first human prompt (first-prompt.ts), the earliest read; its time when dated. */
  title: string | null;
  titleMs: number | null;
  subagents: Map<string, SubagentDraft>;
  /** Files of this session read in this scan. */
  fileReads: number;
  /**
   * When the session's only file was read whole in this scan, what its samples add up to, computed
   * from the parsed requests with the same functions (saves reading them back). Used only if the
   * database confirms that file is the session's only one.
   */
  wholeFacts: SessionFacts | null;
}

export function emptyDraft(id: string, sourceId: string, runtime: SessionRuntime, externalId: string, reset: boolean): SessionDraft {
  return {
    id,
    sourceId,
    runtime,
    externalId,
    reset,
    cwd: null,
    branch: null,
    fallbackCwd: null,
    fallbackBranch: null,
    models: [],
    startMs: null,
    endMs: null,
    logContextWindow: null,
    fallbackLogContextWindow: null,
    title: null,
    titleMs: null,
    subagents: new Map(),
    fileReads: 0,
    wholeFacts: null,
  };
}

interface DatedTitle {
  text: string | null;
  ms: number | null;
}

/** The earlier of two titles; without both times, the first (the one stored, or read first). */
export function earlierTitle(first: DatedTitle, second: DatedTitle): DatedTitle {
  if (first.text === null) return second.text === null ? { text: null, ms: null } : second;
  if (second.text === null) return first;
  return first.ms !== null && second.ms !== null && second.ms < first.ms ? second : first;
}

export function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}

export function minOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

export function maxOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Adds what one read of one file says about its session (and subagent) to the draft. */
export function foldIntoDraft(draft: SessionDraft, log: ParsedSessionLog) {
  const startMs = log.startedAt === null ? null : Date.parse(log.startedAt);
  const endMs = log.endedAt === null ? null : Date.parse(log.endedAt);
  if (startMs !== null && !Number.isNaN(startMs)) draft.startMs = draft.startMs === null ? startMs : Math.min(draft.startMs, startMs);
  if (endMs !== null && !Number.isNaN(endMs)) draft.endMs = draft.endMs === null ? endMs : Math.max(draft.endMs, endMs);
  for (const model of log.models) if (!draft.models.includes(model)) draft.models.push(model);
  if (log.agentId === null) {
    if (log.firstPrompt) {
      const ms = log.firstPrompt.timestamp === null ? NaN : Date.parse(log.firstPrompt.timestamp);
      const title = earlierTitle({ text: draft.title, ms: draft.titleMs }, { text: log.firstPrompt.text, ms: Number.isNaN(ms) ? null : ms });
      draft.title = title.text;
      draft.titleMs = title.ms;
    }
    if (log.cwd !== null) draft.cwd = log.cwd;
    if (log.branch !== null) draft.branch = log.branch;
    if (log.contextWindow !== null) draft.logContextWindow = log.contextWindow;
    return;
  }
  if (log.cwd !== null) draft.fallbackCwd = log.cwd;
  if (log.branch !== null) draft.fallbackBranch = log.branch;
  if (log.contextWindow !== null) draft.fallbackLogContextWindow = log.contextWindow;
  let agent = draft.subagents.get(log.agentId);
  if (!agent) {
    agent = { agentType: null, models: [], startMs: null, endMs: null, cwd: null, branch: null };
    draft.subagents.set(log.agentId, agent);
  }
  agent.agentType ??= log.agentType;
  for (const model of log.models) if (!agent.models.includes(model)) agent.models.push(model);
  if (startMs !== null && !Number.isNaN(startMs)) agent.startMs = agent.startMs === null ? startMs : Math.min(agent.startMs, startMs);
  if (endMs !== null && !Number.isNaN(endMs)) agent.endMs = agent.endMs === null ? endMs : Math.max(agent.endMs, endMs);
  if (log.cwd !== null) agent.cwd = log.cwd;
  if (log.branch !== null) agent.branch = log.branch;
}

/**
 * Folds `later` (what reads after the ones in `into` said, folded from empty) into `into`: the same
 * draft as folding all those reads in order (recompute-sessions.test.ts holds the two to each other).
 */
export function mergeDraft(into: SessionDraft, later: SessionDraft): void {
  into.startMs = minOf(into.startMs, later.startMs);
  into.endMs = maxOf(into.endMs, later.endMs);
  for (const model of later.models) if (!into.models.includes(model)) into.models.push(model);
  into.cwd = later.cwd ?? into.cwd;
  into.branch = later.branch ?? into.branch;
  into.logContextWindow = later.logContextWindow ?? into.logContextWindow;
  into.fallbackCwd = later.fallbackCwd ?? into.fallbackCwd;
  into.fallbackBranch = later.fallbackBranch ?? into.fallbackBranch;
  into.fallbackLogContextWindow = later.fallbackLogContextWindow ?? into.fallbackLogContextWindow;
  const title = earlierTitle({ text: into.title, ms: into.titleMs }, { text: later.title ?? null, ms: later.titleMs ?? null });
  into.title = title.text;
  into.titleMs = title.ms;
  for (const [agentId, agent] of later.subagents) {
    const earlier = into.subagents.get(agentId);
    if (!earlier) {
      into.subagents.set(agentId, agent);
      continue;
    }
    earlier.agentType ??= agent.agentType;
    for (const model of agent.models) if (!earlier.models.includes(model)) earlier.models.push(model);
    earlier.startMs = minOf(earlier.startMs, agent.startMs);
    earlier.endMs = maxOf(earlier.endMs, agent.endMs);
    earlier.cwd = agent.cwd ?? earlier.cwd;
    earlier.branch = agent.branch ?? earlier.branch;
  }
  // Facts of the session's only read stand only while it is the only one.
  into.wholeFacts = into.fileReads + later.fileReads === 1 ? (into.wholeFacts ?? later.wholeFacts) : null;
  into.fileReads += later.fileReads;
}

/** A draft as JSON text (Maps as entry lists), for DraftStore's table. */
export function draftToJson(draft: SessionDraft): string {
  return JSON.stringify({
    ...draft,
    subagents: [...draft.subagents],
    wholeFacts: draft.wholeFacts === null ? null : { byAgent: [...draft.wholeFacts.byAgent], lastModel: draft.wholeFacts.lastModel, rollup: draft.wholeFacts.rollup },
  });
}

export function draftFromJson(text: string): SessionDraft {
  const value = JSON.parse(text) as Omit<SessionDraft, "subagents" | "wholeFacts"> & {
    subagents: [string, SubagentDraft][];
    wholeFacts: { byAgent: [string, AgentTotals][]; lastModel: string | null; rollup: RollupPart[] } | null;
  };
  return { ...value, subagents: new Map(value.subagents), wholeFacts: value.wholeFacts === null ? null : { byAgent: new Map(value.wholeFacts.byAgent), lastModel: value.wholeFacts.lastModel, rollup: value.wholeFacts.rollup } };
}
