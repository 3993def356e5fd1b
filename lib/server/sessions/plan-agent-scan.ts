/**
 * Steps 0–1 of `baton scan --agents` (scan-agents.ts runs the rest): discovery, a plan per source and
 * per file, then each file classified against what the last scan saw (unchanged, grown, rewritten,
 * gone), which decides where it is read from.
 */
import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { RUNTIME, runtimeName } from "../../core/runtimes/runtimes";
import type { ParserCarryState } from "../../core/sessions/types";
import { discoverAgentSources, relativeInside, type AgentSources } from "../agents/discover-agent-sources";
import type { BulkWriter } from "../db/bulk";
import { upsertSource, type StoredAgentFile } from "./agent-store";
import { HEAD_BYTES, isPreTitle, readHeadHash } from "./parse-agent-file";
import { ownString } from "./own-string";
import { parseJsonOr } from "./session-ids";
import type { AgentSourceKind, FilePlan, SourcePlan } from "./agent-scan-types";

/** Discovery, then the plans; only the plans are kept (the discovery's file lists would double what a scan holds per file). */
export async function discoverAndPlan(bulk: BulkWriter, options: { env: Readonly<Record<string, string | undefined>>; homeDir: string }) {
  const discovered = await discoverAgentSources({ env: options.env, homeDir: options.homeDir });
  return { sources: await planSources(bulk, discovered), openCodeDirs: discovered.opencode.dirs, discoveryIssues: discovered.issues, links: discovered.links };
}

async function planSources(bulk: BulkWriter, discovered: AgentSources): Promise<SourcePlan[]> {
  const plans: SourcePlan[] = [];
  const add = async (kind: AgentSourceKind, root: string): Promise<SourcePlan> => {
    const existing = plans.find((plan) => plan.kind === kind && plan.root === root);
    if (existing) return existing;
    // Synchronous (the same realpath(3) call): through the thread pool, queued behind discovery's
    // reads, it took up to 80 ms.
    let realRoot: string;
    try {
      realRoot = realpathSync.native(root);
    } catch {
      realRoot = path.resolve(root);
    }
    // `~` only for the user's real home: the home discovery was given may be another folder (the demo's),
    // and "~/claude" then named a folder that does not exist.
    const label = `${runtimeName(kind)} ${tilde(realRoot, homedir())}`;
    const id = await upsertSource(bulk, kind, realRoot, label);
    const plan: SourcePlan = {
      id,
      kind,
      root,
      realRoot,
      label,
      files: [],
      result: { sourceId: id, kind, root: realRoot, label, status: "ok", stats: { files: 0, filesRead: 0, filesUnchanged: 0, filesFailed: 0, filesGone: 0, bytesRead: 0, sessionsTouched: 0, sessionsReset: 0 }, errors: [] },
    };
    plans.push(plan);
    return plan;
  };
  // A plan per file lives for the whole scan: it keeps only its root-relative path (the absolute one
  // is rebuilt when the file is opened), and its ids as strings of their own (a substring would keep
  // the discovery's whole path alive).
  // One literal, no spreads: a plan per file of a folder of thousands.
  const file = (source: SourcePlan, absolutePath: string, extra: Pick<FilePlan, "format"> & Partial<Pick<FilePlan, "pathSessionId" | "agentId" | "metaPath" | "projectRoot">>): FilePlan => {
    const relative = relativeInside(source.root, absolutePath);
    return {
      source,
      // Its own string, not a view of the discovery's absolute path (which it would keep alive).
      path: ownString(path.sep === "/" ? relative : relative.split(path.sep).join("/")),
      format: extra.format,
      pathSessionId: extra.pathSessionId ? ownString(extra.pathSessionId) : null,
      agentId: extra.agentId ? ownString(extra.agentId) : null,
      metaPath: extra.metaPath ?? null,
      projectRoot: extra.projectRoot ?? null,
      stored: undefined,
      size: 0,
      mtimeMs: 0,
      readFrom: null,
    };
  };

  for (const root of discovered.claude.roots) {
    const plan = await add(RUNTIME.claudeCode, root);
    const projects = path.join(root, "projects") + path.sep;
    for (const entry of discovered.claude.files.filter((candidate) => candidate.path.startsWith(projects))) {
      plan.files.push(file(plan, entry.path, { format: "claude", pathSessionId: entry.sessionId, agentId: entry.agentId, metaPath: entry.metaPath }));
    }
  }
  // One Codex source per CODEX_HOME (sessions/ and archived_sessions/ together): archiving moves a
  // rollout between them, and it must stay the same session.
  for (const root of discovered.codex.roots) {
    const base = path.basename(root);
    await add(RUNTIME.codex, base === "sessions" || base === "archived_sessions" ? path.dirname(root) : root);
  }
  for (const entry of discovered.codex.files) {
    const sessionsRoot = entry.path.slice(0, entry.path.length - `${entry.relativeKey}.jsonl`.length - 1);
    const base = path.basename(sessionsRoot);
    const plan = await add(RUNTIME.codex, base === "sessions" || base === "archived_sessions" ? path.dirname(sessionsRoot) : sessionsRoot);
    plan.files.push(file(plan, entry.path, { format: "codex", pathSessionId: entry.relativeKey }));
  }
  for (const root of discovered.gemini.roots) {
    const plan = await add(RUNTIME.geminiCli, root);
    for (const entry of discovered.gemini.files.filter((candidate) => candidate.path.startsWith(root + path.sep))) {
      plan.files.push(file(plan, entry.path, { format: entry.format === "json" ? "gemini-json" : "gemini-jsonl", projectRoot: entry.projectRoot }));
    }
  }
  for (const dir of discovered.opencode.dirs) await add(RUNTIME.opencode, dir.dataDir);
  return plans;
}

