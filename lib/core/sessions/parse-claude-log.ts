import { RUNTIME } from "../runtimes/runtimes";
import { nameTable } from "./json-bytes";
import { decodeRange, forEachJsonlLine, invalidJsonMessage, isObjectRange, jsonKind, notAnObjectMessage } from "./jsonl-reader";
import { asObject, asString, canonicalTimestamp, countType, ModelList, previewValue, reportMalformedTokenCounts, TimeRange, tokenCount, type JsonObject } from "./json-values";
import { tokenCountProblem } from "../text/safe-values";
import { ClaudeLineReader } from "./claude-line";
import { claudeLineFields, claudeLineShape, claudeShapeProblem, type ClaudeEnvelope, type ClaudeLineFields } from "./claude-line-fields";
import { claudePromptText, firstPromptOf, titlePending } from "./first-prompt";
import { dedupeRequests } from "./request-dedupe";
import { carriedToolResultBytes, toolResultTokens } from "./tool-results";
import type { BadLine, CompactionEvent, FirstPrompt, ParsedSessionLog, ParserCarryState, RequestSample } from "./types";

/**
 * Claude Code transcripts: `projects/<cwd>/<sessionId>.jsonl`, `<sessionId>/subagents/agent-<id>.jsonl`,
 * the 2.0.x flat `agent-<id>.jsonl`, and 1.0.x files with inline `isSidechain` lines.
 *
 * Which lines count: a line whose top-level `message.usage` is an object is one copy of an API
 * response (ccusage counts the same lines). A `progress` line (`data.type: "agent_progress"`) embeds
 * a subagent's own message, usage included (`data.message.message.usage`), which the subagent also
 * writes to its own file, unless that file is missing: each such copy is read as a request of that
 * subagent (`data.agentId`) under the same key (message id + request id) as its line in the
 * subagent's file, so the session-level de-duplication (request-dedupe.ts) counts the response once,
 * from whichever record holds it. A Task tool result's `toolUseResult.usage`/`totalTokens` only
 * repeats the subagent's totals (no per-request ids) and is never counted.
 */

export interface ClaudeLogOptions {
  /** 1-based number of the first line in `bytes` (incremental reads; default 1). */
  startLine?: number;
  /** Agent id from the file name (`agent-<id>.jsonl`) for subagent files; lines may also carry it. */
  agentId?: string | null;
  /** From the subagent's `.meta.json` when the caller read it. */
  agentType?: string | null;
  /**
   * JSON.parse every counted line whole instead of reading its fields from the bytes (the
   * reference the fast path is tested against; same results, slower).
   */
  fullParse?: boolean;
  /** What the previous slice of this file handed on (`carry` of its result). */
  carry?: ParserCarryState | null;
}

/** Types written by Claude Code 1.0.x–2.1.x; anything else is counted as format drift. */
const KNOWN_TYPES = new Set([
  "user",
  "assistant",
  "system",
  "summary",
  "progress",
  "attachment",
  "file-history-snapshot",
  "queue-operation",
  "last-prompt",
  "custom-title",
  "mode",
]);

/** Known types by slot, matched on bytes: between parsed lines, a known type is never decoded. */
const KNOWN_TYPE_NAMES = nameTable(Object.fromEntries([...KNOWN_TYPES].map((type, slot) => [type, slot])));
const SYSTEM_SLOT = [...KNOWN_TYPES].indexOf("system");
const USER_SLOT = [...KNOWN_TYPES].indexOf("user");
const ASSISTANT_SLOT = [...KNOWN_TYPES].indexOf("assistant");
const PROGRESS_SLOT = [...KNOWN_TYPES].indexOf("progress");
/** A progress line holds an embedded request only when these bytes occur in it. */
const USAGE_KEY = Uint8Array.from('"usage"', (char) => char.charCodeAt(0));

/** A line read for its fields: it holds a counted usage, or it is a `system` line. */
function isParsedLine(fields: ClaudeLineFields): boolean {
  return (fields.message !== null && asObject(fields.message.usage) !== null) || fields.type === "system";
}

/** Locally generated stand-ins (errors, interrupted turns): no API call was made. */
const SYNTHETIC_MODEL = "<synthetic>";

