/**
 * A repo's declared context budget (the seed's `context_budget` with `warning_threshold_percent` /
 * `emergency_threshold_percent`), read from the same files `scan --agents` reads (SEED_GLOBS) with the
 * same parser, at hook time and with no database. The guard runs on every tool call, so what was found
 * is kept for BUDGET_CACHE_MS per working folder in the data folder; an edited budget applies within
 * that time.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DeclaredBudget } from "../../core/agent-loop/guard";
import { parseSeedText } from "../../core/sessions/parse-seed-json";
import { readWorktreeFile, walkWorktree } from "../ingest/worktree";
import { SEED_MAX_BYTES, seedFileMatcher } from "../sessions/seed-file-matcher";
import { loopDirectory, sessionKey } from "./loop-files";
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

interface CachedBudgets {
  checkedAt: number;
  budgets: DeclaredBudget[];
}

/**
 * The budgets of the repo holding `folder` (none outside a repository), from the cache while it is
 * fresh. Keyed by the folder itself, so a cached answer costs no git call.
 */
export async function cachedRepoBudgets(folder: string, now: number, env: NodeJS.ProcessEnv = process.env): Promise<DeclaredBudget[]> {
  const file = path.join(loopDirectory(env), "budgets", `${sessionKey("folder", folder)}.json`);
  try {
    const cached = JSON.parse(readFileSync(file, "utf8")) as CachedBudgets;
    if (typeof cached.checkedAt === "number" && now - cached.checkedAt >= 0 && now - cached.checkedAt < BUDGET_CACHE_MS && Array.isArray(cached.budgets)) {
      return cached.budgets.filter((budget) => typeof budget.file === "string" && Array.isArray(budget.thresholdsPercent));
    }
  } catch {
    // No cache yet, or an unreadable one: read the repo.
  }
  const repo = await repoRootOf(folder);
  const budgets = repo === null ? [] : await readRepoBudgets(repo.root);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ checkedAt: now, budgets } satisfies CachedBudgets));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next call a walk.
  }
  return budgets;
}
