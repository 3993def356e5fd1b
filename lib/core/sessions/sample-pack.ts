/**
 * How a session's requests are stored: one packed chunk per read of one file (a whole file, or the
 * slice a log grew by), not one row per request. Writing a row per request cost ~6.5 µs each on
 * SQLite — a quarter of a full ingest — and every reader wants a session's requests whole anyway.
 *
 * A chunk is JSON with one array per field (models and agent ids as indexes into short tables). The
 * same key may sit in several chunks (a response read again in a later slice, a resumed session's
 * copied history, a subagent's replay): `mergeChunks` keeps the copy request-dedupe.ts's rule picks,
 * in the order the chunks were written, exactly as the per-row upsert did; `countedSamples` then
 * applies the Claude sidechain-replay rule. Both pages and totals read through these two functions.
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

const VERSION = 1;

interface Packed {
  v: number;
  /** Keys. */
  k: string[];
  /** Agent-id table and per-request index into it. */
  at: string[];
  a: number[];
  /** Epoch ms or null. */
  t: (number | null)[];
  /** Model table and per-request index (-1 = none). */
  mt: string[];
  m: number[];
  i: number[];
  cw: number[];
  cr: number[];
  o: number[];
  r: number[];
  c: number[];
  /** Tool-result tokens or null. */
  tr: (number | null)[];
  /** Response ids or null. */
  id: (string | null)[];
  /** 1 = sidechain. */
  s: number[];
}

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
  const packed: Packed = { v: VERSION, k: [], at: [], a: [], t: [], mt: [], m: [], i: [], cw: [], cr: [], o: [], r: [], c: [], tr: [], id: [], s: [] };
  const agents = new Map<string, number>();
  const models = new Map<string, number>();
  for (const sample of samples) {
    let agent = agents.get(sample.agentId);
    if (agent === undefined) {
      agent = packed.at.push(sample.agentId) - 1;
      agents.set(sample.agentId, agent);
    }
    let model = -1;
    if (sample.model !== null) {
      const known = models.get(sample.model);
      if (known === undefined) {
        model = packed.mt.push(sample.model) - 1;
        models.set(sample.model, model);
      } else {
        model = known;
      }
    }
    packed.k.push(sample.key);
    packed.a.push(agent);
    packed.t.push(sample.timestampMs);
    packed.m.push(model);
    packed.i.push(sample.inputTokens);
    packed.cw.push(sample.cacheWriteTokens);
    packed.cr.push(sample.cacheReadTokens);
    packed.o.push(sample.outputTokens);
    packed.r.push(sample.reasoningTokens);
    packed.c.push(sample.contextTokens);
    packed.tr.push(sample.toolResultTokens);
    packed.id.push(sample.responseId);
    packed.s.push(sample.isSidechain ? 1 : 0);
  }
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
  const { k, at, a, t, mt, m, i, cw, cr, o, r, c, tr, id, s } = packed;
  if (!k || !at || !a || !t || !mt || !m || !i || !cw || !cr || !o || !r || !c || !tr || !id || !s) throw new Error("sample chunk is missing a field");
  const count = k.length;
  for (const column of [a, t, m, i, cw, cr, o, r, c, tr, id, s]) if (column.length !== count) throw new Error("sample chunk columns differ in length");
  const samples: StoredSample[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const model = m[index]!;
    samples[index] = {
      key: k[index]!,
      agentId: at[a[index]!] ?? "",
      timestampMs: t[index] ?? null,
      model: model < 0 ? null : (mt[model] ?? null),
      inputTokens: i[index]!,
      cacheWriteTokens: cw[index]!,
      cacheReadTokens: cr[index]!,
      outputTokens: o[index]!,
      reasoningTokens: r[index]!,
      contextTokens: c[index]!,
      toolResultTokens: tr[index] ?? null,
      responseId: id[index] ?? null,
      isSidechain: s[index] === 1,
    };
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
