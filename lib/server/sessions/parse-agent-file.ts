/**
 * Reads one agent log from where the last scan stopped and parses it. Runs in a worker thread or
 * inline (same code), and touches nothing but the file: ingest decides what to read and stores the
 * outcome.
 *
 * Memory stays bounded whatever the file size: the file is read in chunks cut at the last newline
 * (so a chunk never ends inside a line except at the end of the file), each chunk parsed with the
 * incremental-read contract (docs/token-accounting.md), and the chunk buffer is reused. Parsed
 * results hold only fresh strings (JSON.parse / utf8Slice copies), never views into the buffer.
 */
import { RUNTIME } from "../../core/runtimes/runtimes";
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { checkSessionLog, type ValueIssue } from "../../core/sessions/check-session-log";
import { earlierPrompt } from "../../core/sessions/first-prompt";
import { asObject, asString } from "../../core/sessions/json-values";
import { parseClaudeLog } from "../../core/sessions/parse-claude-log";
import { parseCodexRollout } from "../../core/sessions/parse-codex-rollout";
import { parseGeminiChatJson, parseGeminiChatJsonl } from "../../core/sessions/parse-gemini-chat";
import { mergeChunks, packSamples, storedSample, type StoredSample } from "../../core/sessions/sample-pack";
import { summariseSamples, type SessionFacts } from "../../core/usage/session-usage-facts";
import { wasmJsonWalker } from "../../core/sessions/wasm/json-walker";
import { hexDigest } from "../hex-digest";
import { warmClaudeParser } from "./parser-warmup";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import type { BadLine, CompactionEvent, FirstPrompt, ParsedSessionLog, ParserCarryState, RequestSample } from "../../core/sessions/types";

export type AgentFileFormat = "claude" | "codex" | "gemini-jsonl" | "gemini-json";

export interface AgentFileTask {
  id: number;
  path: string;
  format: AgentFileFormat;
  /** Byte offset to start at (a line boundary: 0 or a previous consumedBytes). */
  offset: number;
  /** Lines consumed before `offset`. */
  lines: number;
  carry: ParserCarryState | null;
  /** Claude subagent files: id from the file name, type from `.meta.json` (given, or read from `metaPath`). */
  agentId: string | null;
  agentType: string | null;
  /**
   * The subagent's `.meta.json`, read for its `agentType` when none is given (read where the parse
   * runs: hundreds of small reads kept off the thread that writes the database).
   */
  metaPath?: string | null;
  /** Gemini: the project folder, and the id to list a subagent chat under. */
  projectRoot: string | null;
  /**
   * Ingest's reads: hand the requests back packed, with what they add up to, instead of as objects
   * (`log.requests` is then empty). Packing where the parse ran keeps the main thread, which writes
   * the database, out of per-request work.
   */
  pack?: boolean;
}

/** The requests of one read, as ingest stores them. */
export interface PackedRequests {
  /** Requests read (before merging by key). */
  count: number;
  /** sample-pack.ts's chunk. */
  data: string;
  /** The requests merged and summarised: the session's facts when this read is all it holds. */
  facts: SessionFacts;
}

/** What a read learned; plain data (it crosses the worker boundary by structured clone). */
export interface AgentFileOutcome {
  id: number;
  error: string | null;
  size: number;
  mtimeMs: number;
  /** Absolute offset after the last consumed line, and complete lines consumed in total. */
  offset: number;
  lines: number;
  carry: ParserCarryState | null;
  /** "<length>:<sha1>" of the first bytes (up to HEAD_BYTES, never past `offset`). */
  headHash: string | null;
  /** An unterminated, incomplete last line left for the next read (not counted in badLineCount). */
  pendingTail: BadLine | null;
  /** Malformed lines in the consumed part (`log.badLines` keeps the first BAD_LINE_DETAILS). */
  badLineCount: number;
  bytesRead: number;
  log: ParsedSessionLog | null;
  /** With `task.pack`, when the read found requests. */
  packed: PackedRequests | null;
  /**
   * What checkSessionLog changed before anything is stored (the first BAD_LINE_DETAILS; all are
   * counted in badLineCount).
   */
  valueIssues: ValueIssue[];
}

