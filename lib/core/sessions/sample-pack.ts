/**
 * How a session's requests are stored: one packed chunk per read of one file (a whole file, or the
 * slice a log grew by), not one row per request. Writing a row per request cost ~6.5 µs each on
 * SQLite — a quarter of a full ingest — and every reader wants a session's requests whole anyway.
 *
 * A chunk is JSON: keys and response ids as arrays, the numbers as base64 binary arrays (see
 * Packed), models and agent ids as indexes into short tables. The same key may sit in several
 * chunks (a response read again in a later slice, a resumed session's copied history, a subagent's
 * replay): `mergeChunks` keeps the copy request-dedupe.ts's rule picks, in the order the chunks were
 * written, exactly as the per-row upsert did; `countedSamples` then applies the Claude
 * sidechain-replay rule. Both pages and totals read through these two functions.
 */
import { dedupeRequests, shouldReplaceRequest } from "./request-dedupe";
import type { TokenCounts } from "../tokens";
import { RUNTIME, type SessionRuntime } from "../runtimes/runtimes";
import type { RequestSample } from "./types";

/** A request as stored (times as epoch ms; "" agent id for the main session's own requests). */
export interface StoredSample extends TokenCounts {
  key: string;
  agentId: string;
  timestampMs: number | null;
  model: string | null;
  contextTokens: number;
  toolResultTokens: number | null;
  responseId: string | null;
  isSidechain: boolean;
  /** The part of `cacheWriteTokens` written with a 1-hour lifetime (priced higher); absent when 0 or not recorded. */
  cacheWrite1hTokens?: number;
  /** The cost the log itself records for this request (OpenCode), USD; absent when it records none. */
  recordedCostUsd?: number;
}

/** 3 added the 1-hour cache write and the recorded cost; 2 is still read (both absent). */
const VERSION = 3;

/**
 * A chunk: JSON for the strings, and the numbers of every request as binary, base64. Numbers as JSON
 * text cost more than all the rest of packing (V8 formats each one). Times are a Float64Array (epoch
 * ms are integers far below 2^53); the other values a Uint32Array when every one is an integer that
 * fits (always, for real logs: a request's tokens are far below 2^32), else a Float64Array, so any
 * value a parser returns is kept exactly.
 */
interface Packed {
  v: number;
  /** Keys. */
  k: string[];
  /** Response ids or null. */
  id: (string | null)[];
  /** Agent-id table and model table (VALUES' agentId and model columns index them). */
  at: string[];
  mt: string[];
  /** base64 of a Float64Array of epoch ms, NaN for no time. */
  t: string;
  /** base64 of VALUES.length values per request; `w` bytes each (4: Uint32Array, 8: Float64Array). */
  n: string;
  w: 4 | 8;
}

/** Per request, in this order. */
const VALUES = ["agentId", "model", "inputTokens", "cacheWriteTokens", "cacheReadTokens", "outputTokens", "reasoningTokens", "contextTokens", "toolResultTokens", "isSidechain", "cacheWrite1hTokens", "recordedCostNanoUsd"] as const;
const WIDTH = VALUES.length;
/** Version 2 chunks had the first ten columns only. */
const WIDTH_V2 = 10;
/** A recorded cost is kept in nano-dollars, so a chunk stays 32-bit when every cost is under $4.29. */
const NANO = 1e9;
/** Null (no model, no tool-result estimate): NaN as a Float64, the largest value as a Uint32. */
const NULL32 = 0xffffffff;

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
    ...(request.cacheWrite1hTokens ? { cacheWrite1hTokens: request.cacheWrite1hTokens } : {}),
    ...(request.recordedCostUsd !== undefined && request.recordedCostUsd !== null ? { recordedCostUsd: request.recordedCostUsd } : {}),
  };
}

/** Packs requests in their order (the reader keeps it). */
export function packSamples(samples: readonly StoredSample[]): string {
  const count = samples.length;
  const keys: string[] = new Array(count);
  const ids: (string | null)[] = new Array(count);
  const times = new Float64Array(count);
  const values = new Float64Array(count * WIDTH);
  const agents: string[] = [];
  const models: string[] = [];
  let fits32 = true;
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const sample = samples[index]!;
    keys[index] = sample.key;
    ids[index] = sample.responseId;
    times[index] = sample.timestampMs ?? NaN;
    let agent = agents.indexOf(sample.agentId);
    if (agent < 0) agent = agents.push(sample.agentId) - 1;
    let model = NaN;
    if (sample.model !== null) {
      model = models.indexOf(sample.model);
      if (model < 0) model = models.push(sample.model) - 1;
    }
    values[at] = agent;
    values[at + 1] = model;
    values[at + 2] = sample.inputTokens;
    values[at + 3] = sample.cacheWriteTokens;
    values[at + 4] = sample.cacheReadTokens;
    values[at + 5] = sample.outputTokens;
    values[at + 6] = sample.reasoningTokens;
    values[at + 7] = sample.contextTokens;
    values[at + 8] = sample.toolResultTokens ?? NaN;
    values[at + 9] = sample.isSidechain ? 1 : 0;
    values[at + 10] = sample.cacheWrite1hTokens ?? 0;
    values[at + 11] = sample.recordedCostUsd === undefined ? NaN : Math.round(sample.recordedCostUsd * NANO);
    for (let column = at + 2; column < at + WIDTH && fits32; column += 1) {
      if (column === at + 9) continue;
      const value = values[column]!;
      // (-0 too: a Uint32Array would give back 0.)
      if (!(value >= 0 && value < NULL32 && Number.isInteger(value) && !Object.is(value, -0)) && !((column === at + 8 || column === at + 11) && Number.isNaN(value))) fits32 = false;
    }
    at += WIDTH;
  }
  let encoded: string;
  if (fits32) {
    const narrow = new Uint32Array(values.length);
    for (let index = 0; index < values.length; index += 1) {
      const value = values[index]!;
      narrow[index] = Number.isNaN(value) ? NULL32 : value;
    }
    encoded = base64(narrow);
  } else {
    encoded = base64(values);
  }
  const packed: Packed = { v: VERSION, k: keys, id: ids, at: agents, mt: models, t: base64(times), n: encoded, w: fits32 ? 4 : 8 };
  return JSON.stringify(packed);
}

