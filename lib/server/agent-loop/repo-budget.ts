/**
 * A repo's declared context budget (the seed's `context_budget` with `warning_threshold_percent` /
 * `emergency_threshold_percent`), read from the same files `scan --agents` reads (SEED_GLOBS) with the
 * same parser, at hook time and with no database. The guard runs on every tool call, so what was found
 * is kept for BUDGET_CACHE_MS per working folder in the data folder; an edited budget applies within
 * that time.
 */
import type { DeclaredBudget } from "../../core/agent-loop/guard";
import { parseSeedText } from "../../core/sessions/parse-seed-json";
import { readWorktreeFile, walkWorktree } from "../ingest/worktree";
import { SEED_MAX_BYTES, seedFileMatcher } from "../sessions/seed-file-matcher";
import { readCache, writeCache } from "./loop-files";
import { repoRootOf } from "./repo-root";

export const BUDGET_CACHE_MS = 5 * 60 * 1000;

/** Every budget config declared in the repo's working tree (file + thresholds). */
export async function readRepoBudgets(root: string): Promise<DeclaredBudget[]> {
  const walk = await walkWorktree(root, seedFileMatcher(), { maxFiles: 2000 });
  const budgets: DeclaredBudget[] = [];
  for (const file of walk.files) {
    const { bytes } = await readWorktreeFile(root, file.path, SEED_MAX_BYTES).catch(() => ({ bytes: null }));
    if (bytes === null) continue;
    const parsed = parseSeedText(new TextDecoder().decode(bytes));
    for (const record of parsed.value) {
      if (record.kind === "budget-config" && record.value.thresholdsPercent.length > 0) budgets.push({ file: file.path, thresholdsPercent: record.value.thresholdsPercent });
    }
  }
  return budgets;
}

/**
 * The budgets of the repo holding `folder` (none outside a repository), from the cache while it is
 * fresh. Keyed by the folder itself, so a cached answer costs no git call.
 */
export async function cachedRepoBudgets(folder: string, now: number, env: NodeJS.ProcessEnv = process.env): Promise<DeclaredBudget[]> {
  const cached = readCache<DeclaredBudget[]>("budgets", folder, (stamp) => typeof stamp === "number" && now - stamp >= 0 && now - stamp < BUDGET_CACHE_MS, env);
  if (Array.isArray(cached)) return cached.filter((budget) => typeof budget?.file === "string" && Array.isArray(budget.thresholdsPercent));
  const repo = await repoRootOf(folder);
  const budgets = repo === null ? [] : await readRepoBudgets(repo.root);
  writeCache("budgets", folder, now, budgets, env);
  return budgets;
}
