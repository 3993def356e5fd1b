import { earlierPrompt } from "./first-prompt";
import { modelContextWindow } from "./model-context";
import { dedupeRequests } from "./request-dedupe";
import { emptyAgentTotals, sessionTotals, totalsByAgent, type AgentFacts } from "./session-facts";
import type { SessionRuntime } from "../runtimes/runtimes";
import type { CompactionEvent, ContextWindowSource, ParsedSessionLog, RequestSample, SessionSummary, SourceIssue, SubagentSummary } from "./types";

/**
 * Per-session totals from a main log and its subagent logs (CONTRACTS.md "Sessions").
 *
 * - Requests are de-duplicated across all the session's files with the same rule the parsers use
 *   (request-dedupe.ts), so a response written to two files counts once.
 * - Totals include subagents; each subagent also gets its own totals. Both come from session-facts.ts
 *   (`totalsByAgent`), the computation ingest runs over stored samples.
 * - `peakContextTokens` is over the main session's own requests: not subagents, not 1.0.x inline
 *   sidechain requests (a subagent's prompt is not the main conversation's context).
 * - `contextWindow`: a user override wins, then what the log states (Codex), then the model table
 *   for the model of the main session's last request; otherwise unknown.
 */

export interface SessionLogInput {
  /** Path of the file (for sourceIssues); several slices of one file may be passed in order. */
  file: string;
  log: ParsedSessionLog;
}

export interface SummariseOptions {
  /** A window the user configured for this session or model (source "user"). */
  userContextWindow?: number | null;
}

export function summariseSession(inputs: readonly SessionLogInput[], options: SummariseOptions = {}): SessionSummary | null {
  if (inputs.length === 0) return null;
  const first = inputs[0];
  if (first === undefined) return null;
  const runtime: SessionRuntime = first.log.runtime;
  const mainInputs = inputs.filter((input) => input.log.agentId === null);
  const subagentInputs = inputs.filter((input) => input.log.agentId !== null);
  const sessionId = firstNonNull(inputs.map((input) => input.log.sessionId)) ?? "unknown";

  const allRequests = dedupeRequests(runtime, [
    ...mainInputs.flatMap((input) => input.log.requests),
    ...subagentInputs.flatMap((input) => input.log.requests),
  ]);
  const facts = totalsByAgent(allRequests);

  const models = uniqueInOrder([
    ...mainInputs.flatMap((input) => input.log.models),
    ...subagentInputs.flatMap((input) => input.log.models),
  ]);

  const compactionEvents: CompactionEvent[] = mainInputs.flatMap((input) => input.log.compactions);

  const main = facts.byAgent.get("");
  const peakContextTokens = main?.hasOwn ? main.peakOwn : null;
  const lastMainModel = facts.lastModel ?? lastNonNull(mainInputs.flatMap((input) => input.log.models));
  const window = resolveContextWindow(
    options.userContextWindow ?? null,
    lastNonNull(mainInputs.map((input) => input.log.contextWindow)) ?? lastNonNull(subagentInputs.map((input) => input.log.contextWindow)),
    lastMainModel,
  );

  return {
    runtime,
    sessionId,
    ...sessionTotals(facts),
    models,
    startedAt: earliest(inputs.map((input) => input.log.startedAt)),
    endedAt: latest(inputs.map((input) => input.log.endedAt)),
    // Slices are in file order, so the last value recorded is the current one.
    cwd: lastNonNull(mainInputs.map((input) => input.log.cwd)) ?? lastNonNull(subagentInputs.map((input) => input.log.cwd)),
    branch: lastNonNull(mainInputs.map((input) => input.log.branch)) ?? lastNonNull(subagentInputs.map((input) => input.log.branch)),
    compactions: compactionEvents.length,
    compactionEvents,
    peakContextTokens,
    contextWindow: window.tokens,
    contextWindowSource: window.source,
    subagents: summariseSubagents(subagentInputs, facts, allRequests),
    sourceIssues: sourceIssues(runtime, inputs),
    // The main session's own prompt, the earliest of its files' (a subagent's task is no title).
    title: mainInputs.reduce((found, input) => earlierPrompt(found, input.log.firstPrompt), null as ReturnType<typeof earlierPrompt>)?.text ?? null,
  };
}

/**
 * Groups logs by session id (subagent logs carry their parent's) and summarises each group.
 * A log with no session id is grouped under its file path, as the file stem names the session.
 */