export function parseClaudeLog(bytes: Uint8Array, options: ClaudeLogOptions = {}): ParsedSessionLog {
  const state = new ClaudeLogState(options);
  const reader = options.fullParse === true ? null : new ClaudeLineReader(bytes);
  // Lines the reader did not walk have their tool results measured by the JavaScript walk, so both
  // paths measure the same bytes.
  let checker: ClaudeLineReader | null = null;
  // Every line is validated whole (a malformed line anywhere is reported), but only the lines that
  // count (top-level `message.usage` is an object) and `system` lines (compaction boundaries) are
  // read for their fields. Envelope lines before the first such line and after the last one give
  // their envelope; in between only their `type` is read, since the lines read already carry the
  // session's cwd, branch and times, in time order.
  let sawParsedLine = false;
  // Start and end of each line after the last parsed one, flat (a pair per line is garbage).
  const trailing: number[] = [];

  // Where a line goes once read, whichever way it was read: the walked line (`reader`), or its
  // fields parsed whole. (No closures: this runs for every line.)
  const route = (start: number, end: number, lineNumber: number, parsed: boolean, typeKnown: boolean, line: ClaudeLineReader | ClaudeLineFields) => {
    if (parsed) {
      state.handleFields(line instanceof ClaudeLineReader ? line.fields() : line, lineNumber);
      sawParsedLine = true;
      trailing.length = 0;
    } else if (!sawParsedLine) {
      state.handleEnvelope(line instanceof ClaudeLineReader ? line.envelope() : line);
    } else {
      if (!typeKnown) state.countType(asString(line instanceof ClaudeLineReader ? line.envelope().type : line.type), false);
      trailing.push(start, end);
    }
  };

  const newlineFrom = reader === null ? undefined : (from: number) => reader.newlineFrom(from);
  const read = forEachJsonlLine(bytes, { startLine: options.startLine, newlineFrom }, (start, end, lineNumber) => {
    if (!isObjectRange(bytes, start, end)) {
      state.badLines.push({ line: lineNumber, message: notAnObjectMessage(bytes, start, end) });
      return;
    }
    if (reader === null || !reader.walk(start, end)) {
      // The reference path, a line the walk rejected (JSON.parse words why), or one nested deeper
      // than the walk goes (JSON.parse reads it).
      const fields = parseWholeLine(bytes, start, end, lineNumber, state.badLines);
      if (fields === null) return;
      if (fields.type === "user" || fields.type === "assistant") state.sawActivity = true;
      if (fields.type === "progress") state.readProgressCopy(bytes, start, end, lineNumber);
      if (fields.type === "user" && state.wantsPrompt(fields.isSidechain === true)) state.readPrompt(bytes, start, end, lineNumber);
      if (fields.type === "user" && state.tracksToolResults(fields.isSidechain === true)) {
        checker ??= new ClaudeLineReader(bytes, null);
        // A line nested deeper than the walk goes (JSON.parse read it) counts no tool-result bytes.
        if (checker.walk(start, end)) state.addToolResultBytes(checker.toolResultBytes());
      }
      const typeKnown = typeof fields.type === "string" && KNOWN_TYPES.has(fields.type);
      route(start, end, lineNumber, isParsedLine(fields), typeKnown, fields);
      return;
    }
    const problem = reader.shapeProblem();
    if (problem !== null) state.badLines.push({ line: lineNumber, message: problem });
    const known = reader.typeSlot(KNOWN_TYPE_NAMES);
    if (known === USER_SLOT || known === ASSISTANT_SLOT) state.sawActivity = true;
    // A subagent's request embedded in the parent's log: parsed whole (a few lines per subagent turn).
    if (known === PROGRESS_SLOT && reader.rangeContains(USAGE_KEY, start, end)) state.readProgressCopy(bytes, start, end, lineNumber);
    if (known === USER_SLOT && state.tracksToolResults(reader.isSidechain())) state.addToolResultBytes(reader.toolResultBytes());
    // Until the first human prompt is found, a user line that is no tool result is parsed whole for
    // its text (a handful of lines per file; the walk never decodes content).
    if (known === USER_SLOT && state.wantsPrompt(reader.isSidechain()) && reader.toolResultBytes() === 0) state.readPrompt(bytes, start, end, lineNumber);
    route(start, end, lineNumber, reader.hasUsage() || known === SYSTEM_SLOT, known >= 0, reader);
  });

  // Lines after the last parsed one: their envelope (their types were counted above).
  for (let index = 0; index < trailing.length; index += 2) {
    const start = trailing[index]!;
    const end = trailing[index + 1]!;
    if (reader !== null && reader.walk(start, end)) {
      state.handleEnvelope(reader.envelope(), false);
    } else {
      const fields = parseWholeLine(bytes, start, end, 0, []);
      if (fields !== null) state.handleEnvelope(fields, false);
    }
  }

  if (read.pendingTail !== null) {
    state.badLines.push({
      line: read.pendingTail.lineNumber,
      message: "incomplete last line (no newline, not valid JSON): not consumed, read again next scan",
    });
  }

  return {
    runtime: RUNTIME.claudeCode,
    sessionId: state.sessionId,
    agentId: state.agentId,
    agentType: options.agentType ?? null,
    cwd: state.cwd,
    branch: state.branch,
    models: state.models.list,
    startedAt: state.time.startedAt,
    endedAt: state.time.endedAt,
    contextWindow: null,
    hasActivity: state.sawActivity || state.requests.length > 0,
    requests: dedupeRequests(RUNTIME.claudeCode, state.requests),
    compactions: state.compactions,
    unknownTypes: state.unknownTypes,
    badLines: state.badLines.sort((a, b) => a.line - b.line),
    consumedBytes: read.consumedBytes,
    consumedLines: read.consumedLines,
    firstPrompt: state.firstPrompt,
    carry: { toolResultBytes: state.toolResultBytes, titlePending: state.promptPending && state.firstPrompt === null },
  };
}

