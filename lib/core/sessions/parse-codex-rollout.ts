import { RUNTIME } from "../runtimes/runtimes";
import { decodeRange, forEachJsonlLine, isObjectRange, jsonKind, notAnObjectMessage, notAnObjectText, scanTopLevelRanges, stringInRange } from "./jsonl-reader";
import { MAX_REQUEST_TOKENS, tokenCountProblem } from "../text/safe-values";
import {
  asObject,
  asString,
  countType,
  canonicalTimestamp,
  isDateOrAbsent,
  isoFromMs,
  ModelList,
  parseJsonObject,
  previewValue,
  reportMalformedTokenCounts,
  TimeRange,
  timestampMs,
  type JsonObject,
} from "./json-values";
import { CodexPromptFinder } from "./first-prompt";
import { dedupeRequests } from "./request-dedupe";
import { toolResultTokens } from "./tool-results";
import type { BadLine, CompactionEvent, ParsedSessionLog, ParserCarryState, RequestSample } from "./types";
import { readCarry, type CodexCarry } from "./codex-rollout-carry";
import { subtractUsage, USAGE_FIELDS, usageCounts, type CumulativeUsage } from "./codex-usage";

/**
 * Codex CLI rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`, lines
 * `{timestamp, type, payload}` (and the pre-envelope legacy shape, which records no usage).
 *
 * Usage sources, in order of trust:
 * 1. `token_usage_record` (Codex ≥ 0.17x): one line per API response, keyed by `response_id`.
 *    Once a file has one, `event_msg/token_count` lines are ignored for usage: they repeat it.
 * 2. `event_msg/token_count` (all versions): `last_token_usage` per event. Codex re-emits the same
 *    event (only `rate_limits` differ) and, after a compaction, emits one with a zeroed
 *    `last_token_usage` and an estimated `total_tokens`. So an event whose cumulative
 *    `total_token_usage` equals the previous one is a repeat and is skipped, and an all-zero
 *    usage is skipped. Events with only `total_token_usage` count the delta from the previous total.
 *
 * Mapping (OpenAI reports `input_tokens` including cached tokens, `output_tokens` including
 * reasoning): input = input − cached − cache_write, cacheRead = cached, cacheWriteTokens = cache_write,
 * output = output, reasoning = reasoning_output_tokens.
 */

export interface CodexRolloutOptions {
  /** 1-based number of the first line in `bytes` (incremental reads; default 1). */
  startLine?: number;
  /** `carry` from the previous read of the same file, unchanged. */
  carry?: ParserCarryState | null;
}

const KNOWN_TYPES = new Set([
  "session_meta",
  "turn_context",
  "world_state",
  "response_item",
  "event_msg",
  "token_usage_record",
  "compacted",
]);

/** Item types of the legacy pre-envelope rollouts (items written bare, no usage). */
const LEGACY_ITEM_TYPES = new Set([
  "message",
  "reasoning",
  "function_call",
  "function_call_output",
  "local_shell_call",
  "custom_tool_call",
  "custom_tool_call_output",
  "web_search_call",
]);

const ENVELOPE_KEYS = new Set(["timestamp", "type", "payload"]);
const PAYLOAD_TYPE_KEY = new Set(["type"]);
const TURN_CONTEXT_KEYS = new Set(["model", "cwd", "turn_id"]);

