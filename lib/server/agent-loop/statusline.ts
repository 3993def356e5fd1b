/**
 * `baton statusline`: Claude Code runs it after every message (at most every 300 ms), so the repo's
 * open handoff and your review claim (review-claim.ts: the team server you are logged in to, else the
 * single-user database) are looked up at most once a minute per folder (a small cache in the data
 * folder, written whatever came back, so a slow server costs one call a minute at most ~300 ms); the
 * position is read from stdin alone. Any problem gives a shorter line, never an error.
 */
import { parseHookInput } from "../../core/agent-loop/hook-input";
import { compactionPoint, thresholdBeforeCompaction } from "../../core/agent-loop/compaction-point";
import { guardTurnedOff, resolveThreshold } from "../../core/agent-loop/guard";
import { statusLineModel, statusLinePosition, statusLineText } from "../../core/agent-loop/statusline-text";
import { readCompactionSettings } from "./compaction-settings";
import { logLine, readCache, writeCache } from "./loop-files";
import { cachedRepoBudgets } from "./repo-budget";
import type { ClaimSource, ReviewClaim } from "./review-claim";
import { RUNTIME } from "../../core/runtimes/runtimes";

export const STATUS_CACHE_MS = 60 * 1000;

interface RepoFacts {
  handoffPath: string | null;
  claim: ReviewClaim | null;
}

async function repoFacts(folder: string, claims: ClaimSource | null, now: number, env: NodeJS.ProcessEnv, claimTimeoutMs: number | undefined): Promise<RepoFacts> {
  const key = `${folder}\0${claims === null ? "" : claims.kind === "server" ? claims.server : claims.target.url}`;
  const cached = readCache<RepoFacts>("statusline", key, (stamp) => typeof stamp === "number" && now - stamp >= 0 && now - stamp < STATUS_CACHE_MS, env);
  if (cached !== null) return { handoffPath: typeof cached.handoffPath === "string" ? cached.handoffPath : null, claim: cached.claim ?? null };
  const { repoRootOf } = await import("./repo-root");
  const { readRepoHandoffs, latestOpenHandoff } = await import("./repo-handoffs");
  const repo = await repoRootOf(folder);
  const facts: RepoFacts = { handoffPath: null, claim: null };
  if (repo !== null) {
    const read = await readRepoHandoffs(repo.root, repo.info);
    facts.handoffPath = latestOpenHandoff(read)?.path ?? null;
    if (claims !== null) {
      const { reviewClaim } = await import("./review-claim");
      const answer = await reviewClaim(claims, repo.root, new Set(read.handoffs.map((handoff) => handoff.path)), { now, timeoutMs: claimTimeoutMs });
      if (answer.kind === "claim") facts.claim = answer.claim;
      else logLine(`statusline: review claim not known: ${answer.problem}`, env);
    }
  }
  writeCache("statusline", key, now, facts, env);
  return facts;
}

/** `claimTimeoutMs` replaces the ~300 ms a claim may take (CLAIM_TIMEOUT_MS) where a test must not depend on the machine's load. */
export async function statusLine(stdin: string, options: { env?: NodeJS.ProcessEnv; cwd?: string; now?: number; claims?: ClaimSource | null; claimTimeoutMs?: number } = {}): Promise<string> {
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
  const position = statusLinePosition(raw);
  let facts: RepoFacts = { handoffPath: null, claim: null };
  let thresholds: number[] = [];
  try {
    facts = await repoFacts(folder, options.claims ?? null, now, env, options.claimTimeoutMs);
    const budgets = env.BATON_HANDOFF_AT ? [] : await cachedRepoBudgets(folder, now, env);
    // The guard's own threshold: never after Claude Code's compaction point for the window it reports.
    const point = position.window === null ? null : compactionPoint(await readCompactionSettings(RUNTIME.claudeCode, env, folder), position.window);
    const guard = guardTurnedOff(env.BATON_HANDOFF_AT) ? Infinity : thresholdBeforeCompaction(resolveThreshold(env.BATON_HANDOFF_AT, budgets).threshold, point).percent;
    thresholds = [...new Set([...budgets.flatMap((budget) => budget.thresholdsPercent).filter((value) => value < guard), ...(guard === Infinity ? [] : [guard])])];
  } catch (error) {
    logLine(`statusline: ${(error as Error).message}`, env);
    thresholds = guardTurnedOff(env.BATON_HANDOFF_AT) ? [] : [resolveThreshold(env.BATON_HANDOFF_AT, []).threshold.percent];
  }
  return statusLineText({ model: statusLineModel(raw), position, thresholds, handoffPath: facts.handoffPath, claim: facts.claim });
}
