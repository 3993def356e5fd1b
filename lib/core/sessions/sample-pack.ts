/**
 * How a session's requests are stored: one packed chunk per read of one file (a whole file, or the
 * slice a log grew by), not one row per request. Writing a row per request cost ~6.5 µs each on
 * SQLite — a quarter of a full ingest — and every reader wants a session's requests whole anyway.
 *
 * A chunk is JSON: keys and response ids as arrays, every number in one base64 Float64Array (see
 * Packed), models and agent ids as indexes into short tables. The same key may sit in several
 * chunks (a response read again in a later slice, a resumed session's copied history, a subagent's
 * replay): `mergeChunks` keeps the copy request-dedupe.ts's rule picks, in the order the chunks were
 * written, exactly as the per-row upsert did; `countedSamples` then applies the Claude
 * sidechain-replay rule. Both pages and totals read through these two functions.
 */
import { dedupeRequests, shouldReplaceRequest } from "./request-dedupe";
import type { RequestSample, SessionRuntime } from "./types";

/** A request as stored (times as epoch ms; "" agent id for the main session's own requests). */
export interface StoredSample {
  key: string;
  agentId: string;
  timestampMs: number | null;
  model: string | null;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  contextTokens: number;
  toolResultTokens: number | null;
  responseId: string | null;
  isSidechain: boolean;
}

const VERSION = 2;

/**
 * A chunk: JSON for the strings, and every number of every request in one Float64Array, base64.
 * Numbers as JSON text cost more than all the rest of packing (V8 formats each one); a Float64Array
 * holds every value here exactly (token counts and epoch ms are integers far below 2^53).
 */
interface Packed {
  v: number;
  /** Keys. */
  k: string[];
  /** Response ids or null. */
  id: (string | null)[];
  /** Agent-id table and model table (NUMBERS' agent and model columns index them). */
  at: string[];
  mt: string[];
  /** base64 of a Float64Array, NUMBERS.length values per request. */
  n: string;
}

/** Per request, in this order; NaN stands for null (no time, no model, no tool-result estimate). */
const NUMBERS = ["agent", "time", "model", "input", "cacheWrite", "cacheRead", "output", "reasoning", "context", "toolResults", "sidechain"] as const;
const WIDTH = NUMBERS.length;

export function storedSample(request: RequestSample): StoredSample {
  const time = request.timestamp === null ? NaN : Date.parse(request.timestamp);
  return {
    key: request.key,
    agentId: request.agentId ?? "",
    timestampMs: Number.isNaN(time) ? null : time,
    model: request.model,
    inputTokens: request.inputTokens,
    cacheWriteTokens: request.cacheWriteTokens,
    cacheReadTokens: request.cacheReadTokens,
    outputTokens: request.outputTokens,
    reasoningTokens: request.reasoningTokens,
    contextTokens: request.contextTokens,
    toolResultTokens: request.toolResultTokens ?? null,
    responseId: request.responseId ?? null,
    isSidechain: request.isSidechain === true,
  };
}

/** Packs requests in their order (the reader keeps it). */
export function packSamples(samples: readonly StoredSample[]): string {
  const keys: string[] = new Array(samples.length);
  const ids: (string | null)[] = new Array(samples.length);
  const numbers = new Float64Array(samples.length * WIDTH);
  const agents: string[] = [];
  const models: string[] = [];
  let at = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index]!;
    keys[index] = sample.key;
    ids[index] = sample.responseId;
    let agent = agents.indexOf(sample.agentId);
    if (agent < 0) agent = agents.push(sample.agentId) - 1;
    let model = NaN;
    if (sample.model !== null) {
      model = models.indexOf(sample.model);
      if (model < 0) model = models.push(sample.model) - 1;
    }
    numbers[at] = agent;
    numbers[at + 1] = sample.timestampMs ?? NaN;
    numbers[at + 2] = model;
    numbers[at + 3] = sample.inputTokens;
    numbers[at + 4] = sample.cacheWriteTokens;
    numbers[at + 5] = sample.cacheReadTokens;
    numbers[at + 6] = sample.outputTokens;
    numbers[at + 7] = sample.reasoningTokens;
    numbers[at + 8] = sample.contextTokens;
    numbers[at + 9] = sample.toolResultTokens ?? NaN;
    numbers[at + 10] = sample.isSidechain ? 1 : 0;
    at += WIDTH;
  }
  const packed: Packed = { v: VERSION, k: keys, id: ids, at: agents, mt: models, n: Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength).toString("base64") };
  return JSON.stringify(packed);
}

/** Packs parsed requests (what ingest stores for one read of one file). */
export function packRequests(requests: readonly RequestSample[]): string {
  return packSamples(requests.map(storedSample));
}

/**
 * The requests of one chunk. Throws on a chunk this code did not write (another version, damaged
 * storage): the caller reports it; a chunk is never half-read.
 */
