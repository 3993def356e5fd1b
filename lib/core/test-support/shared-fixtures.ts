import path from "node:path";

/**
 * The shared conformance samples: `../shared/fixtures` beside the project (BATON_SHARED_FIXTURES names
 * them elsewhere, e.g. from a worktree). They are never copied into the repository, so a fresh clone
 * has none: every test that reads them names its suite with `fixtureSuite`, which says in the title
 * and in one line of the run's output what was skipped and why.
 */
export const SHARED_FIXTURES = process.env.BATON_SHARED_FIXTURES || path.resolve(import.meta.dirname, "../../../../shared/fixtures");
export const REALCLI = path.join(SHARED_FIXTURES, "realcli");
export const PUBLIC = path.join(SHARED_FIXTURES, "public");

/** The line printed for a suite skipped because its samples are absent. */
export function fixtureSkipLine(title: string, requiredPath: string): string {
  return `skipped: "${title}" needs ${requiredPath}, which is not on this machine (put the shared fixtures at ../shared/fixtures beside the project, or set BATON_SHARED_FIXTURES)`;
}

/**
 * Suite title that says why it is skipped when the shared fixtures are not on this machine, and prints
 * that reason once in the run's output (a skipped suite is otherwise one grey arrow among many).
 * `present` is the caller's existsSync: this module stays free of node:fs, like the rest of lib/core.
 */
export function fixtureSuite(title: string, requiredPath: string, present: boolean): string {
  if (present) return title;
  console.warn(fixtureSkipLine(title, requiredPath));
  return `${title} [skipped: ${requiredPath} not found]`;
}