export function parseCodexRollout(bytes: Uint8Array, options: CodexRolloutOptions = {}): ParsedSessionLog {
  const state = new CodexState(readCarry(options.carry));
  const ranges = new Map<string, [number, number]>();
  const inner = new Map<string, [number, number]>();

  const read = forEachJsonlLine(bytes, { startLine: options.startLine }, (start, end, lineNumber) => {
    if (!isObjectRange(bytes, start, end)) {
      state.badLines.push({ line: lineNumber, message: notAnObjectMessage(bytes, start, end) });
      return;
    }
    // `timestamp` and `type` open every envelope line; the scan stops where `payload` starts, so
    // large payloads (response items, instructions) are never walked for lines we do not read.
    if (!scanTopLevelRanges(bytes, start, end, ENVELOPE_KEYS, ranges, false, "payload")) {
      state.badLines.push({ line: lineNumber, message: notAnObjectMessage(bytes, start, end) });
      return;
    }
    if (!ranges.has("type") && ranges.has("payload") && !scanTopLevelRanges(bytes, start, end, ENVELOPE_KEYS, ranges)) {
      state.badLines.push({ line: lineNumber, message: notAnObjectMessage(bytes, start, end) });
      return;
    }
    const type = stringInRange(bytes, ranges.get("type"));
    const timestampRange = ranges.get("timestamp");
    const timestamp: unknown =
      stringInRange(bytes, timestampRange) ?? (timestampRange === undefined ? null : Number(decodeRange(bytes, timestampRange[0], timestampRange[1])));
    if (timestampRange !== undefined && !isDateOrAbsent(timestamp)) {
      const raw = decodeRange(bytes, timestampRange[0], timestampRange[1]);
      if (raw !== "null" && raw !== '""') state.badLines.push({ line: lineNumber, message: `timestamp is ${raw.length > 40 ? `${raw.slice(0, 39)}…` : raw}, not a date: ignored` });
    }
    state.time.addValue(timestamp);

    if (type !== null && !KNOWN_TYPES.has(type)) {
      if (!LEGACY_ITEM_TYPES.has(type)) countType(state.unknownTypes, type);
      else if (type === "message" && state.prompts.wantsItem()) state.prompts.readItem(parseJsonObject(decodeRange(bytes, start, end)), timestamp, lineNumber);
      return;
    }
    const payload = ranges.get("payload");
    if (type === "response_item") {
      state.sawActivity = true;
      if (payload === undefined || bytes[payload[0]] !== 123) {
        state.badLines.push({ line: lineNumber, message: `payload is ${payload === undefined ? "missing" : payloadKind(bytes, payload[0])}, not an object: not read` });
        return;
      }
      // A tool's output sent back to the model: its size feeds the tool-results estimate (never parsed).
      if (scanTopLevelRanges(bytes, payload[0], end - 1, PAYLOAD_TYPE_KEY, inner, true)) {
        const itemType = stringInRange(bytes, inner.get("type"));
        if (itemType === "function_call_output" || itemType === "custom_tool_call_output") state.addToolResultBytes(end - 1 - payload[0]);
        // Until the first prompt is found, messages are parsed for it (a few lines per rollout).
        if (itemType === "message" && state.prompts.wantsItem()) state.prompts.readItem(asObject(parseJsonObject(decodeRange(bytes, start, end))?.payload), timestamp, lineNumber);
      }
      return;
    }
    if (type === "event_msg") {
      // The payload's own `type` comes first; only three event types carry anything we read.
      // (When that quick read fails, the line is parsed in full and judged there.)
      if (payload !== undefined && scanTopLevelRanges(bytes, payload[0], end - 1, PAYLOAD_TYPE_KEY, inner, true)) {
        const eventType = stringInRange(bytes, inner.get("type"));
        if ((eventType === "user_message" || eventType === "item_completed") && state.prompts.wantsEvent()) {
          state.prompts.readEvent(asObject(parseJsonObject(decodeRange(bytes, start, end))?.payload), timestamp, lineNumber);
          return;
        }
        if (eventType !== "token_count" && eventType !== "task_started" && eventType !== "context_compacted") return;
      }
    } else if (type === "turn_context" && payload !== undefined && state.handleTurnContextBytes(bytes, payload[0], end - 1, inner)) {
      return;
    } else if (!needsFullParse(type)) {
      return;
    }
    const text = decodeRange(bytes, start, end);
    const record = parseJsonObject(text);
    if (record === null) {
      state.badLines.push({ line: lineNumber, message: notAnObjectText(text) });
      return;
    }
    state.handle(type, record, timestamp, lineNumber);
  });

  if (read.pendingTail !== null) {
    state.badLines.push({
      line: read.pendingTail.lineNumber,
      message: "incomplete last line (no newline, not valid JSON): not consumed, read again next scan",
    });
  }
  return state.result(read.consumedBytes, read.consumedLines);
}

/** Which other lines carry anything we read; response items and world state are skipped unparsed. */
function needsFullParse(type: string | null): boolean {
  switch (type) {
    case "session_meta":
    case "turn_context":
    case "token_usage_record":
    case "compacted":
      return true;
    case null:
      // Legacy header `{id, timestamp, …}` and `{record_type: …}` lines.
      return true;
    default:
      return false;
  }
}