export const HEAD_BYTES = 4096;
/**
 * Bytes read and parsed at a time (a longer line gets a larger read). Also what each parsing thread
 * holds of a file, so it bounds memory whatever the files' size; 1–32 MiB parse at the same speed.
 */
export const DEFAULT_CHUNK = 4 * 1024 * 1024;
/** A single line longer than this is not a log line; it is skipped as bad rather than buffered. */
const MAX_LINE = 512 * 1024 * 1024;
/** Bad lines kept with their message per read (all are counted). */
export const BAD_LINE_DETAILS = 20;

let sharedBuffer: Buffer | null = null;

/**
 * A buffer of at least `size` bytes to read a chunk into, reused: in the JSON walker's WebAssembly
 * memory when there is one, so the Claude parser walks the bytes where they were read.
 */
function bufferOf(size: number): Buffer {
  const walker = wasmJsonWalker();
  if (walker !== null) {
    try {
      const view = walker.scratch(Math.max(size, 64 * 1024));
      return Buffer.from(view.buffer, view.byteOffset, view.length);
    } catch {
      // Memory could not grow that far: an ordinary buffer (the walker copies what it walks).
    }
  }
  if (sharedBuffer === null || sharedBuffer.length < size) sharedBuffer = Buffer.allocUnsafe(Math.max(size, 64 * 1024));
  return sharedBuffer;
}

export function runtimeOf(format: AgentFileFormat): SessionRuntime {
  return format === "claude" ? RUNTIME.claudeCode : format === "codex" ? RUNTIME.codex : RUNTIME.geminiCli;
}

export function hashHead(bytes: Uint8Array): string {
  return `${bytes.length}:${hexDigest("sha1", bytes)}`;
}

/** Hash of the first `length` bytes of a file, or null when it has fewer. */
export function readHeadHash(filePath: string, length: number): string | null {
  const fd = openSync(filePath, "r");
  try {
    const buffer = Buffer.allocUnsafe(length);
    const read = readFully(fd, buffer, length, 0);
    return read < length ? null : hashHead(buffer.subarray(0, length));
  } finally {
    closeSync(fd);
  }
}

function readFully(fd: number, buffer: Buffer, length: number, position: number): number {
  let total = 0;
  while (total < length) {
    const read = readSync(fd, buffer, total, length - total, position + total);
    if (read === 0) break;
    total += read;
  }
  return total;
}

/**
 * A session's files read whole together (its transcript and its subagents'), as ingest hands them
 * to one parsing thread: each file's outcome, and what all their requests add up to, merged across
 * the files in this order (the order ingest writes their chunks), so ingest need not read the
 * session's samples back to sum them. `facts` is null for a single file (its `packed.facts` say it).
 */
export interface AgentGroupOutcome {
  outcomes: AgentFileOutcome[];
  facts: SessionFacts | null;
}

export function parseAgentGroup(tasks: readonly AgentFileTask[], chunkSize = DEFAULT_CHUNK): AgentGroupOutcome {
  if (tasks.length === 1) return { outcomes: [parseAgentFile(tasks[0]!, chunkSize)], facts: null };
  const samples: StoredSample[][] = [];
  const outcomes = tasks.map((task) => parseAgentFile(task, chunkSize, samples));
  const runtime = runtimeOf(tasks[0]!.format);
  return { outcomes, facts: summariseSamples(runtime, mergeChunks(runtime, samples)) };
}

