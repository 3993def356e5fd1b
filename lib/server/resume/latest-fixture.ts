/**
 * A repo for the "which handoff is the latest" tests, seen as a fresh clone: its handoffs are all
 * committed, none has a date folder or an identity timestamp, and every file in the clone gets the
 * same mtime (the clone's), so only commit times can order them. Also one handoff that is only on a
 * remote-tracking ref no configured remote fetches into.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";

export const LATEST_PATHS = {
  /** Committed first, with many commits after it; its name sorts last (a tie on time would pick it). */
  review: ".claude/handoffs/zz-review.md",
  /** Resumed by `current`. */
  start: ".claude/handoffs/auth-start.md",
  /** The real current handoff: numbered next steps, no HEAD recorded. */
  current: ".claude/handoffs/auth-continue.md",
  /** Committed last, but its title says DEPRECATED: never the latest. */
  deprecated: ".claude/handoffs/aaa-old-plan.md",
} as const;

export const CURRENT_NEXT_STEPS = ["1. Run `npx tsc --noEmit` in `src/`.", "2. Fix `src/app.ts:20` (the missing import).", "   - keep the public API", "3. Commit."];

export interface FreshCloneFixture {
  origin: GitFixture;
  /** The clone Baton scans (realpath). */
  clone: string;
  /** The shared mtime every handoff file of the clone has (ms). */
  mtime: number;
  /** Commit that added each handoff, by key of LATEST_PATHS. */
  commits: Record<keyof typeof LATEST_PATHS, string>;
}

/** A protocol-like handoff without the identity timestamp (and, with `head: null`, without HEAD). */
function handoff(options: { phase: string; path: string; previous?: string | null; next?: string; head?: string | null; title?: string }): string {
  let text = handoffMarkdown({ phase: options.phase, path: options.path, previous: options.previous ?? null, next: options.next, head: options.head ?? undefined });
  text = text.replace(/^- Timestamp: .*\n/m, "");
  if (options.head === null) text = text.replace(/^- HEAD: .*\n/m, "");
  if (options.title) text = text.replace(/^# .*$/m, `# ${options.title}`);
  return text;
}

export function buildFreshCloneRepo(fillerCommits = 25): FreshCloneFixture {
  const origin = new GitFixture("latest-origin");
  origin.write("README.md", "# fixture\n").write("src/app.ts", "export const app = 1;\n");
  origin.commit("init");

  origin.write(LATEST_PATHS.review, handoff({ phase: "review", path: LATEST_PATHS.review, next: "Review `src/app.ts` for the old API." }));
  const review = origin.commit("handoff: review");
  for (let index = 0; index < fillerCommits; index += 1) {
    origin.write("src/app.ts", `export const app = ${index + 2};\n`);
    origin.commit(`work ${index + 1}`);
  }
  origin.write(LATEST_PATHS.start, handoff({ phase: "auth-start", path: LATEST_PATHS.start }));
  const start = origin.commit("handoff: auth start");
  origin.write(
    LATEST_PATHS.current,
    handoff({ phase: "auth-continue", path: LATEST_PATHS.current, previous: LATEST_PATHS.start, head: null, next: CURRENT_NEXT_STEPS.join("\n") }),
  );
  const current = origin.commit("handoff: auth continue");
  origin.write(
    LATEST_PATHS.deprecated,
    handoff({ phase: "old-plan", path: LATEST_PATHS.deprecated, title: "DEPRECATED: old plan (kept for reference)", next: "Continue the migration." }),
  );
  const deprecated = origin.commit("handoff: old plan, marked deprecated");

  const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), "baton-fresh-clone-")));
  const clone = path.join(parent, "clone");
  execFileSync("git", ["clone", "-q", origin.root, clone], { env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" } });
  // A checkout writes every file at clone time; make that exact, and later than every commit.
  const mtime = Date.UTC(2026, 11, 1, 12, 0, 0);
  for (const file of Object.values(LATEST_PATHS)) utimesSync(path.join(clone, file), mtime / 1000, mtime / 1000);
  return { origin, clone: realpathSync(clone), mtime, commits: { review, start, current, deprecated } };
}
