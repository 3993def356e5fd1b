import { RUNTIME } from "../runtimes/runtimes";
import { finding, type Parsed } from "../findings";
import { decodeRange, decodeUtf8, forEachJsonlLine, isObjectRange, jsonKind, notAnObjectMessage, notAnObjectText } from "./jsonl-reader";
import {
  asArray,
  asObject,
  asString,
  countType,
  isoFromMs,
  ModelList,
  parseJsonObject,
  previewValue,
  reportMalformedTokenCounts,
  TimeRange,
  timestampMs,
  tokenCount,
  type JsonObject,
} from "./json-values";
import { firstPromptOf, geminiPromptText, titlePending } from "./first-prompt";
import { dedupeRequests } from "./request-dedupe";
import { sha256Hex } from "./sha256";
import { carriedToolResultBytes, toolResultTokens } from "./tool-results";
import type { BadLine, CompactionEvent, FirstPrompt, ParsedSessionLog, ParserCarryState, RequestSample } from "./types";

/**
 * Gemini CLI chat recordings: `~/.gemini/tmp/<project>/chats/session-<time>-<id8>.json` (older: one
 * JSON document rewritten on every update) and `.jsonl` (≥ 0.45: a header line, one line per
 * message record, `$set` / `$rewindTo` patch lines).
 *
 * Tokens live on `type: "gemini"` records: `tokens {input, output, cached, thoughts, tool, total}`
 * = promptTokenCount (cached included), candidatesTokenCount, cachedContentTokenCount,
 * thoughtsTokenCount, toolUsePromptTokenCount, totalTokenCount. Mapping:
 * input = input − cached + tool, cacheRead = cached, output = output + thoughts, reasoning = thoughts.
 *
 * A record is re-appended under the same id when its tokens or tool calls arrive: the last copy
 * that has tokens wins. `$set.messages` rewrites (on resume, after compression) hold API-shaped
 * history with new ids and no tokens; they never add or remove usage (the spent tokens stay spent,
 * which is also why `$rewindTo` removes nothing).
 */

export interface GeminiChatOptions {
  /** 1-based number of the first line in `bytes` (JSONL incremental reads; default 1). */
  startLine?: number;
  /** `carry` from the previous read of the same JSONL file, unchanged. */
  carry?: ParserCarryState | null;
  /** The project folder, when the caller resolved it (projects.json or `.project_root`). */
  projectRoot?: string | null;
  /** For `kind: "subagent"` files: the id to list the subagent under (the file stem, say). */
  agentId?: string | null;
}

const MESSAGE_TYPES = new Set(["user", "gemini", "info", "error", "warning"]);

/** Gemini's compression service replaces history with a `<state_snapshot>` user turn. */
const STATE_SNAPSHOT_MARK = "<state_snapshot>";
/** Tool-call ids remembered to count each call once (re-appends follow the message closely). */
const RECENT_TOOL_IDS = 64;
const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

export function parseGeminiChatJsonl(bytes: Uint8Array, options: GeminiChatOptions = {}): ParsedSessionLog {
  const state = new GeminiState(options, options.carry ?? null);
  const read = forEachJsonlLine(bytes, { startLine: options.startLine }, (start, end, lineNumber) => {
    if (!isObjectRange(bytes, start, end)) {
      state.badLines.push({ line: lineNumber, message: notAnObjectMessage(bytes, start, end) });
      return;
    }
    const text = decodeRange(bytes, start, end);
    const record = parseJsonObject(text);
    if (record === null) {
      state.badLines.push({ line: lineNumber, message: notAnObjectText(text) });
      return;
    }
    state.handleLine(record, lineNumber);
  });
  if (read.pendingTail !== null) {
    state.badLines.push({
      line: read.pendingTail.lineNumber,
      message: "incomplete last line (no newline, not valid JSON): not consumed, read again next scan",
    });
  }
  return state.result(read.consumedBytes, read.consumedLines);
}