export function unpackSamples(data: string): StoredSample[] {
  const packed = JSON.parse(data) as Partial<Packed> | null;
  if (packed === null || typeof packed !== "object" || packed.v !== VERSION) throw new Error(`unknown sample chunk format (version ${String(packed?.v)})`);
  const { k: keys, id: ids, at: agents, mt: models, n: encoded } = packed;
  if (!Array.isArray(keys) || !Array.isArray(ids) || !Array.isArray(agents) || !Array.isArray(models) || typeof encoded !== "string") throw new Error("sample chunk is missing a field");
  const bytes = Buffer.from(encoded, "base64");
  const count = keys.length;
  if (ids.length !== count || bytes.length !== count * WIDTH * 8) throw new Error("sample chunk columns differ in length");
  // Copied out: a decoded Buffer may sit at an offset a Float64Array cannot view.
  const numbers = new Float64Array(count * WIDTH);
  new Uint8Array(numbers.buffer).set(bytes);
  const samples: StoredSample[] = new Array(count);
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const key = keys[index];
    const agent = agents[numbers[at]!];
    const model = numbers[at + 2]!;
    const modelName = Number.isNaN(model) ? null : models[model];
    const responseId = ids[index];
    if (typeof key !== "string" || typeof agent !== "string" || modelName === undefined || (responseId !== null && typeof responseId !== "string")) {
      throw new Error(`sample chunk request ${index} is damaged`);
    }
    const time = numbers[at + 1]!;
    const toolResults = numbers[at + 9]!;
    samples[index] = {
      key,
      agentId: agent,
      timestampMs: Number.isNaN(time) ? null : time,
      model: modelName,
      inputTokens: numbers[at + 3]!,
      cacheWriteTokens: numbers[at + 4]!,
      cacheReadTokens: numbers[at + 5]!,
      outputTokens: numbers[at + 6]!,
      reasoningTokens: numbers[at + 7]!,
      contextTokens: numbers[at + 8]!,
      toolResultTokens: Number.isNaN(toolResults) ? null : toolResults,
      responseId,
      isSidechain: numbers[at + 10] === 1,
    };
    at += WIDTH;
  }
  return samples;
}

/** A session's samples from its chunks in write order: one per key, the copy the rule keeps. */
export function mergeChunks(runtime: SessionRuntime, chunks: Iterable<readonly StoredSample[]>): StoredSample[] {
  const byKey = new Map<string, StoredSample>();
  for (const chunk of chunks) {
    for (const sample of chunk) {
      const existing = byKey.get(sample.key);
      if (existing === undefined || shouldReplaceRequest(runtime, asRequest(existing), asRequest(sample))) byKey.set(sample.key, sample);
    }
  }
  return [...byKey.values()];
}

/**
 * The samples that count, by time then key: all of them, except Claude sidechain replays of a
 * response the session also holds. request-dedupe.ts's own dedupeRequests decides (the rule cannot
 * drift from the parsers'), over the only samples it can drop: those sharing a response id with a
 * sidechain sample. Its decisions never cross response ids, so each such group is decided alone.
 */
export function countedSamples(runtime: SessionRuntime, merged: readonly StoredSample[]): StoredSample[] {
  const samples = [...merged].sort(byTimeThenKey);
  if (runtime !== "claude-code") return samples;
  let groups: Map<string, StoredSample[]> | null = null;
  for (const sample of samples) {
    if (!sample.isSidechain || !sample.responseId) continue;
    groups ??= new Map();
    groups.set(sample.responseId, []);
  }
  if (groups === null) return samples;
  for (const sample of samples) if (sample.responseId) groups.get(sample.responseId)?.push(sample);
  const dropped = new Set<string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const kept = new Set(dedupeRequests("claude-code", group.map(asRequest)).map((request) => request.key));
    for (const sample of group) if (!kept.has(sample.key)) dropped.add(sample.key);
  }
  return dropped.size === 0 ? samples : samples.filter((sample) => !dropped.has(sample.key));
}

function byTimeThenKey(a: StoredSample, b: StoredSample): number {
  return (a.timestampMs ?? Infinity) - (b.timestampMs ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Spelled out: built with a spread, this was the costliest step of recomputing totals in a profile of ingest. */
function asRequest(sample: StoredSample): RequestSample {
  return {
    key: sample.key,
    timestamp: null,
    model: sample.model,
    inputTokens: sample.inputTokens,
    cacheWriteTokens: sample.cacheWriteTokens,
    cacheReadTokens: sample.cacheReadTokens,
    outputTokens: sample.outputTokens,
    reasoningTokens: sample.reasoningTokens,
    contextTokens: sample.contextTokens,
    agentId: sample.agentId || null,
    line: 0,
    responseId: sample.responseId,
    isSidechain: sample.isSidechain,
  };
}