class ClaudeLogState {
  sessionId: string | null = null;
  agentId: string | null;
  cwd: string | null = null;
  branch: string | null = null;
  readonly models = new ModelList();
  readonly time = new TimeRange();
  readonly requests: RequestSample[] = [];
  readonly compactions: CompactionEvent[] = [];
  readonly unknownTypes: Record<string, number> = {};
  readonly badLines: BadLine[] = [];
  /** A user or assistant line was read (the conversation happened, counted or not). */
  sawActivity = false;
  private readonly fileAgentId: string | null;
  /** Bytes of tool results sent since the file's start or its last compaction (tool-results.ts). */
  toolResultBytes: number;
  /** The session's first human prompt, when this read found it. */
  firstPrompt: FirstPrompt | null = null;
  /** Whether this file may still hold the session's first prompt (not a subagent's; not found in an earlier read). */
  readonly promptPending: boolean;

  constructor(options: ClaudeLogOptions) {
    this.fileAgentId = options.agentId ?? null;
    this.agentId = this.fileAgentId;
    this.toolResultBytes = carriedToolResultBytes(options.carry);
    // A subagent's first turn is the task the main agent wrote, not a person's prompt.
    this.promptPending = this.fileAgentId === null && titlePending(options.carry);
  }

  /** Whether a user line should be read for the session's first prompt. */
  wantsPrompt(isSidechain: boolean): boolean {
    return this.promptPending && this.firstPrompt === null && !isSidechain;
  }

  /** The line parsed whole; its text becomes the first prompt when it is a human one. */
  readPrompt(bytes: Uint8Array, start: number, end: number, lineNumber: number): void {
    let record: unknown;
    try {
      record = JSON.parse(decodeRange(bytes, start, end));
    } catch {
      return;
    }
    const object = asObject(record);
    if (object === null || asString(object.agentId) !== null) return;
    this.firstPrompt = firstPromptOf(claudePromptText(object), object.timestamp, lineNumber);
  }

  /**
   * Whose context a line's tool results join: a subagent file's lines are all its own; in a main
   * file, sidechain lines (1.0.x inline Task messages) belong to another context and are left out.
   */
  tracksToolResults(isSidechain: boolean): boolean {
    return this.fileAgentId !== null || !isSidechain;
  }

  addToolResultBytes(bytes: number): void {
    this.toolResultBytes += bytes;
  }

  countType(type: string | null, hasUsage: boolean): void {
    if (type === null) {
      // ccusage's own fixtures carry usage lines with no `type`; those are assistant lines.
      if (!hasUsage) countType(this.unknownTypes, "(no type)");
    } else if (!KNOWN_TYPES.has(type)) {
      countType(this.unknownTypes, type);
    }
  }