/**
 * The older whole-document format. It is rewritten in place, so it is never read incrementally:
 * a document that does not parse (caught mid-write) is not consumed at all.
 */
export function parseGeminiChatJson(bytes: Uint8Array, options: GeminiChatOptions = {}): ParsedSessionLog {
  const state = new GeminiState(options, null);
  const document = parseJsonObject(decodeUtf8(bytes));
  if (document === null) {
    state.badLines.push({ line: 1, message: "not a complete JSON document: not consumed, read again next scan" });
    return state.result(0, 0);
  }
  state.handleHeader(document);
  const messages = asArray(document.messages) ?? [];
  if (document.messages !== undefined && document.messages !== null && asArray(document.messages) === null) {
    state.badLines.push({ line: 1, message: `messages is ${jsonKind(document.messages)}, not an array: no message read` });
  }
  messages.forEach((message, index) => {
    const record = asObject(message);
    // Line numbers are message ordinals here: the document has no lines of its own.
    if (record !== null) state.handleMessage(record, index + 1);
    else state.badLines.push({ line: index + 1, message: `messages[${index}] is ${previewValue(message)}, not an object: not read` });
  });
  if (messages.some((message) => isStateSnapshot(asObject(message)))) {
    state.compactions.push({ timestamp: null, trigger: "auto", preTokens: null, postTokens: null, line: 1 });
  }
  return state.result(bytes.length, 0);
}

class GeminiState {
  sessionId: string | null;
  kind: string | null;
  readonly time = new TimeRange();
  readonly models = new ModelList();
  readonly requests: RequestSample[] = [];
  readonly compactions: CompactionEvent[] = [];
  readonly unknownTypes: Record<string, number> = {};
  readonly badLines: BadLine[] = [];
  /** A user or model message was read (the conversation happened, counted or not). */
  sawActivity = false;
  /** Bytes of tool results sent since the start or the last compression (tool-results.ts). */
  private toolResultBytes: number;
  /**
   * Ids of the tool calls counted lately: a gemini message is re-appended under its id as its tool
   * calls finish, and newer CLIs also write the results as a user turn, so each call counts once.
   */
  private toolIds: string[];
  /** The session's first human prompt, when this read found it. */
  private firstPrompt: FirstPrompt | null = null;
  private readonly promptPending: boolean;

  constructor(
    private readonly options: GeminiChatOptions,
    carry: ParserCarryState | null,
  ) {
    this.sessionId = typeof carry?.sessionId === "string" ? carry.sessionId : null;
    this.kind = typeof carry?.kind === "string" ? carry.kind : null;
    this.toolResultBytes = carriedToolResultBytes(carry);
    this.toolIds = typeof carry?.toolIds === "string" && carry.toolIds !== "" ? carry.toolIds.split("\n") : [];
    this.promptPending = titlePending(carry);
  }

  private addToolResult(id: string | null, result: unknown): void {
    if (result === undefined || result === null) return;
    if (id !== null) {
      if (this.toolIds.includes(id)) return;
      this.toolIds.push(id);
      if (this.toolIds.length > RECENT_TOOL_IDS) this.toolIds.shift();
    }
    this.toolResultBytes += utf8Length(JSON.stringify(result));
  }

  private resetToolResults(): void {
    this.toolResultBytes = 0;
  }

  handleLine(record: JsonObject, lineNumber: number): void {
    const patch = asObject(record.$set);
    if (patch !== null) {
      this.time.add(timestampMs(patch.lastUpdated));
      const sessionId = asString(patch.sessionId);
      if (this.sessionId === null && sessionId !== null) this.sessionId = sessionId;
      const messages = asArray(patch.messages);
      if (messages !== null && messages.some((message) => isStateSnapshot(asObject(message)))) {
        this.resetToolResults();
        this.compactions.push({
          timestamp: isoTimestampOf(patch.lastUpdated),
          trigger: "auto",
          preTokens: null,
          postTokens: null,
          line: lineNumber,
        });
      }
      return;
    }
    if (record.$rewindTo !== undefined) return;
    if (record.type === undefined && (record.sessionId !== undefined || record.projectHash !== undefined)) {
      this.handleHeader(record);
      return;
    }
    this.handleMessage(record, lineNumber);
  }

