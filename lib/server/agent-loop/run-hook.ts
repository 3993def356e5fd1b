/**
 * `baton hook <event> --runtime <runtime>`: what a runtime runs on SessionStart, UserPromptSubmit,
 * PostToolUse (Claude Code, Codex) and BeforeAgent (Gemini CLI). It reads the runtime's JSON on
 * stdin and prints nothing or one `hookSpecificOutput` object; it never fails the agent: every
 * problem (bad stdin, no transcript, no repository, an unreadable data folder) becomes a line in
 * Baton's log (logs/agent-loop.log) and empty output. docs/agent-loop.md describes each hook.
 *
 * Only what the guard needs on every tool call is imported up front; the repository read (handoff
 * parsing, chains, resume) loads only when a session starts or the guard asks for a handoff.
 */
import { readContextPosition, type ContextPosition } from "../../core/agent-loop/context-position";
import { describePosition } from "../../core/agent-loop/position-words";
import { compactionPoint, thresholdBeforeCompaction } from "../../core/agent-loop/compaction-point";
import { decideGuard, guardTurnedOff, resolveThreshold, thresholdSourceWords, type Threshold } from "../../core/agent-loop/guard";
import { hookOutput, parseHookInput, type HookInput } from "../../core/agent-loop/hook-input";
import type { LoopRecord } from "../../core/agent-loop/loop-records";
import { hookEventFor, RUNTIME_HOOK_FACTS, type HookEventFact, type LoopRuntime } from "../../core/runtimes/hooks.data";
import { appendLoopRecord, claimInstruction, logLine, readGuardMemory, recordId, writeGuardMemory } from "./loop-files";
import { readCompactionSettings } from "./compaction-settings";
import { readTail } from "./read-tail";
import { cachedRepoBudgets } from "./repo-budget";

export interface HookRun {
  runtime: LoopRuntime;
  /** The word after `baton hook` (session-start, user-prompt-submit, post-tool-use, before-agent). */
  slug: string;
  stdin: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
  /** The folder to use when stdin names no `cwd`. */
  cwd?: string;
}

/** The hook's stdout: "" or one JSON line. Never throws. */
export async function runHook(run: HookRun): Promise<string> {
  const env = run.env ?? process.env;
  const fact = hookEventFor(run.runtime, run.slug);
  const where = `${run.runtime} ${run.slug}`;
  if (fact === null) {
    logLine(`${where}: ${run.runtime} has no such hook event; nothing done`, env);
    return "";
  }
  const parsed = parseHookInput(run.stdin);
  if (!parsed.ok) {
    logLine(`${where}: ${parsed.problem}; nothing done`, env);
    return "";
  }
  try {
    const context = fact.role === "session-start" ? await sessionStart(run, fact, parsed.input, env) : await guard(run, fact, parsed.input, env);
    return context === null ? "" : `${hookOutput(fact.event, context)}\n`;
  } catch (error) {
    logLine(`${where}: ${(error as Error).stack?.split("\n").slice(0, 3).join(" | ") ?? String(error)}`, env);
    return "";
  }
}

