/**
 * Which working-tree files hold seed / MoAI state (session metadata, checkpoints, budgets, …): one
 * definition for `scan --agents` (scan-seed-files.ts) and the context guard, which reads a repo's
 * declared budget at hook time (lib/server/agent-loop/repo-budget.ts).
 */
import picomatch from "picomatch";
import { staticPrefix } from "../ingest/handoff-globs";

/**
 * Where seed-shaped state is looked for, relative to the repo root. MoAI keeps its state under
 * `.moai/` (state/, memory/, reports/); the seed design names files after what they hold.
 */
export const SEED_GLOBS = [
  ".moai/**/*.json",
  ".moai/**/*.jsonl",
  "**/*checkpoint*.json",
  "**/*checkpoint*.jsonl",
  "**/session*.json",
  "**/*-session.json",
  "**/*handoff-package*.json",
  "**/*handoff_package*.json",
  "**/*token-usage*.json",
  "**/*token-usage*.jsonl",
  "**/*token_usage*.json",
  "**/*token_usage*.jsonl",
  "**/*context-budget*.json",
  "**/*context_budget*.json",
  "**/*context-budget*.md",
  "**/*context_budget*.md",
];
export const SEED_MAX_BYTES = 1024 * 1024;

/** A worktree walk matcher for SEED_GLOBS. */
export function seedFileMatcher(): { globs: string[]; prefixes: string[]; matches: (file: string) => boolean } {
  const isMatch = picomatch(SEED_GLOBS, { dot: true });
  const prefixes = [...new Set(SEED_GLOBS.map(staticPrefix))];
  return { globs: SEED_GLOBS, prefixes: prefixes.includes("") ? [""] : prefixes, matches: (file: string) => isMatch(file) };
}
