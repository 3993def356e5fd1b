import { cleanText, describeRemoved, MAX_REQUEST_TOKENS, tokenCountProblem } from "../text/safe-values";
import { promptTokens } from "../tokens";
import { previewValue } from "./json-values";
import type { ParsedSessionLog, RequestSample } from "./types";

export interface ValueIssue {
  /** 1-based line, or null for a value of the whole file (its session id, cwd, branch, …). */
  line: number | null;
  message: string;
}

/**
 * The one check every parsed session log meets before ingest writes anything of it (both databases
 * alike; the rules are lib/core/text/safe-values.ts's): text loses NULs and lone surrogates, counts
 * are whole numbers from 0 to 10^8, the stated window and compaction figures are counts or nothing.
 * The parsers already report what they read wrongly on its line; this is the guarantee for every
 * value that reaches a row, whichever parser (or a future one) produced it. What it changes it
 * reports: on the request's or compaction's line when the value belongs to one, else for the file.
 * The log is changed in place.
 */
export function checkSessionLog(log: ParsedSessionLog): ValueIssue[] {
  const issues: ValueIssue[] = [];
  // A value repeated on many lines (a model name) is reported once, where it is first met.
  const reported = new Set<string>();
  const text = <T extends string | null>(value: T, what: string, line: number | null): T => {
    if (value === null) return value;
    const cleaned = cleanText(value);
    if (cleaned === null) return value;
    const key = `${what}\0${value}`;
    if (!reported.has(key)) {
      reported.add(key);
      issues.push({ line, message: `${what} held ${describeRemoved(cleaned)}: removed (${previewValue(cleaned.text)} kept)` });
    }
    return cleaned.text as T;
  };

  for (const request of log.requests) checkRequest(request, issues, text);

  // An id or place that was nothing but NULs is not recorded at all.
  log.sessionId = text(log.sessionId, "the session id", null) || null;
  log.agentId = text(log.agentId, "the agent id", null) || null;
  log.agentType = text(log.agentType, "the agent type", null) || null;
  log.cwd = text(log.cwd, "cwd", null) || null;
  log.branch = text(log.branch, "the branch", null) || null;
  if (log.firstPrompt) {
    // first-prompt.ts stores it clean already; this is the guarantee whichever parser produced it.
    const title = text(log.firstPrompt.text, "the first prompt", log.firstPrompt.line);
    log.firstPrompt = title.trim() === "" ? null : { ...log.firstPrompt, text: title };
  }
  const models = log.models.map((model) => text(model, "the model name", null)).filter((model) => model.length > 0);
  log.models = [...new Set(models)];
  if (log.contextWindow !== null && (tokenCountProblem(log.contextWindow) !== null || log.contextWindow <= 0)) {
    issues.push({ line: null, message: `the stated context window ${previewValue(log.contextWindow)} is not a window from 1 to 10^8 tokens: ignored` });
    log.contextWindow = null;
  }

  for (const compaction of log.compactions) {
    for (const field of ["preTokens", "postTokens"] as const) {
      const value = compaction[field];
      if (value === null || tokenCountProblem(value) === null) continue;
      issues.push({ line: compaction.line, message: `compaction ${field} ${previewValue(value)} is not a count from 0 to 10^8: not recorded` });
      compaction[field] = null;
    }
  }

  let unknownChanged = false;
  const unknownTypes: Record<string, number> = {};
  for (const [type, count] of Object.entries(log.unknownTypes)) {
    const cleaned = cleanText(type);
    if (cleaned !== null) unknownChanged = true;
    const name = cleaned === null ? type : cleaned.text;
    unknownTypes[name] = (unknownTypes[name] ?? 0) + count;
  }
  if (unknownChanged) {
    issues.push({ line: null, message: "a record type name held NUL characters or lone surrogates: removed" });
    log.unknownTypes = unknownTypes;
  }
  // Messages quote what they found (JSON.parse's own quotes a line as it was): stored clean, silently.
  for (const bad of log.badLines) bad.message = cleanText(bad.message)?.text ?? bad.message;
  return issues;
}

const COUNT_FIELDS = ["inputTokens", "cacheWriteTokens", "cacheReadTokens", "outputTokens", "reasoningTokens"] as const;

function checkRequest(request: RequestSample, issues: ValueIssue[], text: <T extends string | null>(value: T, what: string, line: number | null) => T): void {
  const line = request.line;
  request.key = text(request.key, "the request key", line) || `line:${line}`;
  if (request.responseId !== undefined) request.responseId = text(request.responseId, "the response id", line);
  request.model = text(request.model, "the model name", line) || null;
  request.agentId = text(request.agentId, "the agent id", line) || null;
  let changed = false;
  for (const field of COUNT_FIELDS) {
    const problem = tokenCountProblem(request[field]);
    if (problem === null) continue;
    issues.push({ line, message: `not a token count: ${field} is ${previewValue(request[field])} (${problem}), counted as 0` });
    request[field] = 0;
    changed = true;
  }
  if (request.reasoningTokens > request.outputTokens) request.reasoningTokens = request.outputTokens;
  const context = promptTokens(request);
  // Codex's context is its input (cache included), never more than the fields add up to.
  if (changed || !Number.isSafeInteger(request.contextTokens) || request.contextTokens < 0 || request.contextTokens > 3 * MAX_REQUEST_TOKENS) request.contextTokens = context;
  const estimate = request.toolResultTokens;
  if (estimate !== undefined && estimate !== null && (!Number.isSafeInteger(estimate) || estimate < 0)) request.toolResultTokens = null;
}