  /** Envelope of a line that is not read for its fields. */
  handleEnvelope(envelope: ClaudeEnvelope, countTypes = true): void {
    const type = asString(envelope.type);
    if (countTypes) this.countType(type, false);
    this.applyEnvelope(asString(envelope.timestamp), asString(envelope.cwd), asString(envelope.gitBranch), asString(envelope.sessionId), asString(envelope.agentId));
  }

  private applyEnvelope(timestamp: string | null, cwd: string | null, gitBranch: string | null, sessionId: string | null, agentId: string | null): void {
    this.time.addValue(timestamp);
    if (cwd !== null) this.cwd = cwd;
    if (gitBranch !== null) this.branch = gitBranch;
    if (this.sessionId === null && sessionId !== null) this.sessionId = sessionId;
    if (this.agentId === null && agentId !== null) this.agentId = agentId;
  }

  handleFields(record: ClaudeLineFields, lineNumber: number): void {
    const message = record.message;
    const usage = message === null ? null : asObject(message.usage);
    const type = asString(record.type);
    this.countType(type, usage !== null);
    this.applyEnvelope(
      asString(record.timestamp),
      asString(record.cwd),
      asString(record.gitBranch),
      asString(record.sessionId),
      asString(record.agentId),
    );

    if (type === "system" && record.subtype === "compact_boundary") {
      // The context starts again from the summary.
      this.toolResultBytes = 0;
      const metadata = asObject(record.compactMetadata);
      const trigger = metadata?.trigger;
      this.compactions.push({
        timestamp: canonicalTimestamp(record.timestamp),
        trigger: trigger === "auto" || trigger === "manual" ? trigger : null,
        preTokens: compactionCount(metadata, "preTokens", lineNumber, this.badLines),
        postTokens: compactionCount(metadata, "postTokens", lineNumber, this.badLines),
        line: lineNumber,
      });
    }

    if (message === null || usage === null) return;
    this.addRequest(record, message, usage, lineNumber, {
      agentId: this.fileAgentId ?? asString(record.agentId),
      isSidechain: record.isSidechain === true,
      where: "message.usage",
    });
  }

