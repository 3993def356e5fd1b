/**
 * What `baton mcp`'s six tools answer, without the MCP plumbing (mcp-server.ts registers them): each
 * reads the repository itself (no database, as the hooks do) and returns text plus a structured copy.
 * Argument names are the contract's (../shared/CONTRACTS.md "Agent loop").
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { readContextPosition, type ContextPosition } from "../../core/agent-loop/context-position";
import { describePosition } from "../../core/agent-loop/position-words";
import { handoffDraft, protocolHandoffPath, utcTimestamp } from "../../core/agent-loop/handoff-instruction";
import { parseHandoffPath } from "../../core/handoff/handoff-path";
import { lintHandoff } from "../../core/handoff/lint-handoff";
import { maskSecrets } from "../../core/handoff/secrets/mask-secrets";
import { parseHandoff } from "../../core/handoff/parse-handoff";
import { isLoopRuntime, LOOP_RUNTIMES, type TranscriptFormat } from "../../core/runtimes/hooks.data";
import { readTail } from "./read-tail";
import { latestHandoff, latestOpenHandoff, readRepoHandoffs, resumePlanFor, type RepoHandoffs } from "./repo-handoffs";
import { repoRootOf } from "./repo-root";

export interface ToolAnswer {
  text: string;
  structured: Record<string, unknown>;
  isError?: boolean;
}

/** A mistake in the arguments: the tool answers with `isError` and this text. */
export class ToolInputError extends Error {}

async function readRepo(repo: string): Promise<RepoHandoffs> {
  if (!path.isAbsolute(repo)) throw new ToolInputError(`repo must be an absolute path; got ${JSON.stringify(repo)}`);
  const info = await stat(repo).catch(() => null);
  if (info === null || !info.isDirectory()) throw new ToolInputError(`${repo} is not a folder on this machine`);
  const found = await repoRootOf(await realpath(repo));
  if (found === null) throw new ToolInputError(`${repo} is not inside a git repository`);
  return readRepoHandoffs(found.root, found.info);
}

function runtimeOf(runtime: string) {
  if (!isLoopRuntime(runtime)) throw new ToolInputError(`runtime must be one of ${LOOP_RUNTIMES.join(", ")}; got ${JSON.stringify(runtime)}`);
  return runtime;
}

