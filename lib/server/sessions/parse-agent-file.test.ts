import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureSuite, PUBLIC } from "../../core/test-support/shared-fixtures";
import { wasmJsonWalker } from "../../core/sessions/wasm/json-walker";
import { mergeStoredChunks } from "../../core/sessions/sample-pack";
import { summariseSamples } from "../../core/usage/session-usage-facts";
import { DEFAULT_CHUNK, hashHead, HEAD_BYTES, parseAgentFile, parseAgentGroup, readHeadHash, type AgentFileFormat, type AgentFileTask } from "./parse-agent-file";
import { claudeTranscript, type ClaudeTurn } from "./session-test-fixtures";

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-parse-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const task = (file: string, format: AgentFileFormat, extra: Partial<AgentFileTask> = {}): AgentFileTask => ({
  id: 1,
  path: file,
  format,
  offset: 0,
  lines: 0,
  carry: null,
  agentId: null,
  agentType: null,
  projectRoot: null,
  ...extra,
});

function files(dir: string, suffix: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(suffix)) found.push(full);
    }
  };
  walk(dir);
  return found.sort();
}

const shape = (outcome: ReturnType<typeof parseAgentFile>) => ({
  offset: outcome.offset,
  lines: outcome.lines,
  carry: outcome.carry,
  badLines: outcome.badLineCount,
  pending: outcome.pendingTail?.line ?? null,
  sessionId: outcome.log?.sessionId,
  cwd: outcome.log?.cwd,
  branch: outcome.log?.branch,
  models: outcome.log?.models,
  startedAt: outcome.log?.startedAt,
  endedAt: outcome.log?.endedAt,
  compactions: outcome.log?.compactions.length,
  unknownTypes: outcome.log?.unknownTypes,
  // Later chunks may repeat a key (streamed copies); ingest keeps one per the dedupe rule.
  keys: [...new Set(outcome.log?.requests.map((request) => request.key))].sort(),
});

const present = existsSync(PUBLIC) && readdirSync(PUBLIC, { withFileTypes: true }).length > 0;
describe.skipIf(!present)(fixtureSuite("parseAgentFile: chunked reads equal one read", PUBLIC, present), () => {
  it.each([
    ["claude", path.join(PUBLIC, "claude-code"), ".jsonl"],
    ["codex", path.join(PUBLIC, "codex"), ".jsonl"],
    ["gemini-jsonl", path.join(PUBLIC, "gemini"), ".jsonl"],
  ] as const)("%s: 4 KiB chunks read the same as one chunk", (format, dir, suffix) => {
    const list = files(dir, suffix);
    expect(list.length).toBeGreaterThan(0);
    for (const file of list) {
      const whole = parseAgentFile(task(file, format));
      const chunked = parseAgentFile(task(file, format), 4096);
      expect(shape(chunked), file).toEqual(shape(whole));
      expect(whole.offset, file).toBe(statSync(file).size - (whole.pendingTail ? statSync(file).size - whole.offset : 0));
    }
  });
});

