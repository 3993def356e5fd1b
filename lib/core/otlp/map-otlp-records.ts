/**
 * Decoded OTLP log records → request samples in Baton's disjoint token fields, exactly as the JSONL
 * parsers map the same runtime's usage (docs/token-accounting.md):
 * - Claude Code: input = input_tokens, cache write = cache_creation_tokens, cache read =
 *   cache_read_tokens, output = output_tokens, reasoning 0 (Anthropic's usage fields, as in the log).
 * - Codex: input_token_count is the whole prompt (OpenAI): cache read = min(cached, input), cache write
 *   = min(cache_write_token_count, input − cache read), input = input − both; output =
 *   output_token_count (reasoning included), reasoning = reasoning_token_count.
 * - Gemini CLI: input_token_count is promptTokenCount (cached included): the same rule as the chat
 *   parser, input = prompt − cached + tool, cache read = cached, output = output + thoughts,
 *   reasoning = thoughts (with its `total` test for writers that report prompt net of cache).
 *
 * Total: every record is a sample, ignored (not a per-request event), or rejected with a reason (no
 * session id). Every count passes the log parsers' value check (a safe integer from 0 to 10^8; anything
 * else counts 0 with a finding naming it), and text loses NULs and lone surrogates. Only attributes
 * on the event's allow-list (otlp-events.data.ts) are read.
 */
import { RUNTIME } from "../runtimes/runtimes";
import type { RequestSample } from "../sessions/types";
import { cleanText, describeRemoved, tokenCountProblem } from "../text/safe-values";
import type { OtlpLogRecord, OtlpValue } from "./decode-otlp";
import { allowedAttributes, OTLP_EVENTS, type OtlpEventSpec, type OtlpRuntime } from "./otlp-events.data";

export interface OtlpSample {
  runtime: OtlpRuntime;
  /** The runtime's session id (Claude/Gemini `session.id`, Codex `conversation.id`). */
  sessionId: string;
  request: RequestSample;
}

export interface OtlpMapResult {
  samples: OtlpSample[];
  /** Per-request records that could not be used (each with a reason in `rejections`). */
  rejected: number;
  rejections: string[];
  /** Records of other events (tool results, prompts, config): accepted, not used. */
  ignored: number;
  /** Values changed or counted as 0, and attributes the sample lacks (once per message). */
  findings: string[];
}

const ALLOWED = new Map(OTLP_EVENTS.map((spec) => [spec, allowedAttributes(spec)]));

export function mapOtlpRecords(records: readonly OtlpLogRecord[]): OtlpMapResult {
  const result: OtlpMapResult = { samples: [], rejected: 0, rejections: [], ignored: 0, findings: [] };
  const findings = new Set<string>();
  const rejections = new Set<string>();
  for (const record of records) {
    const spec = specOf(record);
    if (spec === null) {
      result.ignored += 1;
      continue;
    }
    // The allow-list, applied first: the mapper below sees nothing else of the record.
    const allowed = ALLOWED.get(spec)!;
    const attributes = new Map<string, OtlpValue>();
    for (const [key, value] of record.attributes) if (allowed.has(key)) attributes.set(key, value);
    // Common attributes may sit on the resource instead (an SDK's resource detectors).
    for (const [key, value] of record.resource) if (allowed.has(key) && !attributes.has(key)) attributes.set(key, value);
    // Codex writes each `response.completed` twice: a stream event without counts, then the usage
    // record with them (a capture of 0.171.0). A record with no count at all is not a usage record.
    if (!Object.values(spec.counts).some((name) => attributes.has(name))) {
      result.ignored += 1;
      continue;
    }
    const sample = mapRecord(spec, record, attributes, findings);
    if (typeof sample === "string") {
      result.rejected += 1;
      rejections.add(sample);
    } else result.samples.push(sample);
  }
  result.findings = [...findings];
  result.rejections = [...rejections];
  return result;
}

function eventNamesOf(record: OtlpLogRecord): string[] {
  const names: string[] = [];
  if (record.body !== null) names.push(record.body);
  const attribute = record.attributes.get("event.name");
  if (typeof attribute === "string") names.push(attribute);
  if (record.eventName !== null) names.push(record.eventName);
  return names;
}

function specOf(record: OtlpLogRecord): OtlpEventSpec | null {
  const names = eventNamesOf(record);
  for (const spec of OTLP_EVENTS) {
    if (!names.some((name) => spec.names.includes(name))) continue;
    if (spec.kind) {
      const kind = record.attributes.get(spec.kind.attribute);
      if (typeof kind !== "string" || !spec.kind.values.includes(kind)) return null;
    }
    return spec;
  }
  return null;
}