function base64(array: Float64Array | Uint32Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");
}

/** The values of a base64 binary array (copied out: a decoded Buffer may sit at an offset a typed array cannot view). */
function decodeArray(encoded: string, bytesEach: 4 | 8, expected: number): Float64Array | Uint32Array {
  const bytes = Buffer.from(encoded, "base64");
  if (bytes.length !== expected * bytesEach) throw new Error("sample chunk columns differ in length");
  const array = bytesEach === 8 ? new Float64Array(expected) : new Uint32Array(expected);
  new Uint8Array(array.buffer).set(bytes);
  return array;
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
  if (packed === null || typeof packed !== "object" || (packed.v !== VERSION && packed.v !== 2)) throw new Error(`unknown sample chunk format (version ${String(packed?.v)})`);
  const { k: keys, id: ids, at: agents, mt: models, t: encodedTimes, n: encodedValues, w: bytesEach } = packed;
  if (!Array.isArray(keys) || !Array.isArray(ids) || !Array.isArray(agents) || !Array.isArray(models) || typeof encodedTimes !== "string" || typeof encodedValues !== "string" || (bytesEach !== 4 && bytesEach !== 8)) {
    throw new Error("sample chunk is missing a field");
  }
  const count = keys.length;
  if (ids.length !== count) throw new Error("sample chunk columns differ in length");
  const times = decodeArray(encodedTimes, 8, count);
  const width = packed.v === 2 ? WIDTH_V2 : WIDTH;
  const values = decodeArray(encodedValues, bytesEach, count * width);
  const value = bytesEach === 4 ? (index: number) => (values[index] === NULL32 ? NaN : values[index]!) : (index: number) => values[index]!;
  const samples: StoredSample[] = new Array(count);
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const key = keys[index];
    const agent = agents[value(at)];
    const model = value(at + 1);
    const modelName = Number.isNaN(model) ? null : models[model];
    const responseId = ids[index];
    if (typeof key !== "string" || typeof agent !== "string" || modelName === undefined || (responseId !== null && typeof responseId !== "string")) {
      throw new Error(`sample chunk request ${index} is damaged`);
    }
    const time = times[index]!;
    const toolResults = value(at + 8);
    samples[index] = {
      key,
      agentId: agent,
      timestampMs: Number.isNaN(time) ? null : time,
      model: modelName,
      inputTokens: value(at + 2),
      cacheWriteTokens: value(at + 3),
      cacheReadTokens: value(at + 4),
      outputTokens: value(at + 5),
      reasoningTokens: value(at + 6),
      contextTokens: value(at + 7),
      toolResultTokens: Number.isNaN(toolResults) ? null : toolResults,
      responseId,
      isSidechain: value(at + 9) === 1,
    };
    if (width === WIDTH) {
      const oneHour = value(at + 10);
      const cost = value(at + 11);
      if (oneHour > 0) samples[index]!.cacheWrite1hTokens = oneHour;
      if (!Number.isNaN(cost)) samples[index]!.recordedCostUsd = cost / NANO;
    }
    at += width;
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
 * A session's samples from its stored chunks (in write order), merged. A chunk that cannot be read
 * back is passed to `unreadable` and left out; the others still count.
 */
export function mergeStoredChunks<T extends { data: string }>(runtime: SessionRuntime, chunks: Iterable<T>, unreadable: (chunk: T, error: unknown) => void): StoredSample[] {
  const unpacked: StoredSample[][] = [];
  for (const chunk of chunks) {
    try {
      unpacked.push(unpackSamples(chunk.data));
    } catch (error) {
      unreadable(chunk, error);
    }
  }
  return mergeChunks(runtime, unpacked);
}

/**
 * The samples that count, by time then key: all of them, except Claude sidechain replays of a
 * response the session also holds. request-dedupe.ts's own dedupeRequests decides (the rule cannot
 * drift from the parsers'), over the only samples it can drop: those sharing a response id with a
 * sidechain sample. Its decisions never cross response ids, so each such group is decided alone.
 */
export function countedSamples(runtime: SessionRuntime, merged: readonly StoredSample[]): StoredSample[] {
  const samples = [...merged].sort(byTimeThenKey);
  if (runtime !== RUNTIME.claudeCode) return samples;
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
    const kept = new Set(dedupeRequests(RUNTIME.claudeCode, group.map(asRequest)).map((request) => request.key));
    for (const sample of group) if (!kept.has(sample.key)) dropped.add(sample.key);
  }
  return dropped.size === 0 ? samples : samples.filter((sample) => !dropped.has(sample.key));
}

function byTimeThenKey(a: StoredSample, b: StoredSample): number {
  return (a.timestampMs ?? Infinity) - (b.timestampMs ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Spelled out: built with a spread, this was the costliest step of recomputing totals in a profile of ingest. */
export function asRequest(sample: StoredSample): RequestSample {
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