async function guard(run: HookRun, fact: HookEventFact, input: HookInput, env: NodeJS.ProcessEnv): Promise<string | null> {
  const where = `${run.runtime} ${run.slug}`;
  if (guardTurnedOff(env.BATON_HANDOFF_AT)) return null;
  if (input.transcriptPath === null) {
    logLine(`${where}: stdin names no transcript_path; the context position cannot be read`, env);
    return null;
  }
  const format = RUNTIME_HOOK_FACTS[run.runtime].transcript;
  let reading;
  try {
    reading = readTail(input.transcriptPath, (bytes) => readContextPosition(format, bytes, { model: input.model })).reading;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A session's very first prompt comes before its transcript exists: nothing to say yet.
    if (code !== "ENOENT") logLine(`${where}: cannot read the transcript ${input.transcriptPath}: ${(error as Error).message}`, env);
    return null;
  }
  if (reading.badLines > 0) logLine(`${where}: ${reading.badLines} unreadable line(s) near the end of ${input.transcriptPath}; read around them`, env);
  const position = reading.kind === "position" ? reading.position : null;
  if (position !== null && position.percent === null) {
    logLine(`${where}: model ${position.model ?? "unknown"} is not in Baton's model table and the log states no window; the guard cannot place ${position.tokens} tokens`, env);
  }
  const percent = reading.kind === "compacted" ? "compacted" : (position?.percent ?? null);
  const key = input.sessionId ?? input.transcriptPath;
  const memory = readGuardMemory(run.runtime, key, env);
  const folder = input.cwd ?? run.cwd ?? process.cwd();
  const now = run.now ?? new Date();
  const { threshold, problems } =
    typeof percent === "number" && position !== null && position.window !== null
      ? await guardThreshold(run.runtime, position.window, folder, now, env)
      : { threshold: null, problems: [] };
  for (const problem of problems) logLine(`${where}: ${problem}`, env);
  const decision = decideGuard(memory, percent, threshold?.percent ?? 100);
  if (JSON.stringify(decision.memory) !== JSON.stringify(memory)) writeGuardMemory(run.runtime, key, decision.memory, env);
  if (!decision.ask || position === null || threshold === null) return null;
  if (!claimInstruction(run.runtime, key, decision.memory.times, env)) return null;
  return await handoffRequest(run, input, position, threshold, folder, now, env);
}

/**
 * The threshold asked for (BATON_HANDOFF_AT, the repo's budget, 90 %), lowered below the runtime's
 * own compaction point when it would come after it (docs/agent-loop.md, "Before the runtime compacts").
 */
async function guardThreshold(runtime: LoopRuntime, window: number, folder: string, now: Date, env: NodeJS.ProcessEnv): Promise<{ threshold: Threshold; problems: string[] }> {
  const { threshold, problems } = resolveThreshold(env.BATON_HANDOFF_AT, env.BATON_HANDOFF_AT ? [] : await cachedRepoBudgets(folder, now.getTime(), env));
  const point = compactionPoint(await readCompactionSettings(runtime, env, folder), window);
  return { threshold: thresholdBeforeCompaction(threshold, point), problems };
}

async function handoffRequest(
  run: HookRun,
  input: HookInput,
  position: ContextPosition,
  threshold: Threshold,
  folder: string,
  now: Date,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const [{ handoffInstruction, protocolHandoffPath, utcTimestamp }, { repoRootOf }, { readLoopRecords }] = await Promise.all([
    import("../../core/agent-loop/handoff-instruction"),
    import("./repo-root"),
    import("./loop-files"),
  ]);
  const repo = await repoRootOf(folder);
  // The handoff this session was resumed from is its previous one; else the repo's latest.
  const resumed = input.sessionId === null ? undefined : readLoopRecords(env).records.filter((record) => record.kind === "resume-injected" && record.sessionId === input.sessionId && record.runtime === run.runtime && record.handoffPath !== null).at(-1);
  let previous = resumed === undefined ? null : { path: resumed.handoffPath!, blobSha: resumed.handoffBlobSha };
  if (previous === null && repo !== null) {
    const { readRepoHandoffs, latestHandoff } = await import("./repo-handoffs");
    const latest = latestHandoff(await readRepoHandoffs(repo.root, repo.info));
    previous = latest === null ? null : { path: latest.path, blobSha: latest.blobSha };
  }
  const previousPath = previous?.path ?? null;
  const target = protocolHandoffPath(run.runtime, now);
  const text = handoffInstruction({
    identity: {
      runtime: run.runtime,
      model: position.model ?? input.model,
      sessionId: input.sessionId,
      branch: repo?.info.headBranch ?? null,
      headSha: repo?.info.headSha ?? null,
      timestamp: utcTimestamp(now),
    },
    path: target,
    previousPath,
    position: describePosition(position),
    thresholdPercent: threshold.percent,
    thresholdSource: thresholdSourceWords(threshold),
  });
  record(
    {
      kind: "guard-instruction",
      at: now.toISOString(),
      runtime: run.runtime,
      sessionId: input.sessionId,
      event: input.eventName ?? "",
      source: null,
      repo: repo?.root ?? null,
      branch: repo?.info.headBranch ?? null,
      headSha: repo?.info.headSha ?? null,
      handoffPath: previousPath,
      handoffId: null,
      handoffBlobSha: previous?.blobSha ?? null,
      targetPath: target,
      percent: position.percent,
      tokens: position.tokens,
      window: position.window,
      threshold: threshold.percent,
      delivered: "full",
    },
    env,
  );
  return text;
}

