import { RUNTIME } from "../runtimes/runtimes";
import { finding, type Finding, type Parsed } from "../findings";
import { asObject, asString, countType, isoFromMs, malformedTokenCounts, ModelList, previewValue, TimeRange, timestampMs, tokenCount, type JsonObject } from "./json-values";
import { firstPromptOf, openCodePromptText } from "./first-prompt";
import { totalTokens } from "../tokens";
import { dedupeRequests } from "./request-dedupe";
import { toolResultTokens } from "./tool-results";
import type { CompactionEvent, FirstPrompt, ParsedSessionLog, RequestSample } from "./types";

/**
 * OpenCode keeps sessions in a database, not in logs:
 * (a) 1.x: SQLite `opencode.db` with tables `session`, `message`, `part` (`data` = JSON text);
 * (b) older: a JSON tree `storage/session/<project>/<ses>.json`, `storage/message/<ses>/<msg>.json`,
 *     `storage/part/<msg>/<prt>.json`.
 * This module takes rows / file texts already read (lib/server/agents/read-opencode-db.ts reads the
 * database) and returns one ParsedSessionLog per session. A child session (`parent_id`) is a
 * subagent: it is returned under its parent's session id with `agentId` = its own id.
 *
 * Tokens: assistant `message.data.tokens {input, output, reasoning, cache {read, write}}`, where
 * `input` is already net of cache (OpenCode stores prompt − cached) and `output` excludes reasoning.
 * Mapping: input = input, cacheRead = cache.read, cacheWriteTokens = cache.write,
 * output = output + reasoning, reasoning = reasoning.
 * A message that ran several model calls (a tool loop) sums them; its `step-finish` parts hold one
 * call each. Requests are those steps when they add up to the message (so request counts and the
 * context peak are per API call), else the message as one request. Never both.
 */

export interface OpenCodeSessionRow {
  id: string;
  parent_id?: string | null;
  project_id?: string | null;
  directory?: string | null;
  title?: string | null;
  version?: string | null;
  agent?: string | null;
  /** JSON text or object `{id, providerID}` as 1.x stores it. */
  model?: unknown;
  time_created?: number | null;
  time_updated?: number | null;
}

export interface OpenCodeMessageRow {
  id: string;
  session_id: string;
  time_created?: number | null;
  /** JSON text (as stored) or an already-parsed object. */
  data: unknown;
}

export interface OpenCodePartRow {
  id: string;
  message_id: string;
  session_id?: string | null;
  data: unknown;
}

export interface OpenCodeRows {
  sessions: readonly OpenCodeSessionRow[];
  messages: readonly OpenCodeMessageRow[];
  parts: readonly OpenCodePartRow[];
}

export interface OpenCodeStorageFile {
  /** Path relative to `storage/` (e.g. `message/ses_x/msg_y.json`); used in issues. */
  path: string;
  text: string;
}

export interface OpenCodeStorageFiles {
  sessions: readonly OpenCodeStorageFile[];
  messages: readonly OpenCodeStorageFile[];
  parts: readonly OpenCodeStorageFile[];
}

export interface OpenCodeSources {
  /** From `opencode.db`; wins over the JSON tree for the same message id (as ccusage). */
  rows?: OpenCodeRows | null;
  storage?: OpenCodeStorageFiles | null;
}

interface SessionInfo {
  id: string;
  parentId: string | null;
  directory: string | null;
  agent: string | null;
  model: string | null;
  created: number | null;
  updated: number | null;
}

interface MessageInfo {
  id: string;
  sessionId: string;
  data: JsonObject;
  ordinal: number;
}

interface PartInfo {
  id: string;
  messageId: string;
  data: JsonObject;
}