/** Synchronous on purpose: thousands of stats through the thread pool cost ten times more. */
export function statFile(file: FilePlan, stored: StoredAgentFile | undefined) {
  file.stored = stored;
  try {
    const info = statSync(absolutePathOf(file));
    file.size = info.size;
    file.mtimeMs = info.mtimeMs;
  } catch {
    // Vanished since discovery: it reads as a failed file below.
    file.size = -1;
  }
}

/** Read from the start (one object for every plan that is). */
export const FROM_START: Readonly<NonNullable<FilePlan["readFrom"]>> = Object.freeze({ offset: 0, lines: 0, carry: null });

export function classify(file: FilePlan, resetIds: Set<string>) {
  const stored = file.stored;
  const fromStart = FROM_START;
  if (!stored || stored.status === "gone" || file.size < 0) {
    file.readFrom = fromStart;
    return;
  }
  if (stored.status === "ok" && stored.size === file.size && stored.mtimeMs === file.mtimeMs) {
    // A main log last read before sessions had titles is read once more from where it stopped (no
    // new bytes): the read takes the title from the file's head (parse-agent-file.ts) and stores a
    // carry that says so.
    file.readFrom = file.agentId === null && isPreTitleCarry(stored.carry) ? { offset: stored.offset, lines: stored.lines, carry: parseJsonOr<ParserCarryState | null>(stored.carry, null) } : null;
    return;
  }
  if (!stored.sessionId) {
    // Nothing countable was read from it yet: read it whole again, so its first lines still date
    // the session once it has one.
    file.readFrom = fromStart;
    return;
  }
  if (file.format === "gemini-json") {
    // Rewritten in place on every update: read whole, and what it said before goes.
    if (stored.sessionId) resetIds.add(stored.sessionId);
    file.readFrom = fromStart;
    return;
  }
  if (file.size < stored.offset || !sameHead(file, stored)) {
    if (stored.sessionId) resetIds.add(stored.sessionId);
    file.readFrom = fromStart;
    return;
  }
  file.readFrom = { offset: stored.offset, lines: stored.lines, carry: parseJsonOr<ParserCarryState | null>(stored.carry, null) };
}

/** A carry written before first prompts were read (parse-agent-file.ts isPreTitleCarry). */
function isPreTitleCarry(carry: string | null): boolean {
  return carry !== null && isPreTitle(parseJsonOr<ParserCarryState | null>(carry, null));
}

function sameHead(file: FilePlan, stored: StoredAgentFile): boolean {
  if (!stored.headHash) return stored.offset === 0;
  const length = Number(stored.headHash.slice(0, stored.headHash.indexOf(":")));
  if (!Number.isFinite(length) || length <= 0 || length > HEAD_BYTES) return false;
  try {
    return readHeadHash(absolutePathOf(file), length) === stored.headHash;
  } catch {
    return false;
  }
}

/** The file's absolute path: its source's root (as discovered) and its root-relative path. */
export function absolutePathOf(file: FilePlan): string {
  const root = file.source.root;
  const relative = path.sep === "/" ? file.path : file.path.split("/").join(path.sep);
  return root.endsWith(path.sep) ? root + relative : root + path.sep + relative;
}

function tilde(target: string, homeDir: string): string {
  const relative = path.relative(homeDir, target);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `~/${relative.split(path.sep).join("/")}` : target;
}