function mapRecord(spec: OtlpEventSpec, record: OtlpLogRecord, attributes: Map<string, OtlpValue>, findings: Set<string>): OtlpSample | string {
  const event = spec.names[0]!;
  const sessionId = textOf(attributes.get(spec.sessionId), `${event} ${spec.sessionId}`, findings);
  if (sessionId === null || sessionId.trim() === "") return `${event} without ${spec.sessionId}: not counted (a request must name its session)`;
  const model = textOf(attributes.get(spec.model), `${event} ${spec.model}`, findings);
  const requestId = spec.requestId ? textOf(attributes.get(spec.requestId), `${event} ${spec.requestId}`, findings) : null;
  const count = (field: string) => {
    const name = spec.counts[field];
    if (name === undefined) return 0;
    const value = attributes.get(name);
    if (value === undefined || value === null) {
      findings.add(`${event} without ${name}: counted as 0`);
      return 0;
    }
    return countOf(value, `${event} ${name}`, findings);
  };
  const timestampMs = timeOf(record, attributes);
  let input: number;
  let cacheWriteTokens = 0;
  let cacheRead: number;
  let output: number;
  let reasoning = 0;
  if (spec.runtime === RUNTIME.claudeCode) {
    input = count("input");
    cacheWriteTokens = count("cacheWriteTokens");
    cacheRead = count("cacheRead");
    output = count("output");
  } else if (spec.runtime === RUNTIME.codex) {
    // As the rollout parser reads token_usage_record: input_tokens is the whole prompt, cached and
    // cache-write tokens are parts of it.
    const prompt = count("input");
    cacheRead = Math.min(count("cached"), prompt);
    cacheWriteTokens = attributes.has(spec.counts.cacheWriteTokens!) ? Math.min(count("cacheWriteTokens"), prompt - cacheRead) : 0;
    input = prompt - cacheRead - cacheWriteTokens;
    output = count("output");
    reasoning = Math.min(count("reasoning"), output);
  } else {
    const prompt = count("input");
    const cached = count("cached");
    const candidates = count("output");
    const thoughts = count("thoughts");
    const tool = count("tool");
    const totalValue = attributes.get(spec.counts.total!);
    const total = totalValue === undefined || totalValue === null ? null : countOf(totalValue, `${event} ${spec.counts.total}`, findings);
    const netOfCache = cached > 0 && total !== null && total === prompt + cached + candidates + thoughts + tool && total !== prompt + candidates + thoughts + tool;
    cacheRead = netOfCache ? cached : Math.min(cached, prompt);
    input = (netOfCache ? prompt : prompt - cacheRead) + tool;
    output = candidates + thoughts;
    reasoning = thoughts;
  }
  const key = requestId ? `req:${requestId}` : `t:${record.timeUnixNano ?? timestampMs ?? ""}:${input}:${cacheWriteTokens}:${cacheRead}:${output}:${reasoning}`;
  return {
    runtime: spec.runtime,
    sessionId: sessionId.trim(),
    request: {
      key,
      timestamp: timestampMs === null ? null : new Date(timestampMs).toISOString(),
      model: model === null || model === "" ? null : model,
      inputTokens: input,
      cacheWriteTokens,
      cacheReadTokens: cacheRead,
      outputTokens: output,
      reasoningTokens: reasoning,
      contextTokens: input + cacheWriteTokens + cacheRead,
      toolResultTokens: null,
      agentId: null,
      line: 0,
      responseId: requestId,
    },
  };
}

/** A count as the log parsers take one: a whole number 0..10^8, else 0 with a finding. */
function countOf(value: OtlpValue, name: string, findings: Set<string>): number {
  let number: unknown = value;
  // int64 arrives as a decimal string (OTLP/JSON, protobuf Long), or a double from some SDKs.
  if (typeof value === "string" && /^-?\d+$/.test(value)) number = Number(value);
  const problem = tokenCountProblem(number);
  if (problem === null) return number as number;
  findings.add(`not a token count: ${name} is ${describe(value)} (${problem}), counted as 0`);
  return 0;
}

function textOf(value: OtlpValue | undefined, name: string, findings: Set<string>): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") {
    findings.add(`${name} is ${value.kind === "kvlist" ? "a map" : `an ${value.kind === "array" ? "array" : "bytes value"}`}, not text: ignored`);
    return null;
  }
  const cleaned = cleanText(value);
  if (cleaned === null) return value;
  findings.add(`${name} held ${describeRemoved(cleaned)}: removed`);
  return cleaned.text;
}

function timeOf(record: OtlpLogRecord, attributes: Map<string, OtlpValue>): number | null {
  const nanos = record.timeUnixNano ?? null;
  if (nanos !== null) {
    const ms = Number(BigInt(nanos) / 1_000_000n);
    if (Number.isSafeInteger(ms) && ms > 0 && ms < 8.64e15) return ms;
  }
  const stamp = attributes.get("event.timestamp");
  if (typeof stamp === "string") {
    const ms = Date.parse(stamp);
    if (!Number.isNaN(ms)) return ms;
  }
  const observed = record.observedTimeUnixNano;
  if (observed !== null) {
    const ms = Number(BigInt(observed) / 1_000_000n);
    if (Number.isSafeInteger(ms) && ms > 0 && ms < 8.64e15) return ms;
  }
  return null;
}

function describe(value: OtlpValue): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== "object") return String(value);
  return value.kind;
}