export async function listHandoffsTool(repo: string): Promise<ToolAnswer> {
  const read = await readRepo(repo);
  const open = new Set(read.chains.resumableHeads);
  const latestOpen = latestOpenHandoff(read)?.id ?? null;
  const handoffs = read.handoffs
    .map((handoff) => ({
      id: handoff.id,
      path: handoff.path,
      runtime: handoff.processed.runtime,
      date: handoff.processed.analysis.pathInfo.date,
      timestamp: handoff.processed.timestamp?.toISOString() ?? null,
      branches: handoff.occurrences.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref),
      inWorkingTree: handoff.occurrences.some((occurrence) => occurrence.kind === "worktree"),
      open: open.has(handoff.id),
      latestOpen: handoff.id === latestOpen,
      previousPath: handoff.processed.previousPath,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lines = handoffs.map((handoff) => `${handoff.latestOpen ? "* " : "- "}${handoff.path}${handoff.open ? " (open)" : ""}${handoff.branches.length > 0 ? ` [${handoff.branches.join(", ")}]` : " [working tree only]"}`);
  return {
    text: handoffs.length === 0 ? `No handoffs found in ${read.root}.` : `${handoffs.length} handoff version(s) in ${read.root} (* = the latest open one, what resume picks):\n${lines.join("\n")}`,
    structured: { repo: read.root, handoffs },
  };
}

export async function latestHandoffTool(repo: string): Promise<ToolAnswer> {
  const read = await readRepo(repo);
  const handoff = latestOpenHandoff(read);
  if (handoff === null) return { text: `No open handoff in ${read.root}.`, structured: { repo: read.root, handoff: null } };
  const parsed = handoff.processed.analysis.parsed;
  const summary = {
    id: handoff.id,
    path: handoff.path,
    runtime: handoff.processed.runtime,
    sessionId: parsed.identity.sessionId,
    branch: parsed.identity.branch,
    headSha: parsed.identity.headSha,
    timestamp: handoff.processed.timestamp?.toISOString() ?? null,
    nextAction: parsed.nextAction?.text ?? null,
    previousPath: handoff.processed.previousPath,
  };
  return {
    text: [`Latest open handoff in ${read.root}: ${handoff.path}`, `Runtime: ${summary.runtime ?? "unknown"}; branch: ${summary.branch ?? "unknown"}`, `Next action: ${summary.nextAction ?? "(none recorded)"}`].join("\n"),
    structured: { repo: read.root, handoff: summary },
  };
}

export async function resumePromptTool(repo: string, runtime: string): Promise<ToolAnswer> {
  const target = runtimeOf(runtime);
  const read = await readRepo(repo);
  const handoff = latestOpenHandoff(read);
  if (handoff === null) return { text: `No open handoff to resume in ${read.root}.`, structured: { repo: read.root, prompt: null } };
  const plan = await resumePlanFor(read, handoff, target);
  return { text: plan.prompt, structured: { repo: read.root, handoffPath: handoff.path, runtime: plan.runtime, prompt: plan.prompt, command: plan.command } };
}

/** `baton lint`'s rules over a draft's text (masked first); path rules use the path the draft names for itself. */
export function lintHandoffTool(text: string): ToolAnswer {
  const masked = maskSecrets(text);
  const { value: parsed, issues } = parseHandoff(masked.text);
  const draftPath = parsed.pointers.thisPath ?? "handoff.md";
  const findings = [...issues, ...lintHandoff(parsed, { path: draftPath, pathInfo: parseHandoffPath(draftPath), secrets: masked.secrets })];
  const errors = findings.filter((finding) => finding.severity === "error").length;
  const lines = findings.map((finding) => `${finding.severity} ${finding.rule}${finding.line === null ? "" : ` (line ${finding.line})`}: ${finding.message}`);
  return {
    text: findings.length === 0 ? "No findings." : `${findings.length} finding(s), ${errors} error(s); path rules checked against ${draftPath}:\n${lines.join("\n")}`,
    structured: { path: draftPath, findings },
  };
}

export async function draftHandoffTool(repo: string, runtime: string, phase: string, now = new Date()): Promise<ToolAnswer> {
  const target = runtimeOf(runtime);
  const read = await readRepo(repo);
  const file = protocolHandoffPath(target, now, phase);
  const previousPath = latestHandoff(read)?.path ?? null;
  const text = handoffDraft({
    identity: { runtime: target, model: null, sessionId: null, branch: read.info.headBranch, headSha: read.info.headSha, timestamp: utcTimestamp(now) },
    path: file,
    previousPath,
  });
  return { text, structured: { repo: read.root, path: file, previousPath, headSha: read.info.headSha, draft: text } };
}

function formatFor(file: string): TranscriptFormat[] {
  const name = path.basename(file);
  if (name.startsWith("rollout-")) return ["codex-rollout", "claude-jsonl", "gemini-chat"];
  if (file.includes(`${path.sep}chats${path.sep}`) || name.startsWith("session-")) return ["gemini-chat", "claude-jsonl", "codex-rollout"];
  return ["claude-jsonl", "codex-rollout", "gemini-chat"];
}

export async function contextStatusTool(transcriptPath: string): Promise<ToolAnswer> {
  if (!path.isAbsolute(transcriptPath)) throw new ToolInputError(`transcript_path must be an absolute path; got ${JSON.stringify(transcriptPath)}`);
  let position: ContextPosition | null = null;
  for (const format of formatFor(transcriptPath)) {
    let reading;
    try {
      reading = readTail(transcriptPath, (bytes) => readContextPosition(format, bytes)).reading;
    } catch (error) {
      throw new ToolInputError(`cannot read ${transcriptPath}: ${(error as Error).message}`);
    }
    if (reading.kind === "position") {
      position = reading.position;
      break;
    }
    if (reading.kind === "compacted") return { text: "The context was compacted after the last request; its size is not known until the next request.", structured: { percent: null, tokens: null, window: null } };
  }
  if (position === null) return { text: `No request found in ${transcriptPath} yet.`, structured: { percent: null, tokens: null, window: null } };
  return {
    text: `Context: ${describePosition(position)} (${position.tokens.toLocaleString("en-US")} tokens; model ${position.model ?? "unknown"}; window from ${position.windowSource}).`,
    structured: { percent: position.percent, tokens: position.tokens, window: position.window, windowSource: position.windowSource, model: position.model },
  };
}
