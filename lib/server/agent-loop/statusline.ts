/**
 * `baton statusline`: Claude Code runs it after every message (at most every 300 ms), so the repo's
 * open handoff is read at most once a minute per folder (a small cache in the data folder); the
 * position is read from stdin alone. Any problem gives a shorter line, never an error.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseHookInput } from "../../core/agent-loop/hook-input";
import { resolveThreshold } from "../../core/agent-loop/guard";
import { statusLineModel, statusLinePosition, statusLineText } from "../../core/agent-loop/statusline-text";
import { logLine, loopDirectory, sessionKey } from "./loop-files";
import { cachedRepoBudgets } from "./repo-budget";

export const OPEN_HANDOFF_CACHE_MS = 60 * 1000;

async function openHandoffPath(folder: string, now: number, env: NodeJS.ProcessEnv): Promise<string | null> {
  const file = path.join(loopDirectory(env), "statusline", `${sessionKey("folder", folder)}.json`);
  try {
    const cached = JSON.parse(readFileSync(file, "utf8")) as { checkedAt: number; path: string | null };
    if (now - cached.checkedAt >= 0 && now - cached.checkedAt < OPEN_HANDOFF_CACHE_MS) return typeof cached.path === "string" ? cached.path : null;
  } catch {
    // Read the repo.
  }
  const { repoRootOf } = await import("./repo-root");
  const { readRepoHandoffs, latestOpenHandoff } = await import("./repo-handoffs");
  const repo = await repoRootOf(folder);
  const found = repo === null ? null : (latestOpenHandoff(await readRepoHandoffs(repo.root, repo.info))?.path ?? null);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ checkedAt: now, path: found }));
    renameSync(temporary, file);
  } catch {
    // Only costs the next call a read.
  }
  return found;
}

export async function statusLine(stdin: string, options: { env?: NodeJS.ProcessEnv; cwd?: string; now?: number } = {}): Promise<string> {
  const env = options.env ?? process.env;
  const parsed = parseHookInput(stdin);
  if (!parsed.ok) {
    logLine(`statusline: ${parsed.problem}`, env);
    return "Baton: no status (see logs/agent-loop.log)";
  }
  const raw = parsed.input.raw;
  const workspace = typeof raw.workspace === "object" && raw.workspace !== null ? (raw.workspace as Record<string, unknown>) : {};
  const folder = (typeof workspace.current_dir === "string" ? workspace.current_dir : null) ?? parsed.input.cwd ?? options.cwd ?? process.cwd();
  const now = options.now ?? Date.now();
  let handoffPath: string | null = null;
  let thresholds: number[] = [];
  try {
    handoffPath = await openHandoffPath(folder, now, env);
    const budgets = env.BATON_HANDOFF_AT ? [] : await cachedRepoBudgets(folder, now, env);
    const declared = budgets.flatMap((budget) => budget.thresholdsPercent);
    thresholds = [...new Set([...declared, resolveThreshold(env.BATON_HANDOFF_AT, budgets).threshold.percent])];
  } catch (error) {
    logLine(`statusline: ${(error as Error).message}`, env);
    thresholds = [resolveThreshold(env.BATON_HANDOFF_AT, []).threshold.percent];
  }
  return statusLineText({ model: statusLineModel(raw), position: statusLinePosition(raw), thresholds, handoffPath });
}