class CodexState {
  readonly time = new TimeRange();
  readonly models = new ModelList();
  readonly requests: RequestSample[] = [];
  readonly compactions: CompactionEvent[] = [];
  readonly unknownTypes: Record<string, number> = {};
  readonly badLines: BadLine[] = [];
  /** Whether this read saw the conversation do anything (a response item: a message or a tool call). */
  sawActivity = false;
  private sawAnySessionMeta: boolean;
  /** Raw timestamp of the line being handled (kept as written when already canonical ISO). */
  private lineTimestamp: unknown = null;

  addToolResultBytes(bytes: number): void {
    this.carry.toolResultBytes += bytes;
  }

  /** The first prompt (first-prompt.ts CodexPromptFinder): its own turns only, not a subagent's task, not a fork's replay. */
  readonly prompts = new CodexPromptFinder(() => this.carry.titlePending && this.carry.agentId === null && this.carry.inheritedUntil === "none", () => this.requests.length);

  constructor(private readonly carry: CodexCarry) {
    this.sawAnySessionMeta = carry.sessionId !== null;
    this.models.add(carry.model);
  }

  handle(type: string | null, record: JsonObject, timestamp: unknown, lineNumber: number): void {
    const ms = timestampMs(timestamp);
    this.lineTimestamp = timestamp;
    const payload = asObject(record.payload);
    if (type === null) {
      this.handleLegacy(record);
      return;
    }
    if (payload === null) {
      this.badLines.push({ line: lineNumber, message: `payload is ${record.payload === undefined ? "missing" : jsonKind(record.payload)}, not an object: not read` });
      return;
    }
    switch (type) {
      case "session_meta":
        this.handleSessionMeta(payload);
        return;
      case "turn_context":
        this.handleTurnContext(payload);
        return;
      case "token_usage_record":
        this.handleUsageRecord(payload, ms, lineNumber);
        return;
      case "compacted":
        this.compactions.push({ timestamp: isoFromMs(ms), trigger: null, preTokens: null, postTokens: null, line: lineNumber });
        this.carry.compactedSinceRequest = true;
        this.carry.toolResultBytes = 0;
        return;
      case "event_msg":
        this.handleEvent(payload, ms, lineNumber);
        return;
      default:
        return;
    }
  }

  private handleLegacy(record: JsonObject): void {
    if (record.record_type !== undefined) return;
    const id = asString(record.id);
    if (id !== null && this.carry.sessionId === null) this.carry.sessionId = id;
  }

  private handleSessionMeta(payload: JsonObject): void {
    const id = asString(payload.id) ?? asString(payload.session_id);
    if (this.sawAnySessionMeta) {
      // A fork/subagent rollout embeds the parent's session_meta before replaying its history.
      return;
    }
    this.sawAnySessionMeta = true;
    const spawn = asObject(asObject(asObject(payload.source)?.subagent)?.thread_spawn);
    const parentThreadId = asString(spawn?.parent_thread_id) ?? (spawn !== null ? asString(payload.parent_thread_id) : null);
    if (parentThreadId !== null && id !== null) {
      // A spawned subagent: its usage rolls up into the parent session.
      this.carry.sessionId = parentThreadId;
      this.carry.agentId = id;
      this.carry.agentType = asString(spawn?.agent_role) ?? asString(payload.agent_role) ?? asString(payload.agent_nickname);
    } else {
      this.carry.sessionId = id;
    }
    if (parentThreadId !== null || asString(payload.forked_from_id) !== null) {
      this.carry.inheritedUntil = "own-turn";
      this.carry.ownIdPrefix = id === null ? null : uuidTimePrefix(id);
    }
    const cwd = asString(payload.cwd);
    if (cwd !== null) this.carry.cwd = cwd;
    const branch = asString(asObject(payload.git)?.branch);
    if (branch !== null) this.carry.branch = branch;
  }

  private handleTurnContext(payload: JsonObject): void {
    this.applyTurnContext(
      asString(payload.model) ?? asString(asObject(asObject(payload.collaboration_mode)?.settings)?.model),
      asString(payload.cwd),
      asString(payload.turn_id),
    );
  }

  /**
   * turn_context lines repeat the turn's instructions (often most of the line); read model, cwd and
   * turn id without parsing them. Returns false when the model is not a plain member (then the
   * line is parsed in full for the `collaboration_mode.settings.model` fallback).
   */
  handleTurnContextBytes(bytes: Uint8Array, start: number, end: number, out: Map<string, [number, number]>): boolean {
    if (!scanTopLevelRanges(bytes, start, end, TURN_CONTEXT_KEYS, out, true)) return false;
    const model = stringInRange(bytes, out.get("model"));
    if (model === null) return false;
    this.applyTurnContext(model, stringInRange(bytes, out.get("cwd")), stringInRange(bytes, out.get("turn_id")));
    return true;
  }