describe("parseAgentFile: offsets, heads, tails", () => {
  const sessionId = "cccccccc-0000-4000-8000-000000000000";
  const turn = (n: number) => ({ at: `2026-11-02T09:0${n}:00.000Z`, messageId: `msg_${n}`, input: n, cacheWrite: 10 * n, cacheRead: 100 * n, output: n });
  const text = claudeTranscript({ sessionId, cwd: "/w", branch: "main", start: "2026-11-02T09:00:00.000Z", turns: [1, 2, 3].map(turn) });

  it("reads on from an offset with the file's own line numbers, and hashes the head", () => {
    const file = path.join(scratch, "a.jsonl");
    const cut = text.indexOf("\n", text.length / 2) + 1;
    writeFileSync(file, text.slice(0, cut));
    const first = parseAgentFile(task(file, "claude"));
    expect(first.offset).toBe(cut);
    expect(first.headHash).toBe(hashHead(Buffer.from(text.slice(0, Math.min(HEAD_BYTES, cut)))));
    expect(readHeadHash(file, Math.min(HEAD_BYTES, cut))).toBe(first.headHash);
    appendFileSync(file, text.slice(cut));
    const second = parseAgentFile(task(file, "claude", { offset: first.offset, lines: first.lines }));
    expect(second.bytesRead).toBe(Buffer.byteLength(text) - cut);
    expect(second.lines).toBe(4);
    // Line 1 is the prompt; every later line is a response, numbered as in the whole file.
    expect(second.log!.requests.map((request) => request.line)).toEqual(Array.from({ length: 4 - first.lines }, (_, index) => first.lines + 1 + index));
  });

  it("hashes the head from the bytes it read, or reads it again when the first chunk was shorter: the same hash", () => {
    const file = path.join(scratch, "long-head.jsonl");
    const long = claudeTranscript({ sessionId, cwd: "/w", branch: "main", start: "2026-11-02T09:00:00.000Z", turns: Array.from({ length: 9 }, (_, index) => turn(index + 1)) });
    writeFileSync(file, long);
    expect(Buffer.byteLength(long)).toBeGreaterThan(HEAD_BYTES);
    const expected = readHeadHash(file, HEAD_BYTES);
    for (const chunk of [512, 1024, HEAD_BYTES - 1, HEAD_BYTES, 64 * 1024]) {
      expect(parseAgentFile(task(file, "claude"), chunk).headHash, String(chunk)).toBe(expected);
    }
  });

  it("leaves an incomplete last line pending, not counted as a bad line", () => {
    const file = path.join(scratch, "b.jsonl");
    writeFileSync(file, `${text}{"type":"assistant","message":{"id":"x"`);
    const outcome = parseAgentFile(task(file, "claude"));
    expect(outcome.offset).toBe(Buffer.byteLength(text));
    expect(outcome.pendingTail).toMatchObject({ line: 5 });
    expect(outcome.badLineCount).toBe(0);
    expect(outcome.log!.requests).toHaveLength(3);
  });

  it("reports an unreadable file instead of throwing", () => {
    const outcome = parseAgentFile(task(path.join(scratch, "missing.jsonl"), "claude"));
    expect(outcome.error).toMatch(/ENOENT/);
    expect(outcome.log).toBeNull();
  });

  it("a Gemini JSON document caught mid-rewrite is left for the next read", () => {
    const file = path.join(scratch, "session-x.json");
    writeFileSync(file, `{"sessionId":"g1","messages":[{"id":"m1","type":"gemini","tokens":{"input":10`);
    const outcome = parseAgentFile(task(file, "gemini-json"));
    expect(outcome.offset).toBe(0);
    expect(outcome.pendingTail).not.toBeNull();
    expect(outcome.badLineCount).toBe(0);
  });
});