  /**
   * A `progress` line's embedded subagent message (`data.message`, an assistant line as the
   * subagent's own file writes it): one more copy of that request, keyed as that line is, so it
   * counts once whether or not the subagent's file is there. A copy with neither a message id nor a
   * uuid could never be matched with its own record and is not counted (docs/token-accounting.md).
   */
  readProgressCopy(bytes: Uint8Array, start: number, end: number, lineNumber: number): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeRange(bytes, start, end));
    } catch {
      // Reported by the line's own validation.
      return;
    }
    const data = asObject(asObject(parsed)?.data);
    const embedded = asObject(data?.message);
    if (data === null || embedded === null) return;
    const fields = claudeLineFields(embedded);
    const message = fields.message;
    const usage = message === null ? null : asObject(message.usage);
    if (message === null || usage === null) return;
    if (asString(message.id) === null && asString(fields.uuid) === null) return;
    this.time.addValue(asString(fields.timestamp));
    this.addRequest(fields, message, usage, lineNumber, {
      agentId: asString(data.agentId) ?? asString(fields.agentId) ?? this.fileAgentId,
      // A subagent's request, whatever the line's own flag: it never joins the main context.
      isSidechain: true,
      where: "data.message.message.usage",
    });
  }

  private addRequest(
    record: ClaudeLineFields,
    message: NonNullable<ClaudeLineFields["message"]>,
    usage: JsonObject,
    lineNumber: number,
    owner: { agentId: string | null; isSidechain: boolean; where: string },
  ): void {
    const model = asString(message.model);
    if (model === SYNTHETIC_MODEL) return;
    this.models.add(model);

    reportMalformedTokenCounts(this.badLines, lineNumber, usage, USAGE_FIELDS, owner.where);
    const inputTokens = tokenCount(usage.input_tokens);
    const cacheReadTokens = tokenCount(usage.cache_read_input_tokens);
    const cacheWriteTokens = this.cacheWriteCount(usage, lineNumber, owner.where);
    const cacheWrite1hTokens = Math.min(cacheWriteTokens, oneHourCacheWrite(usage));
    const outputTokens = tokenCount(usage.output_tokens);
    const responseId = asString(message.id);
    const requestId = asString(record.requestId);
    const uuid = asString(record.uuid);
    const key =
      responseId !== null ? `${responseId}:${requestId ?? ""}` : uuid !== null ? `uuid:${uuid}` : `line:${lineNumber}`;

    this.requests.push({
      key,
      responseId,
      timestamp: canonicalTimestamp(record.timestamp),
      model,
      inputTokens,
      cacheWriteTokens,
      cacheReadTokens,
      outputTokens,
      // Anthropic's usage does not split thinking tokens out of output_tokens.
      reasoningTokens: 0,
      contextTokens: inputTokens + cacheWriteTokens + cacheReadTokens,
      toolResultTokens: this.tracksToolResults(owner.isSidechain) ? toolResultTokens(this.toolResultBytes) : null,
      agentId: owner.agentId,
      isSidechain: owner.isSidechain,
      line: lineNumber,
      ...(cacheWrite1hTokens > 0 ? { cacheWrite1hTokens } : {}),
      // Older Claude Code versions wrote what they reckoned the request cost; kept beside the estimate.
      ...(typeof record.costUSD === "number" && Number.isFinite(record.costUSD) && record.costUSD >= 0 ? { recordedCostUsd: record.costUSD } : {}),
    });
  }

  /**
   * `cache_creation_input_tokens`, or the 5m + 1h split when only that was written (then a
   * non-number `cache_creation_input_tokens` is superseded, not miscounted); the counts used are checked.
   */
  private cacheWriteCount(usage: JsonObject, lineNumber: number, where: string): number {
    const split = typeof usage.cache_creation_input_tokens === "number" ? null : asObject(usage.cache_creation);
    if (split === null) {
      reportMalformedTokenCounts(this.badLines, lineNumber, usage, CACHE_WRITE_FIELDS, where);
      return tokenCount(usage.cache_creation_input_tokens);
    }
    reportMalformedTokenCounts(this.badLines, lineNumber, split, CACHE_SPLIT_FIELDS, `${where}.cache_creation`);
    return tokenCount(split.ephemeral_5m_input_tokens) + tokenCount(split.ephemeral_1h_input_tokens);
  }
}

/** The 1-hour part of the cache write, when the log splits it (checked and reported by cacheWriteCount). */
function oneHourCacheWrite(usage: JsonObject): number {
  const split = asObject(usage.cache_creation);
  if (split === null) return 0;
  const value = split.ephemeral_1h_input_tokens;
  return tokenCountProblem(value) === null ? (value as number) : 0;
}

/** A compaction's token figure when it is a count; anything else is reported and not recorded. */
function compactionCount(metadata: JsonObject | null, field: string, line: number, badLines: BadLine[]): number | null {
  const value = metadata?.[field];
  if (value === undefined || value === null) return null;
  const problem = tokenCountProblem(value);
  if (problem === null) return value as number;
  badLines.push({ line, message: `compactMetadata.${field} is ${previewValue(value)} (${problem}): not recorded` });
  return null;
}

const USAGE_FIELDS = ["input_tokens", "cache_read_input_tokens", "output_tokens"] as const;
const CACHE_WRITE_FIELDS = ["cache_creation_input_tokens"] as const;
const CACHE_SPLIT_FIELDS = ["ephemeral_5m_input_tokens", "ephemeral_1h_input_tokens"] as const;

/** The slow path: the line decoded and parsed whole (also what words a bad line's error). */
function parseWholeLine(bytes: Uint8Array, start: number, end: number, lineNumber: number, badLines: BadLine[]): ClaudeLineFields | null {
  let parsed: unknown;
  const text = decodeRange(bytes, start, end);
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    badLines.push({ line: lineNumber, message: invalidJsonMessage(error, text) });
    return null;
  }
  const record = asObject(parsed);
  if (record === null) {
    badLines.push({ line: lineNumber, message: `not a JSON object (${jsonKind(parsed)})` });
    return null;
  }
  const problem = claudeShapeProblem(claudeLineShape(record));
  if (problem !== null) badLines.push({ line: lineNumber, message: problem });
  return claudeLineFields(record);
}