  private applyTurnContext(model: string | null, cwd: string | null, turnId: string | null): void {
    if (model !== null) {
      this.carry.model = model;
      this.models.add(model);
    }
    if (cwd !== null) this.carry.cwd = cwd;
    if (this.carry.inheritedUntil === "own-turn") {
      // The replayed parent turns carry the parent's (older) UUIDv7 turn ids; the fork's own first
      // turn is minted at or after the fork's own id.
      const ownPrefix = this.carry.ownIdPrefix;
      if (turnId === null || ownPrefix === null || uuidTimePrefix(turnId) >= ownPrefix) {
        this.carry.inheritedUntil = "none";
      }
    }
  }

  /**
   * A usage object's counts; one that is not a count is reported on the line and counts 0. One
   * request's counts are bounded by 10^8; the session's running total (`cumulative`) only by exact
   * integers.
   */
  private usageCounts(usage: JsonObject, lineNumber: number, where: string, cumulative = false): CumulativeUsage {
    const max = cumulative ? Number.MAX_SAFE_INTEGER : MAX_REQUEST_TOKENS;
    reportMalformedTokenCounts(this.badLines, lineNumber, usage, USAGE_FIELDS, where, max);
    return usageCounts(usage, max);
  }

  /** A stated context window: a whole number from 1 to 10^8, else reported and not taken. */
  private takeWindow(value: unknown, where: string, lineNumber: number): void {
    if (value === undefined || value === null) return;
    if (tokenCountProblem(value) === null && (value as number) > 0) {
      this.carry.contextWindow = value as number;
      return;
    }
    this.badLines.push({ line: lineNumber, message: `${where} is ${previewValue(value)}, not a context window: ignored` });
  }

  private handleUsageRecord(payload: JsonObject, ms: number | null, lineNumber: number): void {
    this.carry.usesUsageRecords = true;
    const usage = asObject(payload.usage);
    if (usage === null || this.carry.inheritedUntil !== "none") return;
    const responseId = asString(payload.response_id);
    const key = responseId ?? `line:${lineNumber}`;
    this.pushRequest(key, responseId, this.usageCounts(usage, lineNumber, "payload.usage"), asString(payload.model), ms, lineNumber);
  }

  private handleEvent(payload: JsonObject, ms: number | null, lineNumber: number): void {
    const eventType = payload.type;
    if (eventType === "task_started") {
      this.takeWindow(payload.model_context_window, "payload.model_context_window", lineNumber);
      return;
    }
    if (eventType === "context_compacted") {
      // Older Codex writes a `compacted` line and then this event for the same compaction.
      if (!this.carry.compactedSinceRequest) {
        this.compactions.push({ timestamp: isoFromMs(ms), trigger: null, preTokens: null, postTokens: null, line: lineNumber });
        this.carry.compactedSinceRequest = true;
      }
      this.carry.toolResultBytes = 0;
      return;
    }
    if (eventType !== "token_count") return;
    const info = asObject(payload.info);
    if (info === null) {
      // Codex writes `info: null` before the first response (rate limits only); anything else is wrong.
      if (payload.info !== null && payload.info !== undefined) this.badLines.push({ line: lineNumber, message: `payload.info is ${previewValue(payload.info)}, not an object: no tokens counted` });
      return;
    }
    this.takeWindow(info.model_context_window, "payload.info.model_context_window", lineNumber);

    const totalUsage = asObject(info.total_token_usage);
    const lastUsage = asObject(info.last_token_usage);
    const total = totalUsage === null ? null : this.usageCounts(totalUsage, lineNumber, "payload.info.total_token_usage", true);
    const totalKey = total === null ? null : JSON.stringify(total);
    const previous = this.carry.previousTotal;
    if (totalKey !== null) {
      if (totalKey === previous) return;
      this.carry.previousTotal = totalKey;
    }
    if (this.carry.usesUsageRecords || this.carry.inheritedUntil !== "none") return;

    let counts: CumulativeUsage | null = lastUsage === null ? null : this.usageCounts(lastUsage, lineNumber, "payload.info.last_token_usage");
    if (counts === null && total !== null) counts = this.requestDelta(subtractUsage(total, previous === null ? null : (JSON.parse(previous) as CumulativeUsage)), lineNumber);
    if (counts === null) return;
    if (counts.input === 0 && counts.cached === 0 && counts.output === 0 && counts.reasoning === 0) return;
    // The cumulative total identifies the event within its file, and survives re-reads.
    const key = total !== null ? `token_count:${total.total}:${total.input}:${total.output}` : `line:${lineNumber}`;
    const model = asString(payload.model) ?? asString(info.model) ?? asString(info.model_name);
    this.pushRequest(key, null, counts, model, ms, lineNumber);
  }