export function parseOpenCode(sources: OpenCodeSources): Parsed<ParsedSessionLog[]> {
  const issues: Finding[] = [];
  const sessions = new Map<string, SessionInfo>();
  const messages = new Map<string, MessageInfo>();
  const parts = new Map<string, PartInfo>();
  let ordinal = 0;

  const rows = sources.rows;
  if (rows) {
    for (const row of rows.sessions) sessions.set(row.id, sessionFromRow(row));
    for (const row of rows.messages) {
      ordinal += 1;
      const data = jsonData(row.data);
      if (data === null) {
        issues.push(finding("opencode-bad-row", "warning", null, `message ${row.id}: data is not a JSON object`));
        continue;
      }
      messages.set(row.id, { id: row.id, sessionId: row.session_id, data, ordinal });
    }
    for (const row of rows.parts) {
      const data = jsonData(row.data);
      if (data === null) {
        issues.push(finding("opencode-bad-row", "warning", null, `part ${row.id}: data is not a JSON object`));
        continue;
      }
      parts.set(row.id, { id: row.id, messageId: row.message_id, data });
    }
  }

  const storage = sources.storage;
  if (storage) {
    for (const file of storage.sessions) {
      const data = parseFile(file, issues);
      const id = data === null ? null : asString(data.id);
      if (data === null || id === null || sessions.has(id)) continue;
      const time = asObject(data.time);
      sessions.set(id, {
        id,
        parentId: asString(data.parentID),
        directory: asString(data.directory),
        agent: null,
        model: null,
        created: timestampMs(time?.created),
        updated: timestampMs(time?.updated),
      });
    }
    for (const file of storage.messages) {
      const data = parseFile(file, issues);
      const id = data === null ? null : asString(data.id);
      const sessionId = data === null ? null : asString(data.sessionID);
      if (data === null || id === null || sessionId === null || messages.has(id)) continue;
      ordinal += 1;
      messages.set(id, { id, sessionId, data, ordinal });
    }
    for (const file of storage.parts) {
      const data = parseFile(file, issues);
      const id = data === null ? null : asString(data.id);
      const messageId = data === null ? null : asString(data.messageID);
      if (data === null || id === null || messageId === null || parts.has(id)) continue;
      parts.set(id, { id, messageId, data });
    }
  }

  const partsByMessage = new Map<string, PartInfo[]>();
  for (const part of parts.values()) {
    const list = partsByMessage.get(part.messageId);
    if (list === undefined) partsByMessage.set(part.messageId, [part]);
    else list.push(part);
  }
  for (const list of partsByMessage.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const messagesBySession = new Map<string, MessageInfo[]>();
  for (const message of messages.values()) {
    const list = messagesBySession.get(message.sessionId);
    if (list === undefined) messagesBySession.set(message.sessionId, [message]);
    else list.push(message);
  }

  const sessionIds = new Set<string>([...sessions.keys(), ...messagesBySession.keys()]);
  const logs: ParsedSessionLog[] = [];
  for (const sessionId of [...sessionIds].sort()) {
    const info = sessions.get(sessionId) ?? null;
    const list = (messagesBySession.get(sessionId) ?? []).sort(compareMessages);
    logs.push(buildSessionLog(sessionId, info, list, partsByMessage, issues));
  }
  return { value: logs, issues };
}

function buildSessionLog(
  sessionId: string,
  info: SessionInfo | null,
  messages: readonly MessageInfo[],
  partsByMessage: ReadonlyMap<string, PartInfo[]>,
  issues: Finding[],
): ParsedSessionLog {
  const time = new TimeRange();
  const models = new ModelList();
  const requests: RequestSample[] = [];
  const compactions: CompactionEvent[] = [];
  const unknownTypes: Record<string, number> = {};
  const parentId = info?.parentId ?? null;
  const agentId = parentId === null ? null : sessionId;
  let cwd = info?.directory ?? null;
  let agentType: string | null = info?.agent ?? null;
  let compactionParts = 0;
  const summaryMessages: CompactionEvent[] = [];
  // Bytes of tool output sent since the start or the last compaction (tool-results.ts).
  let toolBytes = 0;
  let firstPrompt: FirstPrompt | null = null;

  time.add(info?.created ?? null);
  time.add(info?.updated ?? null);

  for (const message of messages) {
    const data = message.data;
    const role = asString(data.role);
    const messageTime = asObject(data.time);
    const createdMs = timestampMs(messageTime?.created);
    time.add(createdMs);
    time.add(timestampMs(messageTime?.completed));
    const messageParts = partsByMessage.get(message.id) ?? [];
    for (const part of messageParts) {
      if (part.data.type === "compaction") {
        toolBytes = 0;
        compactionParts += 1;
        compactions.push({ timestamp: isoFromMs(createdMs), trigger: part.data.auto === true ? "auto" : "manual", preTokens: null, postTokens: null, line: message.ordinal });
      }
    }
    if (role === "user") {
      // A child session's first turn is the task its parent wrote; OpenCode's own text parts are marked.
      if (firstPrompt === null && agentId === null) firstPrompt = firstPromptOf(openCodePromptText(messageParts.map((part) => part.data)), isoFromMs(createdMs), message.ordinal);
      continue;
    }
    if (role !== "assistant") {
      countType(unknownTypes, role ?? "(no role)");
      continue;
    }
    const pathCwd = asString(asObject(data.path)?.cwd);
    if (pathCwd !== null) cwd = pathCwd;
    if (parentId !== null && agentType === null) agentType = asString(data.agent) ?? asString(data.mode);
    const model = asString(data.modelID) ?? info?.model ?? null;
    if (data.summary === true || data.mode === "compaction") {
      summaryMessages.push({ timestamp: isoFromMs(createdMs), trigger: null, preTokens: null, postTokens: null, line: message.ordinal });
      if (compactionParts === 0) toolBytes = 0;
    }
    // A step's tool output is sent with the next step: each step's estimate is the output of the
    // tools run before its step-start.
    const messageBase = toolBytes;
    const stepBase = new Map<string, number>();
    let currentBase = toolBytes;
    for (const part of messageParts) {
      if (part.data.type === "step-start") currentBase = toolBytes;
      else if (part.data.type === "step-finish") stepBase.set(part.id, currentBase);
      else if (part.data.type === "tool") toolBytes += toolOutputBytes(part.data);
    }
    const problems: string[] = [];
    const created = messageTime?.created;
    if (created !== undefined && created !== null && createdMs === null) problems.push(`time.created is ${previewValue(created)}, not a date: ignored`);
    if (data.modelID !== undefined && data.modelID !== null && typeof data.modelID !== "string") problems.push(`modelID is ${previewValue(data.modelID)}, not a string: ignored`);
    if (data.tokens !== undefined && data.tokens !== null && asObject(data.tokens) === null) problems.push(`tokens is ${previewValue(data.tokens)}, not an object: no tokens counted`);
    if (problems.length > 0) issues.push(finding("opencode-bad-row", "warning", null, `message ${message.id}: ${problems.join("; ")}`));
    const tokens = asObject(data.tokens);
    if (tokens === null) continue;
    reportMalformedCounts(issues, `message ${message.id}`, tokens);
    const messageSample = { ...sampleFromTokens(tokens, message.id, model, createdMs, agentId, message.ordinal, data.cost), toolResultTokens: toolResultTokens(messageBase) };
    if (totalTokens(messageSample) === 0) continue;
    models.add(model);

    const steps = messageParts.filter((part) => part.data.type === "step-finish" && asObject(part.data.tokens) !== null);
    for (const part of steps) reportMalformedCounts(issues, `part ${part.id}`, asObject(part.data.tokens) ?? {});
    const stepSamples = steps.map((part) => ({
      ...sampleFromTokens(asObject(part.data.tokens) ?? {}, `${message.id}:${part.id}`, model, createdMs, agentId, message.ordinal, part.data.cost),
      toolResultTokens: toolResultTokens(stepBase.get(part.id) ?? messageBase),
    }));
    if (stepSamples.length > 1 && sameTotals(stepSamples, messageSample)) {
      for (const sample of stepSamples) requests.push({ ...sample, responseId: message.id });
    } else {
      requests.push(messageSample);
    }
  }

  // Older stores have no compaction part; the summary message is then the only marker.
  if (compactionParts === 0) compactions.push(...summaryMessages);

  return {
    runtime: RUNTIME.opencode,
    sessionId: parentId ?? sessionId,
    agentId,
    agentType: agentId === null ? null : agentType,
    cwd,
    branch: null,
    models: models.list,
    startedAt: time.startedAt,
    endedAt: time.endedAt,
    contextWindow: null,
    hasActivity: messages.length > 0,
    requests: dedupeRequests(RUNTIME.opencode, requests),
    compactions,
    unknownTypes,
    badLines: [],
    consumedBytes: 0,
    consumedLines: 0,
    firstPrompt,
    carry: null,
  };
}

const encoder = new TextEncoder();

/** Bytes of a tool part's output (`state.output`; a finished call's result as sent back). */
function toolOutputBytes(data: JsonObject): number {
  const output = asObject(data.state)?.output;
  if (output === undefined || output === null) return 0;
  return encoder.encode(typeof output === "string" ? output : JSON.stringify(output)).length;
}

const TOKEN_FIELDS = ["input", "output", "reasoning"] as const;
const CACHE_FIELDS = ["read", "write"] as const;

/** A message's or step's counts that are not whole numbers ≥ 0 (read as tokenCount reads them) are reported. */
function reportMalformedCounts(issues: Finding[], what: string, tokens: JsonObject): void {
  const cache = asObject(tokens.cache);
  const found = [...(malformedTokenCounts(tokens, TOKEN_FIELDS, "tokens") ?? []), ...((cache && malformedTokenCounts(cache, CACHE_FIELDS, "tokens.cache")) ?? [])];
  if (found.length > 0) issues.push(finding("opencode-bad-row", "warning", null, `${what}: not a token count: ${found.join("; ")}`));
}

function sampleFromTokens(
  tokens: JsonObject,
  key: string,
  model: string | null,
  createdMs: number | null,
  agentId: string | null,
  line: number,
  cost: unknown,
): RequestSample {
  const cache = asObject(tokens.cache);
  const inputTokens = tokenCount(tokens.input);
  const cacheReadTokens = tokenCount(cache?.read);
  const cacheWriteTokens = tokenCount(cache?.write);
  const reasoningTokens = tokenCount(tokens.reasoning);
  return {
    key,
    responseId: key.includes(":") ? null : key,
    timestamp: isoFromMs(createdMs),
    model,
    inputTokens,
    cacheWriteTokens,
    cacheReadTokens,
    outputTokens: tokenCount(tokens.output) + reasoningTokens,
    reasoningTokens,
    contextTokens: inputTokens + cacheWriteTokens + cacheReadTokens,
    agentId,
    line,
    // The price OpenCode itself applied (USD); kept to compare with Baton's estimate, never summed as fact.
    ...(typeof cost === "number" && Number.isFinite(cost) && cost >= 0 ? { recordedCostUsd: cost } : {}),
  };
}

function sameTotals(steps: readonly RequestSample[], message: RequestSample): boolean {
  const sum = (pick: (sample: RequestSample) => number): number => steps.reduce((total, step) => total + pick(step), 0);
  return (
    sum((step) => step.inputTokens) === message.inputTokens &&
    sum((step) => step.cacheReadTokens) === message.cacheReadTokens &&
    sum((step) => step.cacheWriteTokens) === message.cacheWriteTokens &&
    sum((step) => step.outputTokens) === message.outputTokens
  );
}

function compareMessages(a: MessageInfo, b: MessageInfo): number {
  const timeA = timestampMs(asObject(a.data.time)?.created) ?? 0;
  const timeB = timestampMs(asObject(b.data.time)?.created) ?? 0;
  if (timeA !== timeB) return timeA - timeB;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function sessionFromRow(row: OpenCodeSessionRow): SessionInfo {
  const model = jsonData(row.model);
  return {
    id: row.id,
    parentId: asString(row.parent_id),
    directory: asString(row.directory),
    agent: asString(row.agent),
    model: model === null ? null : asString(model.id) ?? asString(model.modelID),
    created: timestampMs(row.time_created),
    updated: timestampMs(row.time_updated),
  };
}

function jsonData(value: unknown): JsonObject | null {
  if (typeof value === "string") {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return asObject(value);
}

function parseFile(file: OpenCodeStorageFile, issues: Finding[]): JsonObject | null {
  const data = jsonData(file.text);
  if (data === null) issues.push(finding("opencode-bad-file", "warning", null, `${file.path}: not a JSON object`));
  return data;
}
