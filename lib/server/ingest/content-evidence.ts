/**
 * The repository's word on a handoff found by its content alone (judge-document.ts `judgeByContent`): a
 * file no handoff folder or name points at is stored only when the repository confirms what it says.
 *
 * - A handoff that continues another (a previous pointer, a resume command) stands as it is;
 * - the HEAD sha it records is a commit of the repository, or its branch exists as a ref;
 * - a journal of agents' sessions: a day it writes (its timestamp's, or a dated entry's) is the day, give or
 *   take one for time zones, of a commit that changed the file on any branch (for a file not yet committed,
 *   of its last modification): agents change their journal on every day it records;
 * - a dated session note: the same, and two or more such notes in one folder (a series of sessions).
 */
import type { IdentityFacts } from "../../core/handoff/identity/confirm-identity";
import { contentEvidence } from "../../core/handoff/documents/judge-document";
import type { ParsedHandoff } from "../../core/handoff/types";
import { fileNameDate } from "../../core/text/name-date";
import { defaultBranch, existingCommits, git, listBranches } from "../git";

export interface ContentCandidate {
  path: string;
  parsed: ParsedHandoff;
  /** The working-tree file's modification time, when the content is the working tree's. */
  mtimeMs: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The repository's default branch (its HEAD's, origin's, else main or master), or null. */
async function defaultBranchOf(repoPath: string): Promise<string | null> {
  return defaultBranch(repoPath, await listBranches(repoPath)).catch(() => null);
}

/** The days a handoff writes: its timestamp's and each dated log entry's (YYYY-MM-DD). */
export function writtenDays(parsed: ParsedHandoff): string[] {
  const days = new Set<string>();
  const stamp = parsed.identity.timestamp;
  if (stamp !== null && /^\d{4}-\d{2}-\d{2}/.test(stamp)) days.add(stamp.slice(0, 10));
  for (const entry of parsed.log?.entries ?? []) if (entry.day !== null) days.add(entry.day);
  return [...days];
}

/** Whether one of `written` is within a day of one of `changed` (both YYYY-MM-DD). */
export function daysAgree(written: readonly string[], changed: ReadonlySet<string>): boolean {
  for (const day of written) {
    const at = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(at)) continue;
    for (const offset of [0, -DAY_MS, DAY_MS]) if (changed.has(new Date(at + offset).toISOString().slice(0, 10))) return true;
  }
  return false;
}

/** The days (UTC, author and commit dates) of every commit that changed each path, on any branch. */
async function changeDays(repoPath: string, paths: readonly string[]): Promise<Map<string, Set<string>>> {
  const days = new Map<string, Set<string>>(paths.map((filePath) => [filePath, new Set<string>()]));
  for (let start = 0; start < paths.length; start += 200) {
    const chunk = paths.slice(start, start + 200);
    const output = await git(repoPath, ["log", "--all", "--no-renames", "--format=%x01%at %ct", "--name-only", "--", ...chunk], { maxBuffer: 64 * 1024 * 1024 }).catch(() => "");
    let commitDays: string[] = [];
    for (const line of output.split("\n")) {
      if (line.startsWith("\x01")) {
        commitDays = line.slice(1).split(" ").map((seconds) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10));
        continue;
      }
      const set = days.get(line.trim());
      if (set !== undefined) for (const day of commitDays) set.add(day);
    }
  }
  return days;
}

/**
 * The paths of the candidates the repository confirms: a handoff that continues another is taken as it
 * stands; a session's HEAD or branch must resolve; a journal of agents' sessions must have been changed on
 * a day it records.
 */
export async function confirmedByRepository(repoPath: string, candidates: readonly ContentCandidate[], facts: IdentityFacts, mainBranch: string | null): Promise<Set<string>> {
  const confirmed = new Set<string>();
  if (candidates.length === 0) return confirmed;
  const labelledShas = [...new Set(candidates.map((candidate) => candidate.parsed.identity.headSha).filter((sha): sha is string => sha !== null && /^[0-9a-f]{7,40}$/i.test(sha)))];
  const commits = labelledShas.length > 0 ? await existingCommits(repoPath, labelledShas) : new Map<string, boolean>();
  const dated: { candidate: ContentCandidate; isNote: boolean }[] = [];
  for (const candidate of candidates) {
    const { headSha, branch } = candidate.parsed.identity;
    const shaResolves = headSha !== null && (commits.get(headSha) === true || facts.commitExists(headSha) === true);
    const evidence = contentEvidence(candidate.parsed, candidate.path);
    // The default branch names no session: every document written on it could say "Branch: main".
    const sessionBranch = branch !== null && branch !== mainBranch && facts.refExists(branch);
    if (evidence === "continuity" || (evidence === "session-ref" && (shaResolves || sessionBranch))) confirmed.add(candidate.path);
    else if (evidence === "agent-journal" || evidence === "dated-note") dated.push({ candidate, isNote: evidence === "dated-note" });
  }
  if (dated.length === 0) return confirmed;
  const changed = await changeDays(repoPath, [...new Set(dated.map(({ candidate }) => candidate.path))]);
  const notesByFolder = new Map<string, Set<string>>();
  for (const { candidate, isNote } of dated) {
    const days = new Set(changed.get(candidate.path) ?? []);
    // Not in any commit yet: the file's own modification day is all there is.
    if (days.size === 0 && candidate.mtimeMs !== null) days.add(new Date(candidate.mtimeMs).toISOString().slice(0, 10));
    const name = candidate.path.slice(candidate.path.lastIndexOf("/") + 1);
    const written = [...writtenDays(candidate.parsed), ...[fileNameDate(name)].filter((day): day is string => day !== null)];
    if (!daysAgree(written, days)) continue;
    if (!isNote) {
      confirmed.add(candidate.path);
      continue;
    }
    const folder = candidate.path.slice(0, candidate.path.lastIndexOf("/") + 1);
    notesByFolder.set(folder, (notesByFolder.get(folder) ?? new Set()).add(candidate.path));
  }
  // Dated notes count as a series: two or more in one folder, each changed on its own day.
  for (const paths of notesByFolder.values()) if (paths.size >= 2) for (const notePath of paths) confirmed.add(notePath);
  return confirmed;
}

/**
 * The keys of the contents found by their content alone that the repository does not confirm (they are
 * then skipped as ordinary documents). `isByContent` says which paths no folder, name or glob found.
 */
export async function unconfirmedContentKeys(
  repoPath: string,
  contents: ReadonlyMap<string, { path: string; fromWorktree: boolean; processed: { analysis: { parsed: ParsedHandoff } } }>,
  facts: IdentityFacts,
  isByContent: (filePath: string) => boolean,
  mtimeOf: (filePath: string) => number | null,
): Promise<string[]> {
  const found = [...contents].filter(([, content]) => isByContent(content.path));
  if (found.length === 0) return [];
  const candidates = found.map(([, content]) => ({ path: content.path, parsed: content.processed.analysis.parsed, mtimeMs: content.fromWorktree ? mtimeOf(content.path) : null }));
  const confirmed = await confirmedByRepository(repoPath, candidates, facts, await defaultBranchOf(repoPath));
  return found.filter(([, content]) => !confirmed.has(content.path)).map(([key]) => key);
}

/** The finding of a handoff-shaped file the repository does not confirm (not reported, like any document). */
export const UNCONFIRMED_CONTENT_MESSAGE = "an ordinary document: shaped like a handoff, but nothing in the repository confirms it (no HEAD or branch that resolves, no change on a day it writes)";