describe("a session's files read together", () => {
  it("sum to what their stored chunks sum to, merged (replays and streamed copies across the files count once)", () => {
    const dir = path.join(scratch, "group", "-work-g");
    const sessionId = "gggggggg-0000-4000-8000-000000000000";
    mkdirSync(path.join(dir, sessionId, "subagents"), { recursive: true });
    const at = (minute: number) => `2026-11-05T10:${String(minute).padStart(2, "0")}:00.000Z`;
    const transcript = (start: string, turns: ClaudeTurn[]) => claudeTranscript({ sessionId, cwd: "/w", branch: "main", start, turns });
    const msgB: ClaudeTurn = { at: at(3), messageId: "msg_b", input: 6, cacheWrite: 0, cacheRead: 1200, output: 30, model: "claude-opus-4-6" };
    const main = transcript(at(0), [{ at: at(1), messageId: "msg_a", input: 5, cacheWrite: 100, cacheRead: 1000, output: 20, blocks: 3 }, msgB]);
    // The subagent's file: its own response, a streamed copy of it, and a replay of the parent's msg_b,
    // all sidechain lines of agent s1.
    const subagentLines = transcript(at(2), [{ at: at(2), messageId: "msg_s", input: 1, cacheWrite: 10, cacheRead: 50, output: 7, blocks: 2 }, msgB])
      .split("\n")
      .filter(Boolean)
      .map((line, index) => (index === 0 ? line : line.replace('"type":"assistant"', '"type":"assistant","isSidechain":true,"agentId":"s1"')));
    const files = [path.join(dir, `${sessionId}.jsonl`), path.join(dir, sessionId, "subagents", "agent-s1.jsonl")];
    writeFileSync(files[0]!, main);
    writeFileSync(files[1]!, `${subagentLines.join("\n")}\n`);
    const tasks = files.map((file, id) => task(file, "claude", { id, agentId: id === 1 ? "s1" : null, pack: true }));
    const group = parseAgentGroup(tasks);
    expect(group.outcomes).toEqual(tasks.map((each) => parseAgentFile(each)));
    // What recompute would read back: the packed chunks, in the order ingest writes them.
    const fromChunks = summariseSamples("claude-code", mergeStoredChunks("claude-code", group.outcomes.map((outcome) => ({ data: outcome.packed!.data })), () => undefined));
    expect(group.facts).toEqual(fromChunks);
    // Summing each file's own facts would count the replayed msg_b twice.
    const requestsOf = (facts: NonNullable<typeof group.facts>) => [...facts.byAgent.values()].reduce((sum, totals) => sum + totals.requests, 0);
    const eachFileAlone = group.outcomes.reduce((sum, outcome) => sum + requestsOf(outcome.packed!.facts), 0);
    expect(requestsOf(group.facts!)).toBe(eachFileAlone - 1);
    expect(parseAgentGroup(tasks.slice(0, 1)).facts).toBeNull();
  });
});

describe("the WebAssembly memory reads go into", () => {
  const walker = wasmJsonWalker();
  // Skipped only when the committed WebAssembly walker cannot load here (the JavaScript path is tested anyway).
  it.skipIf(walker === null)("holds a whole chunk from the start: reading one never grows it (which would detach its buffer and deoptimise the parser)", () => {
    const before = walker!.scratch(1).buffer;
    const chunk = walker!.scratch(DEFAULT_CHUNK);
    expect(chunk.buffer).toBe(before);
    expect(chunk.length).toBe(DEFAULT_CHUNK);
  });
});

describe("a subagent's type", () => {
  it("comes from its .meta.json when the task names one, unless the task gives it; a bad or missing file gives none", () => {
    const file = path.join(scratch, "agent-meta.jsonl");
    writeFileSync(file, claudeTranscript({ sessionId: "m1", cwd: "/w", branch: "main", start: "2026-11-03T10:00:00.000Z", turns: [{ at: "2026-11-03T10:00:05.000Z", messageId: "msg_m1", input: 1, cacheWrite: 0, cacheRead: 0, output: 1 }] }));
    const meta = path.join(scratch, "agent-meta.meta.json");
    writeFileSync(meta, '{"agentType":"Explore","description":"x"}');
    const garbage = path.join(scratch, "agent-garbage.meta.json");
    writeFileSync(garbage, "{not json");
    const typeOf = (extra: Partial<AgentFileTask>) => parseAgentFile(task(file, "claude", { agentId: "a1", ...extra })).log?.agentType ?? null;
    expect(typeOf({ metaPath: meta })).toBe("Explore");
    expect(typeOf({ metaPath: meta, agentType: "given" })).toBe("given");
    expect(typeOf({ metaPath: garbage })).toBeNull();
    expect(typeOf({ metaPath: path.join(scratch, "missing.meta.json") })).toBeNull();
    expect(typeOf({})).toBeNull();
  });
});