/** `samples`: where a packed read's samples go too (parseAgentGroup's merge). */
export function parseAgentFile(given: AgentFileTask, chunkSize = DEFAULT_CHUNK, samples?: StoredSample[][]): AgentFileOutcome {
  if (given.format === "claude") warmClaudeParser(bufferOf, (requests) => packedRequests(RUNTIME.claudeCode, requests));
  const task = given.agentType === null && given.metaPath ? { ...given, agentType: readAgentType(given.metaPath) } : given;
  const outcome: AgentFileOutcome = {
    id: task.id,
    error: null,
    size: 0,
    mtimeMs: 0,
    offset: task.offset,
    lines: task.lines,
    carry: task.carry,
    headHash: null,
    pendingTail: null,
    badLineCount: 0,
    bytesRead: 0,
    log: null,
    packed: null,
    valueIssues: [],
  };
  let fd: number;
  try {
    fd = openSync(task.path, "r");
  } catch (error) {
    outcome.error = message(error);
    return outcome;
  }
  try {
    const stats = fstatSync(fd);
    outcome.size = stats.size;
    outcome.mtimeMs = stats.mtimeMs;
    // The first bytes as read, when the read started at 0: the head hash needs no second read.
    const first = task.format === "gemini-json" ? readWholeDocument(fd, task, outcome) : readJsonl(fd, task, outcome, chunkSize);
    const headLength = Math.min(HEAD_BYTES, outcome.offset);
    if (headLength > 0) {
      if (first !== null && first.length >= headLength) {
        outcome.headHash = hashHead(first.subarray(0, headLength));
      } else {
        const head = Buffer.allocUnsafe(headLength);
        outcome.headHash = readFully(fd, head, headLength, 0) === headLength ? hashHead(head) : null;
      }
    }
  } catch (error) {
    outcome.error = message(error);
  } finally {
    closeSync(fd);
  }
  if (outcome.log !== null) {
    // Every value is checked once, here, before it is packed or handed to ingest to store.
    const issues = checkSessionLog(outcome.log);
    outcome.badLineCount += issues.length;
    outcome.valueIssues = issues.slice(0, BAD_LINE_DETAILS);
  }
  if (task.pack && outcome.log !== null && outcome.log.requests.length > 0) {
    outcome.packed = packedRequests(runtimeOf(task.format), outcome.log.requests, samples);
    outcome.log.requests = [];
  }
  return outcome;
}

/** A subagent's `agentType` from its `.meta.json`; null when the file is missing or says none. */
export function readAgentType(metaPath: string): string | null {
  try {
    return asString(asObject(JSON.parse(readFileSync(metaPath, "utf8")))?.agentType);
  } catch {
    return null;
  }
}

export function packedRequests(runtime: SessionRuntime, requests: readonly RequestSample[], keep?: StoredSample[][]): PackedRequests {
  const samples = requests.map(storedSample);
  keep?.push(samples);
  return { count: requests.length, data: packSamples(samples), facts: summariseSamples(runtime, mergeChunks(runtime, [samples])) };
}

/** Gemini's older `.json` chats are one document rewritten in place: always read whole. */
function readWholeDocument(fd: number, task: AgentFileTask, outcome: AgentFileOutcome): Buffer {
  const buffer = Buffer.allocUnsafe(outcome.size);
  const read = readFully(fd, buffer, outcome.size, 0);
  const log = parseGeminiChatJson(buffer.subarray(0, read), { projectRoot: task.projectRoot, agentId: fileStem(task.path) });
  outcome.bytesRead = read;
  outcome.offset = log.consumedBytes;
  outcome.lines = 0;
  outcome.carry = null;
  if (log.consumedBytes < read && log.badLines.length > 0) {
    // Caught mid-rewrite: read whole again next scan.
    outcome.pendingTail = log.badLines[0] ?? null;
    log.badLines = [];
  }
  outcome.badLineCount = log.badLines.length;
  outcome.log = log;
  return buffer.subarray(0, Math.min(HEAD_BYTES, read));
}