  handleHeader(record: JsonObject): void {
    const sessionId = asString(record.sessionId) ?? asString(record.session_id);
    if (this.sessionId === null && sessionId !== null) this.sessionId = sessionId;
    const kind = asString(record.kind);
    if (kind !== null) this.kind = kind;
    this.time.add(timestampMs(record.startTime));
    this.time.add(timestampMs(record.lastUpdated));
  }

  handleMessage(record: JsonObject, lineNumber: number): void {
    const type = asString(record.type);
    const ms = timestampMs(record.timestamp);
    this.time.add(ms);
    if (type === null || !MESSAGE_TYPES.has(type)) {
      countType(this.unknownTypes, type ?? "(no type)");
      return;
    }
    const problems: string[] = [];
    if (ms === null && record.timestamp !== undefined && record.timestamp !== null && record.timestamp !== "") problems.push(`timestamp is ${previewValue(record.timestamp)}, not a date: ignored`);
    for (const member of ["id", "model"] as const) {
      const value = record[member];
      if (value !== undefined && value !== null && typeof value !== "string") problems.push(`${member} is ${previewValue(value)}, not a string: ignored`);
    }
    if (type === "gemini" && record.tokens !== undefined && record.tokens !== null && asObject(record.tokens) === null) {
      problems.push(`tokens is ${previewValue(record.tokens)}, not an object: no tokens counted`);
    }
    if (problems.length > 0) this.badLines.push({ line: lineNumber, message: problems.join("; ") });
    if (type === "user" || type === "gemini") this.sawActivity = true;
    if (type === "user") {
      if (isStateSnapshot(record)) this.resetToolResults();
      // A subagent's chat opens with the task its parent wrote; `$set.messages` rewrites (API-shaped
      // history, the `<session_context>` turn included) are never read for it.
      else if (this.promptPending && this.firstPrompt === null && this.kind !== "subagent") this.firstPrompt = firstPromptOf(geminiPromptText(record), record.timestamp, lineNumber);
      // Newer CLIs send tool results back as a user turn of functionResponse parts.
      for (const part of asArray(record.content) ?? []) {
        const response = asObject(asObject(part)?.functionResponse);
        if (response !== null) this.addToolResult(asString(response.id), response.response);
      }
      return;
    }
    if (type !== "gemini") return;
    const tokens = asObject(record.tokens);
    // This message's own tool calls are answered in the next request: counted after it.
    const countToolCalls = () => {
      for (const call of asArray(record.toolCalls) ?? []) {
        const callObject = asObject(call);
        if (callObject === null) continue;
        const results = asArray(callObject.result) ?? [];
        const responses = results.map((result) => asObject(asObject(result)?.functionResponse)?.response).filter((response) => response !== undefined);
        this.addToolResult(asString(callObject.id), responses.length > 0 ? responses : callObject.result);
      }
    };
    if (tokens === null) {
      countToolCalls();
      return;
    }
    const id = asString(record.id);
    const model = asString(record.model);
    reportMalformedTokenCounts(this.badLines, lineNumber, tokens, TOKEN_FIELDS, "tokens");
    const counts = geminiCounts(tokens);
    this.models.add(model);
    this.requests.push({
      key: id ?? `line:${lineNumber}`,
      responseId: null,
      timestamp: isoFromMs(ms),
      model,
      inputTokens: counts.input,
      cacheWriteTokens: 0,
      cacheReadTokens: counts.cacheRead,
      outputTokens: counts.output,
      reasoningTokens: counts.thoughts,
      contextTokens: counts.input + counts.cacheRead,
      toolResultTokens: toolResultTokens(this.toolResultBytes),
      agentId: this.agentId(),
      line: lineNumber,
    });
    countToolCalls();
  }

