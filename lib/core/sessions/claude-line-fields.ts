/**
 * A Claude Code line's accounting fields and shape, from a line already parsed whole (`JSON.parse`):
 * the reference ClaudeLineReader (claude-line.ts) matches when it reads the same fields from bytes.
 */
import { asObject, previewValue, timestampMs, type JsonObject } from "./json-values";
import { jsonKind } from "./jsonl-reader";

/**
 * The fields of a Claude Code line that token accounting reads, as `JSON.parse` of the whole line
 * would give them (a missing key is `undefined`, `message` is null unless it is an object, an
 * object `usage` is reduced to ClaudeUsageFields).
 * `parseClaudeLog` reads every counted line through this shape, from either path below, so the
 * two paths cannot drift in what they do with a line, only in what they extract.
 */
export interface ClaudeLineFields extends ClaudeEnvelope {
  requestId: unknown;
  uuid: unknown;
  isSidechain: unknown;
  subtype: unknown;
  compactMetadata: unknown;
  costUSD: unknown;
  message: { id: unknown; model: unknown; usage: unknown } | null;
}

/** The envelope members every line may carry, as JSON.parse would give them. */
export interface ClaudeEnvelope {
  type: unknown;
  timestamp: unknown;
  cwd: unknown;
  gitBranch: unknown;
  sessionId: unknown;
  agentId: unknown;
}

/**
 * The usage members accounting reads (`usage` itself when it is not an object); `cache_creation`
 * likewise reduced to its two counts.
 */
export interface ClaudeUsageFields {
  input_tokens: unknown;
  cache_creation_input_tokens: unknown;
  cache_read_input_tokens: unknown;
  output_tokens: unknown;
  cache_creation: unknown;
}

/** The reference: the fields of a line already parsed whole. */
export function claudeLineFields(record: JsonObject): ClaudeLineFields {
  const message = asObject(record.message);
  return {
    type: record.type,
    timestamp: record.timestamp,
    cwd: record.cwd,
    gitBranch: record.gitBranch,
    sessionId: record.sessionId,
    agentId: record.agentId,
    requestId: record.requestId,
    uuid: record.uuid,
    isSidechain: record.isSidechain,
    subtype: record.subtype,
    compactMetadata: record.compactMetadata,
    costUSD: record.costUSD,
    message: message === null ? null : { id: message.id, model: message.model, usage: usageFields(message.usage) },
  };
}

function usageFields(value: unknown): unknown {
  const usage = asObject(value);
  if (usage === null) return value;
  const split = asObject(usage.cache_creation);
  return {
    input_tokens: usage.input_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation: split === null ? usage.cache_creation : { ephemeral_5m_input_tokens: split.ephemeral_5m_input_tokens, ephemeral_1h_input_tokens: split.ephemeral_1h_input_tokens },
  } satisfies ClaudeUsageFields;
}

/**
 * The members whose shape a line is checked for, as JSON.parse gives them: `message` and
 * `message.usage` must be objects when present, the envelope's ids strings, `timestamp` a date.
 */
export interface ClaudeLineShape {
  message: unknown;
  /** `message.usage` when `message` is an object (else undefined). */
  usage: unknown;
  timestamp: unknown;
  cwd: unknown;
  gitBranch: unknown;
  sessionId: unknown;
  agentId: unknown;
}

export function claudeLineShape(record: JsonObject): ClaudeLineShape {
  const message = asObject(record.message);
  return {
    message: record.message,
    usage: message === null ? undefined : message.usage,
    timestamp: record.timestamp,
    cwd: record.cwd,
    gitBranch: record.gitBranch,
    sessionId: record.sessionId,
    agentId: record.agentId,
  };
}

const TEXT_MEMBERS = ["cwd", "gitBranch", "sessionId", "agentId"] as const;

/**
 * What is wrong with a line's shape (members of the wrong kind, each with what was done about it),
 * or null. Absent and null members are fine: lines carry only what they have.
 */
export function claudeShapeProblem(shape: ClaudeLineShape): string | null {
  const problems: string[] = [];
  const present = (value: unknown) => value !== undefined && value !== null;
  if (present(shape.message) && asObject(shape.message) === null) problems.push(`message is ${jsonKind(shape.message)}, not an object: not read`);
  else if (present(shape.usage) && asObject(shape.usage) === null) problems.push(`message.usage is ${jsonKind(shape.usage)}, not an object: no tokens counted`);
  for (const member of TEXT_MEMBERS) {
    const value = shape[member];
    if (present(value) && typeof value !== "string") problems.push(`${member} is ${previewValue(value)}, not a string: ignored`);
  }
  if (present(shape.timestamp) && !(shape.timestamp === "" || timestampMs(shape.timestamp) !== null)) {
    problems.push(`timestamp is ${previewValue(shape.timestamp)}, not a date: ignored`);
  }
  return problems.length === 0 ? null : problems.join("; ");
}
