import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dedupeRequests, shouldReplaceRequest } from "./request-dedupe";
import { countedSamples, mergeChunks, packSamples, storedSample, unpackSamples, type StoredSample } from "./sample-pack";
import { summariseSamples } from "../usage/session-usage-facts";
import type { SessionRuntime } from "../runtimes/runtimes";
import type { RequestSample } from "./types";

const sample = (key: string, extra: Partial<StoredSample> = {}): StoredSample => ({
  key,
  agentId: "",
  timestampMs: 1_700_000_000_000,
  model: "claude-sonnet-4-5",
  inputTokens: 3,
  cacheWriteTokens: 100,
  cacheReadTokens: 1000,
  outputTokens: 10,
  reasoningTokens: 0,
  contextTokens: 1103,
  toolResultTokens: null,
  responseId: null,
  isSidechain: false,
  ...extra,
});

const arbitrarySample = fc.record({
  key: fc.constantFrom("a", "b", "c", "d", "e", "f"),
  agentId: fc.constantFrom("", "", "agent-1", "agent-2"),
  timestampMs: fc.option(fc.integer({ min: 0, max: 10 }).map((n) => 1_700_000_000_000 + n * 1000), { nil: null }),
  model: fc.option(fc.constantFrom("m1", "m2", "gpt-5", "ü-model \"quoted\""), { nil: null }),
  inputTokens: fc.nat({ max: 1e9 }),
  cacheWriteTokens: fc.nat({ max: 1e9 }),
  cacheReadTokens: fc.nat({ max: 1e9 }),
  outputTokens: fc.nat({ max: 1e6 }),
  reasoningTokens: fc.nat({ max: 1e6 }),
  contextTokens: fc.nat({ max: 2e9 }),
  toolResultTokens: fc.option(fc.nat({ max: 1e6 }), { nil: null }),
  responseId: fc.option(fc.constantFrom("r1", "r2", "r3"), { nil: null }),
  isSidechain: fc.boolean(),
});
const runtimes: SessionRuntime[] = ["claude-code", "codex", "gemini-cli", "opencode"];