  private agentId(): string | null {
    return this.kind === "subagent" ? (this.options.agentId ?? this.sessionId ?? "subagent") : null;
  }

  result(consumedBytes: number, consumedLines: number): ParsedSessionLog {
    return {
      runtime: RUNTIME.geminiCli,
      sessionId: this.sessionId,
      agentId: this.agentId(),
      agentType: this.kind === "subagent" ? "subagent" : null,
      // The chat files record neither; the caller may know the folder from projects.json.
      cwd: this.options.projectRoot ?? null,
      branch: null,
      models: this.models.list,
      startedAt: this.time.startedAt,
      endedAt: this.time.endedAt,
      contextWindow: null,
      hasActivity: this.sawActivity || this.requests.length > 0,
      requests: dedupeRequests(RUNTIME.geminiCli, this.requests),
      compactions: this.compactions,
      unknownTypes: this.unknownTypes,
      badLines: this.badLines,
      consumedBytes,
      consumedLines,
      firstPrompt: this.kind === "subagent" ? null : this.firstPrompt,
      carry: {
        sessionId: this.sessionId,
        kind: this.kind,
        toolResultBytes: this.toolResultBytes,
        toolIds: this.toolIds.join("\n"),
        titlePending: this.promptPending && this.firstPrompt === null && this.kind !== "subagent",
      },
    };
  }
}

interface GeminiCounts {
  input: number;
  cacheRead: number;
  output: number;
  thoughts: number;
}

const TOKEN_FIELDS = ["input", "prompt", "cached", "output", "candidates", "thoughts", "tool", "total"] as const;

function geminiCounts(tokens: JsonObject): GeminiCounts {
  const prompt = tokenCount(tokens.input ?? tokens.prompt);
  const cached = tokenCount(tokens.cached);
  const candidates = tokenCount(tokens.output ?? tokens.candidates);
  const thoughts = tokenCount(tokens.thoughts);
  const tool = tokenCount(tokens.tool);
  // promptTokenCount includes cached tokens (the API's definition, and what `total` confirms on
  // real files). A writer whose `total` only adds up with cached on top reports prompt net of
  // cache; ccusage applies the same test.
  const total = typeof tokens.total === "number" ? tokenCount(tokens.total) : null;
  const netOfCache = cached > 0 && total !== null && total === prompt + cached + candidates + thoughts + tool && total !== prompt + candidates + thoughts + tool;
  const cacheRead = netOfCache ? cached : Math.min(cached, prompt);
  const input = (netOfCache ? prompt : prompt - cacheRead) + tool;
  return { input, cacheRead, output: candidates + thoughts, thoughts };
}

function isStateSnapshot(message: JsonObject | null): boolean {
  if (message === null || message.type !== "user") return false;
  const content = message.content;
  if (typeof content === "string") return content.trimStart().startsWith(STATE_SNAPSHOT_MARK);
  const parts = asArray(content);
  if (parts === null) return false;
  return parts.some((part) => {
    const text = asString(asObject(part)?.text);
    return text !== null && text.trimStart().startsWith(STATE_SNAPSHOT_MARK);
  });
}

function isoTimestampOf(value: unknown): string | null {
  return isoFromMs(timestampMs(value));
}

/**
 * `~/.gemini/projects.json` → folder by project directory name. Newer Gemini CLI names
 * `tmp/<name>` after an entry here; older versions used the SHA-256 of the folder path, so both
 * keys are returned.
 */
export function parseGeminiProjects(text: string): Parsed<Record<string, string>> {
  const document = parseJsonObject(text);
  if (document === null) {
    return { value: {}, issues: [finding("gemini-projects-invalid", "warning", null, "projects.json is not a JSON object")] };
  }
  const projects = asObject(document.projects) ?? {};
  const value: Record<string, string> = {};
  for (const [folder, name] of Object.entries(projects)) {
    if (typeof name === "string" && name.length > 0) value[name] = folder;
    value[sha256Hex(folder)] = folder;
  }
  return { value, issues: [] };
}
