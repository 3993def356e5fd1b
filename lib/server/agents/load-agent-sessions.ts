import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { finding, type Finding } from "../../core/findings";
import { asObject, asString } from "../../core/sessions/json-values";
import { parseClaudeLog } from "../../core/sessions/parse-claude-log";
import { parseCodexRollout } from "../../core/sessions/parse-codex-rollout";
import { parseGeminiChatJson, parseGeminiChatJsonl } from "../../core/sessions/parse-gemini-chat";
import { parseOpenCode, type OpenCodeStorageFile } from "../../core/sessions/parse-opencode";
import { summariseSessions, type SessionLogInput } from "../../core/sessions/summarise-session";
import { LOG_RUNTIMES, RUNTIME, type SessionRuntime } from "../../core/runtimes/runtimes";
import type { SessionSummary } from "../../core/sessions/types";
import { discoverAgentSources, type AgentSources, type DiscoverAgentSourcesOptions } from "./discover-agent-sources";
import { readOpenCodeDb } from "./read-opencode-db";

/**
 * Whole-file read of every discovered session, summarised per session. This is the simple path
 * (CLI one-shot scans, tests); incremental ingest reads slices with the same parsers.
 */

export interface LoadAgentSessionsOptions extends DiscoverAgentSourcesOptions {
  runtimes?: readonly SessionRuntime[];
}

export interface LoadedAgentSessions {
  sessions: SessionSummary[];
  sources: AgentSources;
  issues: Finding[];
}

export async function loadAgentSessions(options: LoadAgentSessionsOptions): Promise<LoadedAgentSessions> {
  const sources = await discoverAgentSources(options);
  const wanted = new Set<SessionRuntime>(options.runtimes ?? LOG_RUNTIMES);
  const issues: Finding[] = [...sources.issues];
  const sessions: SessionSummary[] = [];

  if (wanted.has(RUNTIME.claudeCode)) sessions.push(...summariseSessions(await loadClaude(sources, issues)));
  if (wanted.has(RUNTIME.codex)) sessions.push(...summariseSessions(await loadCodex(sources, issues)));
  if (wanted.has(RUNTIME.geminiCli)) sessions.push(...summariseSessions(await loadGemini(sources, issues)));
  if (wanted.has(RUNTIME.opencode)) sessions.push(...summariseSessions(await loadOpenCode(sources, issues)));
  return { sessions, sources, issues };
}

async function loadClaude(sources: AgentSources, issues: Finding[]): Promise<SessionLogInput[]> {
  const inputs: SessionLogInput[] = [];
  for (const file of sources.claude.files) {
    const bytes = await readBytes(file.path, issues);
    if (bytes === null) continue;
    const agentType = file.metaPath === null ? null : asString(asObject(await readJson(file.metaPath))?.agentType);
    const log = parseClaudeLog(bytes, { agentId: file.agentId, agentType });
    // A transcript without sessionId lines still belongs to the session its path names.
    if (log.sessionId === null) log.sessionId = file.sessionId;
    inputs.push({ file: file.path, log });
  }
  return inputs;
}

async function loadCodex(sources: AgentSources, issues: Finding[]): Promise<SessionLogInput[]> {
  const inputs: SessionLogInput[] = [];
  for (const file of sources.codex.files) {
    const bytes = await readBytes(file.path, issues);
    if (bytes === null) continue;
    const log = parseCodexRollout(bytes);
    if (log.sessionId === null) log.sessionId = file.relativeKey;
    inputs.push({ file: file.path, log });
  }
  return inputs;
}

async function loadGemini(sources: AgentSources, issues: Finding[]): Promise<SessionLogInput[]> {
  const inputs: SessionLogInput[] = [];
  for (const file of sources.gemini.files) {
    const bytes = await readBytes(file.path, issues);
    if (bytes === null) continue;
    const stem = path.basename(file.path).replace(/\.jsonl?$/, "");
    const options = { projectRoot: file.projectRoot, agentId: stem };
    const log = file.format === "jsonl" ? parseGeminiChatJsonl(bytes, options) : parseGeminiChatJson(bytes, options);
    // Gemini writes other JSON beside chats (logs.json); only files with a session are chats.
    if (log.sessionId === null && log.requests.length === 0) continue;
    inputs.push({ file: file.path, log });
  }
  return inputs;
}

async function loadOpenCode(sources: AgentSources, issues: Finding[]): Promise<SessionLogInput[]> {
  const inputs: SessionLogInput[] = [];
  for (const dir of sources.opencode.dirs) {
    const db = dir.database === null ? null : readOpenCodeDb(dir.database);
    if (db !== null) issues.push(...db.issues);
    const storage = dir.storageDir === null ? null : await readOpenCodeStorage(dir.storageDir, issues);
    const parsed = parseOpenCode({ rows: db?.rows ?? null, storage });
    issues.push(...parsed.issues);
    const file = dir.database ?? dir.storageDir ?? dir.dataDir;
    for (const log of parsed.value) inputs.push({ file, log });
  }
  return inputs;
}

/** OpenCode's older JSON tree (`storage/session|message|part/**.json`), as parse-opencode.ts takes it. */
export async function readOpenCodeStorage(storageDir: string, issues: Finding[]) {
  const read = async (kind: string): Promise<OpenCodeStorageFile[]> => {
    const root = path.join(storageDir, kind);
    const files: OpenCodeStorageFile[] = [];
    for (const file of await listJson(root)) {
      const text = await readText(file, issues);
      if (text !== null) files.push({ path: path.relative(storageDir, file), text });
    }
    return files;
  };
  return { sessions: await read("session"), messages: await read("message"), parts: await read("part") };
}

/** Every `.json` file below a folder (OpenCode's storage tree), sorted; unreadable folders are skipped. */
export async function listJson(dir: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined) break;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile() && entry.name.endsWith(".json")) found.push(full);
    }
  }
  return found.sort();
}

async function readBytes(file: string, issues: Finding[]): Promise<Uint8Array | null> {
  try {
    return await readFile(file);
  } catch (error) {
    issues.push(finding("agent-file-unreadable", "warning", null, `${file}: ${error instanceof Error ? error.message : String(error)}`));
    return null;
  }
}

async function readText(file: string, issues: Finding[]): Promise<string | null> {
  const bytes = await readBytes(file, issues);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as unknown;
  } catch {
    return null;
  }
}