  /** A request's counts taken as the difference of two running totals: each field bounded as one request's. */
  private requestDelta(delta: CumulativeUsage, lineNumber: number): CumulativeUsage {
    const over = (Object.keys(delta) as (keyof CumulativeUsage)[]).filter((field) => field !== "total" && delta[field] > MAX_REQUEST_TOKENS);
    if (over.length === 0) return delta;
    this.badLines.push({
      line: lineNumber,
      message: `not a token count: payload.info.total_token_usage grew by ${over.map((field) => `${delta[field]} ${field}`).join(", ")} (over 10^8 for one request), counted as 0`,
    });
    for (const field of over) delta[field] = 0;
    return delta;
  }

  private pushRequest(
    key: string,
    responseId: string | null,
    counts: CumulativeUsage,
    eventModel: string | null,
    ms: number | null,
    lineNumber: number,
  ): void {
    const model = eventModel ?? this.carry.model;
    this.models.add(model);
    const cacheRead = Math.min(counts.cached, counts.input);
    const cacheWriteTokens = Math.min(counts.cacheWriteTokens, counts.input - cacheRead);
    const input = counts.input - cacheRead - cacheWriteTokens;
    this.carry.compactedSinceRequest = false;
    this.requests.push({
      key,
      responseId,
      timestamp: canonicalTimestamp(this.lineTimestamp),
      model,
      inputTokens: input,
      cacheWriteTokens,
      cacheReadTokens: cacheRead,
      outputTokens: counts.output,
      reasoningTokens: Math.min(counts.reasoning, counts.output),
      contextTokens: counts.input,
      toolResultTokens: toolResultTokens(this.carry.toolResultBytes),
      agentId: this.carry.agentId,
      line: lineNumber,
    });
  }

  result(consumedBytes: number, consumedLines: number): ParsedSessionLog {
    const carry = this.carry;
    const firstPrompt = this.prompts.found();
    return {
      runtime: RUNTIME.codex,
      sessionId: carry.sessionId,
      agentId: carry.agentId,
      agentType: carry.agentType,
      cwd: carry.cwd,
      branch: carry.branch,
      models: this.models.list,
      startedAt: this.time.startedAt,
      endedAt: this.time.endedAt,
      contextWindow: carry.contextWindow,
      hasActivity: this.sawActivity || this.requests.length > 0,
      requests: dedupeRequests(RUNTIME.codex, this.requests),
      compactions: this.compactions,
      unknownTypes: this.unknownTypes,
      badLines: this.badLines,
      consumedBytes,
      consumedLines,
      firstPrompt,
      carry: {
        sessionId: carry.sessionId,
        agentId: carry.agentId,
        agentType: carry.agentType,
        cwd: carry.cwd,
        branch: carry.branch,
        model: carry.model,
        contextWindow: carry.contextWindow,
        previousTotal: carry.previousTotal,
        usesUsageRecords: carry.usesUsageRecords,
        inheritedUntil: carry.inheritedUntil,
        ownIdPrefix: carry.ownIdPrefix,
        compactedSinceRequest: carry.compactedSinceRequest,
        toolResultBytes: carry.toolResultBytes,
        titlePending: carry.titlePending && firstPrompt === null && carry.agentId === null,
      },
    };
  }
}

/** What a payload's first byte says it is ("a string", "null", …). */
function payloadKind(bytes: Uint8Array, start: number): string {
  const first = bytes[start];
  return first === 34 ? "a string" : first === 91 ? "an array" : first === 110 ? "null" : first === 116 || first === 102 ? "a boolean" : "a number";
}

/** The 48-bit millisecond prefix of a UUIDv7 as sortable hex ("01a22665b02a"). */
function uuidTimePrefix(id: string): string {
  return id.replace(/-/g, "").slice(0, 12).toLowerCase();
}