export function summariseSessions(inputs: readonly SessionLogInput[], options: SummariseOptions = {}): SessionSummary[] {
  const groups = new Map<string, SessionLogInput[]>();
  for (const input of inputs) {
    const groupKey = `${input.log.runtime}\u0000${input.log.sessionId ?? `file:${input.file}`}`;
    const group = groups.get(groupKey);
    if (group === undefined) groups.set(groupKey, [input]);
    else group.push(input);
  }
  const summaries: SessionSummary[] = [];
  for (const group of groups.values()) {
    const summary = summariseSession(group, options);
    if (summary === null) continue;
    if (summary.sessionId === "unknown") summary.sessionId = fileStem(group[0]?.file ?? "unknown");
    summaries.push(summary);
  }
  return summaries;
}

export function resolveContextWindow(
  userWindow: number | null,
  logWindow: number | null,
  model: string | null,
): { tokens: number | null; source: ContextWindowSource } {
  if (userWindow !== null && userWindow > 0) return { tokens: userWindow, source: "user" };
  if (logWindow !== null && logWindow > 0) return { tokens: logWindow, source: "log" };
  const lookup = modelContextWindow(model);
  if (lookup.source === "model-table") return { tokens: lookup.tokens, source: "model-table" };
  return { tokens: null, source: "unknown" };
}

function summariseSubagents(subagentInputs: readonly SessionLogInput[], facts: AgentFacts, keptRequests: readonly RequestSample[]): SubagentSummary[] {
  const byAgent = new Map<string, SessionLogInput[]>();
  for (const input of subagentInputs) {
    const agentId = input.log.agentId;
    if (agentId === null) continue;
    const list = byAgent.get(agentId);
    if (list === undefined) byAgent.set(agentId, [input]);
    else list.push(input);
  }
  // A subagent whose own file is missing is known only from the copies of its requests in the
  // parent's `progress` lines (parse-claude-log.ts): it gets an entry too.
  for (const request of keptRequests) if (request.agentId !== null && !byAgent.has(request.agentId)) byAgent.set(request.agentId, []);
  const summaries: SubagentSummary[] = [];
  for (const [agentId, agentInputs] of byAgent) {
    // The session-level de-dup decides which copy counts; a subagent shows only what it kept.
    const { requests, inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens, reasoningTokens } = facts.byAgent.get(agentId) ?? emptyAgentTotals();
    const times = keptRequests.filter((request) => request.agentId === agentId).map((request) => request.timestamp);
    const ownFile = agentInputs.length > 0;
    summaries.push({
      agentId,
      agentType: firstNonNull(agentInputs.map((input) => input.log.agentType)),
      requests,
      inputTokens,
      cacheWriteTokens,
      cacheReadTokens,
      outputTokens,
      reasoningTokens,
      models: uniqueInOrder(ownFile ? agentInputs.flatMap((input) => input.log.models) : keptRequests.flatMap((request) => (request.agentId === agentId && request.model !== null ? [request.model] : []))),
      startedAt: ownFile ? earliest(agentInputs.map((input) => input.log.startedAt)) : earliest(times),
      endedAt: ownFile ? latest(agentInputs.map((input) => input.log.endedAt)) : latest(times),
      compactions: agentInputs.reduce((total, input) => total + input.log.compactions.length, 0),
    });
  }
  return summaries.sort((a, b) => compareNullableIso(a.startedAt, b.startedAt) || a.agentId.localeCompare(b.agentId));
}

function sourceIssues(runtime: SessionRuntime, inputs: readonly SessionLogInput[]): SourceIssue[] {
  const byFile = new Map<string, SourceIssue>();
  for (const input of inputs) {
    const badLines = input.log.badLines.length;
    const unknownEntries = Object.entries(input.log.unknownTypes);
    if (badLines === 0 && unknownEntries.length === 0) continue;
    let issue = byFile.get(input.file);
    if (issue === undefined) {
      issue = { source: runtime, file: input.file, badLines: 0, unknownTypes: {} };
      byFile.set(input.file, issue);
    }
    issue.badLines += badLines;
    for (const [type, count] of unknownEntries) issue.unknownTypes[type] = (issue.unknownTypes[type] ?? 0) + count;
  }
  return [...byFile.values()];
}

function uniqueInOrder(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function firstNonNull<T>(values: readonly (T | null)[]): T | null {
  for (const value of values) if (value !== null) return value;
  return null;
}

function lastNonNull<T>(values: readonly (T | null)[]): T | null {
  for (let index = values.length - 1; index >= 0; index -= 1) {
    const value = values[index];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

function earliest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const value of values) if (value !== null && (best === null || Date.parse(value) < Date.parse(best))) best = value;
  return best;
}

function latest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const value of values) if (value !== null && (best === null || Date.parse(value) > Date.parse(best))) best = value;
  return best;
}

function compareNullableIso(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return Date.parse(a) - Date.parse(b);
}

function fileStem(file: string): string {
  const name = file.split(/[\\/]/).pop() ?? file;
  return name.replace(/\.(jsonl?|db)$/i, "");
}