/** Returns a copy of the first bytes of the file (up to HEAD_BYTES) when the read starts at 0. */
function readJsonl(fd: number, task: AgentFileTask, outcome: AgentFileOutcome, chunkSize: number): Buffer | null {
  let first: Buffer | null = null;
  const merged = new LogMerger();
  let position = task.offset;
  let lines = task.lines;
  let carry = task.carry;
  if (task.offset > 0 && isPreTitle(carry)) {
    // Read on from a carry written before titles existed: the first prompt is in the bytes read
    // then, so it is taken from the file's head now, once (the carry below records that). A
    // subagent's file has none to give.
    if (task.agentId === null) merged.firstPrompt = readTitleHead(fd, task);
    carry = { ...carry, titlePending: false };
  }
  let want = chunkSize;
  while (position < outcome.size) {
    const length = Math.min(want, outcome.size - position);
    const buffer = bufferOf(length);
    const read = readFully(fd, buffer, length, position);
    if (read === 0) break;
    const atEnd = position + read >= outcome.size;
    let end = read;
    if (!atEnd) {
      const newline = buffer.lastIndexOf(10, read - 1);
      if (newline < 0) {
        if (want < MAX_LINE) {
          // One line longer than the chunk: read again with room for it.
          want *= 2;
          continue;
        }
        // Absurdly long line: skip to the next newline and count it as bad.
        const skipped = skipLine(fd, position + read, outcome.size);
        merged.addBadLine({ line: lines + 1, message: `line longer than ${MAX_LINE} bytes: skipped` });
        position = skipped;
        lines += 1;
        continue;
      }
      end = newline + 1;
    }
    // Copied: the buffer is reused for the next chunk.
    if (position === 0 && first === null) first = Buffer.from(buffer.subarray(0, Math.min(HEAD_BYTES, read)));
    const bytes = buffer.subarray(0, end);
    const startLine = lines + 1;
    const log = parseSlice(task, bytes, startLine, carry);
    outcome.bytesRead += end;
    const pending = log.consumedBytes < end;
    if (pending) {
      // Only possible at the end of the file: an unterminated, incomplete last line. It is not a bad
      // line of the consumed part; it stays pending until a later scan reads it complete.
      const tailLine = startLine + (log.consumedLines ?? 0);
      outcome.pendingTail = log.badLines.find((bad) => bad.line === tailLine) ?? { line: tailLine, message: "incomplete last line" };
      log.badLines = log.badLines.filter((bad) => bad.line !== tailLine);
    }
    merged.add(log);
    position += log.consumedBytes;
    lines += log.consumedLines ?? 0;
    carry = log.carry ?? null;
    if (pending) break;
    want = chunkSize;
  }
  outcome.offset = position;
  outcome.lines = lines;
  outcome.carry = carry;
  outcome.badLineCount = merged.badLineCount;
  outcome.log = merged.result(runtimeOf(task.format), task);
  return first;
}

/** A carry from before first prompts were read: it has no `titlePending` (first-prompt.ts titlePending). */
export function isPreTitle(carry: ParserCarryState | null): carry is ParserCarryState {
  return carry !== null && !("titlePending" in carry);
}

/** Bytes of a file's head read for its first prompt when it was read before titles existed. */
const TITLE_HEAD_BYTES = 1024 * 1024;

/** The first prompt in the complete lines of the file's first TITLE_HEAD_BYTES (up to what was read before). */
function readTitleHead(fd: number, task: AgentFileTask): FirstPrompt | null {
  const length = Math.min(TITLE_HEAD_BYTES, task.offset);
  const buffer = Buffer.allocUnsafe(length);
  const read = readFully(fd, buffer, length, 0);
  const end = read === task.offset ? read : buffer.subarray(0, read).lastIndexOf(10) + 1;
  if (end <= 0) return null;
  const log = parseSlice(task, buffer.subarray(0, end), 1, null);
  return log.firstPrompt ?? null;
}

function skipLine(fd: number, from: number, size: number): number {
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let position = from;
  while (position < size) {
    const read = readFully(fd, buffer, Math.min(buffer.length, size - position), position);
    if (read === 0) return size;
    const newline = buffer.subarray(0, read).indexOf(10);
    if (newline >= 0) return position + newline + 1;
    position += read;
  }
  return size;
}