describe("sample chunks", () => {
  it("unpack(pack(samples)) gives the samples back, in order", () => {
    fc.assert(
      fc.property(fc.array(arbitrarySample, { maxLength: 40 }), (samples) => {
        expect(unpackSamples(packSamples(samples))).toEqual(samples);
      }),
    );
  });

  it("keeps any number a parser returns exactly: 32-bit storage when every value fits, 64-bit otherwise", () => {
    const small = [sample("a"), sample("b", { toolResultTokens: 0, model: null })];
    expect(JSON.parse(packSamples(small)).w).toBe(4);
    expect(unpackSamples(packSamples(small))).toEqual(small);
    for (const odd of [2 ** 32, 2 ** 32 - 1, 2 ** 53 - 1, 1.5, -3, 0xffffffff]) {
      const samples = [sample("a"), sample("b", { cacheReadTokens: odd, toolResultTokens: odd })];
      const packed = packSamples(samples);
      expect(JSON.parse(packed).w, String(odd)).toBe(8);
      expect(unpackSamples(packed)).toEqual(samples);
    }
    fc.assert(
      fc.property(fc.array(arbitrarySample, { maxLength: 10 }), fc.double({ noNaN: true }), (samples, odd) => {
        const withOdd = samples.map((entry, index) => (index === 0 ? { ...entry, outputTokens: odd } : entry));
        expect(unpackSamples(packSamples(withOdd))).toEqual(withOdd);
      }),
    );
  });

  it("stores times as epoch ms and the main session's agent as \"\"", () => {
    const request: RequestSample = {
      key: "k",
      timestamp: "2026-11-02T09:00:00.000Z",
      model: null,
      inputTokens: 1,
      cacheWriteTokens: 2,
      cacheReadTokens: 3,
      outputTokens: 4,
      reasoningTokens: 0,
      contextTokens: 6,
      agentId: null,
      line: 7,
    };
    expect(storedSample(request)).toEqual({ ...sample("k"), timestampMs: Date.UTC(2026, 10, 2, 9), model: null, inputTokens: 1, cacheWriteTokens: 2, cacheReadTokens: 3, outputTokens: 4, contextTokens: 6 });
    expect(storedSample({ ...request, timestamp: "not a date" }).timestampMs).toBeNull();
  });

  it("refuses a chunk it did not write instead of reading part of it", () => {
    expect(() => unpackSamples('{"v":1,"k":[]}')).toThrow(/version 1/);
    expect(() => unpackSamples('{"v":2,"k":[]}')).toThrow(/missing a field/);
    const packed = JSON.parse(packSamples([sample("a"), sample("b", { agentId: "agent-1", model: null })])) as Record<string, unknown>;
    expect(() => unpackSamples(JSON.stringify({ ...packed, k: ["a"] }))).toThrow(/differ in length/);
    expect(() => unpackSamples(JSON.stringify({ ...packed, n: (packed.n as string).slice(0, 40) }))).toThrow(/differ in length/);
    expect(() => unpackSamples(JSON.stringify({ ...packed, at: [""] }))).toThrow(/request 1 is damaged/);
    expect(() => unpackSamples(JSON.stringify({ ...packed, k: ["a", 7] }))).toThrow(/request 1 is damaged/);
    expect(() => unpackSamples(JSON.stringify({ ...packed, mt: [] }))).toThrow(/request 0 is damaged/);
    expect(() => unpackSamples('{"v":2,"k":["cut')).toThrow();
    expect(() => unpackSamples("null")).toThrow(/unknown sample chunk format/);
  });

  it("merging chunks in write order keeps, per key, the copy the de-dup rule keeps (as the per-row upsert did)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...runtimes), fc.array(fc.array(arbitrarySample, { maxLength: 12 }), { maxLength: 5 }), (runtime, chunks) => {
        const expected = new Map<string, StoredSample>();
        const asRequest = (entry: StoredSample): RequestSample => ({ ...entry, timestamp: null, agentId: entry.agentId || null, line: 0 });
        for (const entry of chunks.flat()) {
          const existing = expected.get(entry.key);
          if (!existing || shouldReplaceRequest(runtime, asRequest(existing), asRequest(entry))) expected.set(entry.key, entry);
        }
        expect(mergeChunks(runtime, chunks)).toEqual([...expected.values()]);
      }),
    );
  });

  it("Claude: a sidechain copy never replaces the session's own; else the larger total wins. Others: the last copy wins", () => {
    const own = sample("k", { responseId: "r", outputTokens: 5 });
    const replay = sample("k", { responseId: "r", outputTokens: 500, isSidechain: true });
    expect(mergeChunks("claude-code", [[own], [replay]])).toEqual([own]);
    expect(mergeChunks("claude-code", [[replay], [own]])).toEqual([own]);
    const provisional = sample("k", { outputTokens: 1 });
    const final = sample("k", { outputTokens: 300 });
    expect(mergeChunks("claude-code", [[final], [provisional]])).toEqual([final]);
    expect(mergeChunks("gemini-cli", [[final], [provisional]])).toEqual([provisional]);
  });

  it("counts what dedupeRequests over the whole session keeps (the sidechain rule decided per response id)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...runtimes), fc.array(arbitrarySample, { maxLength: 30 }), (runtime, raw) => {
        const merged = mergeChunks(runtime, [raw]);
        const sorted = [...merged].sort((a, b) => (a.timestampMs ?? Infinity) - (b.timestampMs ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const kept = new Set(dedupeRequests(runtime, sorted.map((entry) => ({ ...entry, timestamp: null, agentId: entry.agentId || null, line: 0 }))).map((entry) => entry.key));
        expect(countedSamples(runtime, merged)).toEqual(sorted.filter((entry) => kept.has(entry.key)));
      }),
    );
  });

  it("a subagent's replay of the parent's response is not counted twice", () => {
    const parent = sample("msg_1:req_1", { responseId: "msg_1", timestampMs: 1 });
    const replay = sample("msg_1:req_9", { responseId: "msg_1", timestampMs: 2, isSidechain: true, agentId: "agent-1" });
    const other = sample("msg_2:req_2", { responseId: "msg_2", timestampMs: 3, isSidechain: true, agentId: "agent-1" });
    expect(countedSamples("claude-code", [replay, other, parent]).map((entry) => entry.key)).toEqual(["msg_1:req_1", "msg_2:req_2"]);
    const facts = summariseSamples("claude-code", [replay, other, parent]);
    expect(facts.byAgent.get("")?.requests).toBe(1);
    expect(facts.byAgent.get("agent-1")?.requests).toBe(1);
  });

  it("totals do not depend on how a session's requests were split into chunks", () => {
    fc.assert(
      fc.property(fc.constantFrom(...runtimes), fc.array(arbitrarySample, { maxLength: 30 }), fc.array(fc.nat({ max: 30 }), { maxLength: 4 }), (runtime, raw, cuts) => {
        const bounds = [0, ...[...new Set(cuts)].sort((a, b) => a - b).filter((cut) => cut < raw.length), raw.length];
        const chunks = bounds.slice(1).map((end, index) => raw.slice(bounds[index], end));
        const whole = summariseSamples(runtime, mergeChunks(runtime, [raw]));
        const split = summariseSamples(runtime, mergeChunks(runtime, chunks.map((chunk) => unpackSamples(packSamples(chunk)))));
        expect(split).toEqual(whole);
      }),
    );
  });

  it("keeps the 1-hour cache write and a recorded cost, and still reads version 2 chunks (neither present)", () => {
    const samples = [sample("a", { cacheWrite1hTokens: 60 }), sample("b", { recordedCostUsd: 0.012345 }), sample("c", { recordedCostUsd: 12.5 })];
    const back = unpackSamples(packSamples(samples));
    expect(back[0]!.cacheWrite1hTokens).toBe(60);
    expect(back[1]!.recordedCostUsd).toBeCloseTo(0.012345, 9);
    expect(back[2]!.recordedCostUsd).toBe(12.5);
    expect(back[2]!.cacheWrite1hTokens).toBeUndefined();
    const v3 = JSON.parse(packSamples([sample("a")])) as { v: number; n: string };
    // A version 2 chunk: the same first ten columns, nothing after.
    const bytes = Uint8Array.from(Buffer.from(v3.n, "base64"));
    const columns = new Uint32Array(bytes.buffer);
    const v2 = { ...v3, v: 2, n: Buffer.from(new Uint32Array(columns.subarray(0, 10)).buffer).toString("base64") };
    expect(unpackSamples(JSON.stringify(v2))).toEqual([sample("a")]);
  });
});
