/**
 * The agent loop's own files, all in Baton's data folder (BATON_DATA_DIR): they work with no server
 * and no database, and nothing in them leaves the machine.
 *   agent-loop/events.jsonl          one line per guard instruction and per injected resume (loop-records.ts)
 *   agent-loop/sessions/<key>.json   the guard's memory per session (asked once per crossing)
 *   agent-loop/prompts/<key>.md      a resume prompt too long for a hook, for the agent to read
 *   agent-loop/installed.json        what `hooks install` created, so uninstall removes exactly that
 *   agent-loop/<kind>/<key>.json     short caches (readCache/writeCache): budgets, statusline, compaction
 *   logs/agent-loop.log              one line per hook problem (bad stdin, missing transcript, …)
 */
import { createHash } from "node:crypto";
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FRESH_MEMORY, type GuardMemory } from "../../core/agent-loop/guard";
import { parseLoopRecords, type LoopRecord } from "../../core/agent-loop/loop-records";
import { dataDirectory } from "../db/database-url";

export function loopDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(dataDirectory(env), "agent-loop");
}

export function loopEventsFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(loopDirectory(env), "events.jsonl");
}

export function loopLogFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(dataDirectory(env), "logs", "agent-loop.log");
}

/** A file-name-safe key for a session: readable prefix, hash for uniqueness (ids are untrusted text). */
export function sessionKey(runtime: string, sessionId: string): string {
  const readable = `${runtime}-${sessionId}`.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  return `${readable}-${createHash("sha256").update(`${runtime}\0${sessionId}`).digest("hex").slice(0, 12)}`;
}

/** One line in Baton's log; never throws (a hook must not fail because its log cannot be written). */
export function logLine(message: string, env: NodeJS.ProcessEnv = process.env): void {
  try {
    const file = loopLogFile(env);
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, `${new Date().toISOString()} ${message.replace(/[\r\n]+/g, " ")}\n`);
  } catch {
    // Nowhere left to report it.
  }
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export function readGuardMemory(runtime: string, sessionId: string, env: NodeJS.ProcessEnv = process.env): GuardMemory {
  try {
    const raw = JSON.parse(readFileSync(path.join(loopDirectory(env), "sessions", `${sessionKey(runtime, sessionId)}.json`), "utf8")) as Partial<GuardMemory>;
    return {
      asked: raw.asked === true,
      times: typeof raw.times === "number" && Number.isFinite(raw.times) ? raw.times : 0,
      lastPercent: typeof raw.lastPercent === "number" && Number.isFinite(raw.lastPercent) ? raw.lastPercent : null,
    };
  } catch {
    return FRESH_MEMORY;
  }
}

export function writeGuardMemory(runtime: string, sessionId: string, memory: GuardMemory, env: NodeJS.ProcessEnv = process.env): void {
  writeAtomically(path.join(loopDirectory(env), "sessions", `${sessionKey(runtime, sessionId)}.json`), `${JSON.stringify(memory)}\n`);
}

/**
 * Claims the n-th instruction of a session: true for the one hook process that creates the claim.
 * Runtimes run hooks concurrently (parallel tool calls, Codex's matching hooks): two guards reading
 * the same memory at once would both ask.
 */
export function claimInstruction(runtime: string, sessionId: string, crossing: number, env: NodeJS.ProcessEnv = process.env): boolean {
  const file = path.join(loopDirectory(env), "sessions", `${sessionKey(runtime, sessionId)}.asked-${crossing}`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    closeSync(openSync(file, "wx"));
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EEXIST";
  }
}

/** Appends one record (one write of one line: concurrent hooks never interleave inside a line). */
export function appendLoopRecord(record: LoopRecord, env: NodeJS.ProcessEnv = process.env): void {
  const file = loopEventsFile(env);
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readLoopRecords(env: NodeJS.ProcessEnv = process.env): ReturnType<typeof parseLoopRecords> {
  let text: string;
  try {
    text = readFileSync(loopEventsFile(env), "utf8");
  } catch {
    return { records: [], issues: [] };
  }
  return parseLoopRecords(text);
}

export function writePromptFile(runtime: string, sessionId: string, prompt: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = path.join(loopDirectory(env), "prompts", `${sessionKey(runtime, sessionId)}.md`);
  writeAtomically(file, prompt);
  return file;
}

export function recordId(parts: readonly (string | null)[]): string {
  return createHash("sha256").update(parts.map((part) => part ?? "").join("\0")).digest("hex").slice(0, 24);
}

/**
 * A small cache file in the data folder, `agent-loop/<kind>/<key>.json`, holding `{ stamp, value }`:
 * the value when the stored stamp is the one the caller expects (a file's mtime and size, a time
 * bucket), else null. Hooks and the status line are new processes each time: this is their memory.
 */
export function readCache<T>(kind: string, key: string, stamp: (stored: unknown) => boolean, env: NodeJS.ProcessEnv = process.env): T | null {
  try {
    const stored = JSON.parse(readFileSync(path.join(loopDirectory(env), kind, `${sessionKey(kind, key)}.json`), "utf8")) as { stamp?: unknown; value?: unknown };
    return stamp(stored.stamp) && stored.value !== undefined ? (stored.value as T) : null;
  } catch {
    return null;
  }
}

/** Writes a cache entry; never throws (a cache that cannot be written only costs the next call a read). */
export function writeCache(kind: string, key: string, stamp: unknown, value: unknown, env: NodeJS.ProcessEnv = process.env): void {
  try {
    writeAtomically(path.join(loopDirectory(env), kind, `${sessionKey(kind, key)}.json`), JSON.stringify({ stamp, value }));
  } catch {
    // Only costs the next call a read.
  }
}