function parseSlice(task: AgentFileTask, bytes: Buffer, startLine: number, carry: ParserCarryState | null): ParsedSessionLog {
  switch (task.format) {
    case "claude":
      return parseClaudeLog(bytes, { startLine, agentId: task.agentId, agentType: task.agentType, carry });
    case "codex":
      return parseCodexRollout(bytes, { startLine, carry });
    default:
      return parseGeminiChatJsonl(bytes, { startLine, carry, projectRoot: task.projectRoot, agentId: fileStem(task.path) });
  }
}

/** Folds the chunks of one read into one log (docs/token-accounting.md, incremental contract rule 6). */
class LogMerger {
  sessionId: string | null = null;
  agentId: string | null = null;
  agentType: string | null = null;
  cwd: string | null = null;
  branch: string | null = null;
  models: string[] = [];
  private modelSet = new Set<string>();
  startedAt: string | null = null;
  endedAt: string | null = null;
  private startMs = Infinity;
  private endMs = -Infinity;
  contextWindow: number | null = null;
  requests: RequestSample[] = [];
  compactions: CompactionEvent[] = [];
  unknownTypes: Record<string, number> = {};
  badLines: BadLine[] = [];
  badLineCount = 0;
  hasActivity = false;
  firstPrompt: FirstPrompt | null = null;

  addBadLine(bad: BadLine) {
    this.badLineCount += 1;
    if (this.badLines.length < BAD_LINE_DETAILS) this.badLines.push(bad);
  }

  add(log: ParsedSessionLog) {
    this.sessionId ??= log.sessionId;
    this.agentId ??= log.agentId;
    this.agentType ??= log.agentType;
    if (log.cwd !== null) this.cwd = log.cwd;
    if (log.branch !== null) this.branch = log.branch;
    for (const model of log.models) {
      if (!this.modelSet.has(model)) {
        this.modelSet.add(model);
        this.models.push(model);
      }
    }
    const start = log.startedAt === null ? NaN : Date.parse(log.startedAt);
    const end = log.endedAt === null ? NaN : Date.parse(log.endedAt);
    if (start < this.startMs) {
      this.startMs = start;
      this.startedAt = log.startedAt;
    }
    if (end > this.endMs) {
      this.endMs = end;
      this.endedAt = log.endedAt;
    }
    if (log.contextWindow !== null) this.contextWindow = log.contextWindow;
    if (log.hasActivity === true || log.requests.length > 0) this.hasActivity = true;
    this.firstPrompt = earlierPrompt(this.firstPrompt, log.firstPrompt);
    for (const request of log.requests) this.requests.push(request);
    for (const compaction of log.compactions) this.compactions.push(compaction);
    for (const [type, count] of Object.entries(log.unknownTypes)) this.unknownTypes[type] = (this.unknownTypes[type] ?? 0) + count;
    for (const bad of log.badLines) this.addBadLine(bad);
  }

  result(runtime: SessionRuntime, task: AgentFileTask): ParsedSessionLog {
    return {
      runtime,
      sessionId: this.sessionId,
      agentId: this.agentId ?? task.agentId,
      agentType: this.agentType ?? task.agentType,
      cwd: this.cwd,
      branch: this.branch,
      models: this.models,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      contextWindow: this.contextWindow,
      hasActivity: this.hasActivity,
      firstPrompt: this.firstPrompt,
      requests: this.requests,
      compactions: this.compactions,
      unknownTypes: this.unknownTypes,
      // The count (badLineCount) is what sourceIssues report; details are capped (a garbage file has millions).
      badLines: this.badLines,
      // Offsets live on the outcome, in file terms.
      consumedBytes: 0,
      consumedLines: 0,
      carry: null,
    };
  }
}

function fileStem(filePath: string): string {
  const name = filePath.split(/[\\/]/).pop() ?? filePath;
  return name.replace(/\.jsonl?$/i, "");
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