async function sessionStart(run: HookRun, fact: HookEventFact, input: HookInput, env: NodeJS.ProcessEnv): Promise<string | null> {
  const where = `${run.runtime} ${run.slug}`;
  const [{ repoRootOf }, { readRepoHandoffs, latestOpenHandoff, resumePlanFor }, { readLoopRecords, writePromptFile }, { sessionStartContext }] = await Promise.all([
    import("./repo-root"),
    import("./repo-handoffs"),
    import("./loop-files"),
    import("../../core/agent-loop/session-start-context"),
  ]);
  const folder = input.cwd ?? run.cwd ?? process.cwd();
  const repo = await repoRootOf(folder);
  if (repo === null) {
    logLine(`${where}: ${folder} is not inside a git repository; no resume context`, env);
    return null;
  }
  const read = await readRepoHandoffs(repo.root, repo.info);
  const handoff = latestOpenHandoff(read);
  if (handoff === null) return null;
  const records = readLoopRecords(env).records.filter((entry) => entry.kind === "resume-injected" && entry.handoffId === handoff.id && entry.delivered !== "reminder");
  const earlier = records
    .filter((entry) => entry.sessionId !== null && !(entry.sessionId === input.sessionId && entry.runtime === run.runtime))
    .filter((entry, index, all) => all.findIndex((other) => other.sessionId === entry.sessionId && other.runtime === entry.runtime) === index)
    .map((entry) => ({ sessionId: entry.sessionId!, runtime: entry.runtime, at: entry.at }));
  const alreadyGivenHere = input.sessionId !== null && records.some((entry) => entry.sessionId === input.sessionId && entry.runtime === run.runtime);
  const plan = await resumePlanFor(read, handoff, run.runtime);
  const facts = { source: input.source, handoffPath: handoff.path, prompt: plan.prompt, earlier, alreadyGivenHere, fullPromptFile: null };
  let context = sessionStartContext(facts);
  // Too long for a hook: the full prompt goes into a file the context names.
  if (context.kind === "truncated") context = sessionStartContext({ ...facts, fullPromptFile: writePromptFile(run.runtime, input.sessionId ?? `${Date.now()}`, plan.prompt, env) });
  if (context.kind === "none") return null;
  const now = run.now ?? new Date();
  record(
    {
      kind: "resume-injected",
      at: now.toISOString(),
      runtime: run.runtime,
      sessionId: input.sessionId,
      event: fact.event,
      source: input.source,
      repo: repo.root,
      branch: repo.info.headBranch,
      headSha: repo.info.headSha,
      handoffPath: handoff.path,
      handoffId: handoff.id,
      handoffBlobSha: handoff.blobSha,
      targetPath: null,
      percent: null,
      tokens: null,
      window: null,
      threshold: null,
      delivered: context.kind,
    },
    env,
  );
  return context.text;
}

function record(fields: Omit<LoopRecord, "v" | "id">, env: NodeJS.ProcessEnv): void {
  try {
    appendLoopRecord({ v: 1, id: recordId([fields.runtime, fields.sessionId, fields.kind, fields.at, fields.handoffPath]), ...fields }, env);
  } catch (error) {
    logLine(`${fields.runtime}: could not record ${fields.kind}: ${(error as Error).message}`, env);
  }
}
