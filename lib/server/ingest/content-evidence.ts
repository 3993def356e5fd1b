/**
 * The repository's word on a handoff found by its content alone (judge-document.ts `judgeByContent`): a
 * file no handoff folder or name points at is stored only when the repository confirms what it says.
 *
 * - A handoff that continues another (a previous pointer, a resume command) stands as it is;
 * - the HEAD sha it records is a commit of the repository, or its branch exists as a ref;
 * - a journal of agents' sessions: a day it writes (its timestamp's, or a dated entry's) is the day, give or
 *   take one for time zones, of a commit that changed the file on any branch (for a file not yet committed,
 *   of its last modification): agents change their journal on every day it records;
 * - a dated session note: kept in a series (two or more in one folder, or one file of dated entries), most
 *   committed within a few days of the day they write;
 * - a living status file: named by the repository's agent instructions (agent-instructions.ts), or committed
 *   together with the repository's handoffs.
 */
import type { IdentityFacts } from "../../core/handoff/identity/confirm-identity";
import { contentEvidence } from "../../core/handoff/documents/judge-document";
import type { ParsedHandoff } from "../../core/handoff/types";
import { pathSaysSession } from "../../core/discovery/handoff-rules";
import { fileNameDate } from "../../core/text/name-date";
import { defaultBranch, existingCommits, git, listBranches } from "../git";
import { instructedNames, isInstructed } from "./agent-instructions";

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

/** Whether one of `written` is within `slack` days (one by default, for time zones) of one of `changed` (both YYYY-MM-DD). */
export function daysAgree(written: readonly string[], changed: ReadonlySet<string>, slack = 1): boolean {
  for (const day of written) {
    const at = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(at)) continue;
    for (let offset = -slack; offset <= slack; offset++) if (changed.has(new Date(at + offset * DAY_MS).toISOString().slice(0, 10))) return true;
  }
  return false;
}

/**
 * The commits `git log` lists for `args` (a pathspec, or commits with `--no-walk`), 200 paths or commits at a
 * time, each with the fields `format` asks for (after `%x01`) and the files it changed.
 */
async function loggedCommits(repoPath: string, format: string, items: readonly string[], args: (chunk: string[]) => string[]): Promise<{ fields: string[]; files: string[] }[]> {
  const commits: { fields: string[]; files: string[] }[] = [];
  for (let start = 0; start < items.length; start += 200) {
    const chunk = items.slice(start, start + 200);
    const output = await git(repoPath, ["log", "--no-renames", `--format=%x01${format}`, "--name-only", ...args(chunk)], { maxBuffer: 64 * 1024 * 1024 }).catch(() => "");
    for (const line of output.split("\n")) {
      if (line.startsWith("\x01")) commits.push({ fields: line.slice(1).trim().split(" "), files: [] });
      else if (line.trim() !== "") commits.at(-1)?.files.push(line.trim());
    }
  }
  return commits;
}

/** Every commit on any branch that changed one of `paths`. */
const commitsChanging = (repoPath: string, format: string, paths: readonly string[]) => loggedCommits(repoPath, format, paths, (chunk) => ["--all", "--", ...chunk]);

/**
 * The days (UTC, author and commit dates; author dates only with `authorOnly`: a rebase moves commit dates)
 * of every commit that changed each path, on any branch.
 */
async function changeDays(repoPath: string, paths: readonly string[], { authorOnly = false } = {}): Promise<Map<string, Set<string>>> {
  const days = new Map<string, Set<string>>(paths.map((filePath) => [filePath, new Set<string>()]));
  for (const commit of await commitsChanging(repoPath, authorOnly ? "%at" : "%at %ct", paths)) {
    const commitDays = commit.fields.map((seconds) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10));
    for (const filePath of commit.files) {
      const set = days.get(filePath);
      if (set !== undefined) for (const day of commitDays) set.add(day);
    }
  }
  return days;
}

/**
 * The folder a session note's series is kept in: its own folder, or, when that folder is one session's own
 * (dated by its name: `reports/sesion_2025-10-13_00-39_admin/04_RESUMEN.md`), the folder holding the sessions.
 */
export function seriesFolder(filePath: string): string {
  const slash = filePath.lastIndexOf("/");
  if (slash < 0) return "";
  const folder = filePath.slice(0, slash);
  const segment = folder.slice(folder.lastIndexOf("/") + 1);
  return fileNameDate(segment) !== null ? folder.slice(0, folder.lastIndexOf("/") + 1) : `${folder}/`;
}

/** A dated note kept where its path says "session" (judge-document.ts `contentEvidence`'s "dated-note"). */
function isDatedSessionNote(candidate: ContentCandidate): boolean {
  return pathSaysSession(candidate.path) && (fileNameDate(candidate.path.slice(candidate.path.lastIndexOf("/") + 1)) !== null || candidate.parsed.identity.timestamp !== null);
}

/** Whether the folder a note is kept in is named for sessions (`docs/sessions/`, `session-logs/`). */
function folderSaysSession(filePath: string): boolean {
  const folder = filePath.slice(0, Math.max(0, filePath.lastIndexOf("/")));
  return folder !== "" && pathSaysSession(folder.slice(folder.lastIndexOf("/") + 1));
}

/** How far a session note's written day may be from a day it was committed: notes are often pushed a day or two later. */
const NOTE_SLACK_DAYS = 3;

/**
 * The paths of the candidates the repository confirms:
 * - a handoff that continues another is taken as it stands;
 * - a session's HEAD must resolve, or its branch exist and not be the default one;
 * - a journal of agents' sessions must have been changed on a day it records;
 * - dated session notes form a series: two or more in one folder (or one file of two or more dated entries),
 *   at least half of them committed within a few days of the day they write, or all added by one later commit
 *   (an import); a dated folder of one session's notes counts with its siblings; the first note of a folder
 *   named for sessions counts when committed on the day it writes; a note of the series whose
 *   name is undated must be one of those;
 * - two or more living files named for sessions in one folder, dated or not (`SESSION_SYNC.md`, `session-notes.md`),
 *   or one alone that commits rewrote on two or more days (`NEXT_SESSION.md`);
 * - any of these, and a living status, when the repository's agent instructions name the file, or when a
 *   commit that changed it also changed one of the repository's handoffs (`handoffPaths`: found by folder,
 *   name or glob), and few other such documents (`committedWithHandoffs`).
 */
export async function confirmedByRepository(
  repoPath: string,
  candidates: readonly ContentCandidate[],
  facts: IdentityFacts,
  mainBranch: string | null,
  handoffPaths: readonly string[] = [],
): Promise<Set<string>> {
  const confirmed = new Set<string>();
  if (candidates.length === 0) return confirmed;
  const labelledShas = [...new Set(candidates.map((candidate) => candidate.parsed.identity.headSha).filter((sha): sha is string => sha !== null && /^[0-9a-f]{7,40}$/i.test(sha)))];
  const commits = labelledShas.length > 0 ? await existingCommits(repoPath, labelledShas) : new Map<string, boolean>();
  const dated: { candidate: ContentCandidate; isNote: boolean }[] = [];
  const rest: ContentCandidate[] = [];
  for (const candidate of candidates) {
    const { headSha, branch } = candidate.parsed.identity;
    const shaResolves = headSha !== null && (commits.get(headSha) === true || facts.commitExists(headSha) === true);
    const evidence = contentEvidence(candidate.parsed, candidate.path);
    // The default branch names no session: every document written on it could say "Branch: main".
    const sessionBranch = branch !== null && branch !== mainBranch && facts.refExists(branch);
    if (evidence === "continuity" || (evidence === "session-ref" && (shaResolves || sessionBranch))) confirmed.add(candidate.path);
    else if (evidence === "agent-journal" || evidence === "dated-note") dated.push({ candidate, isNote: evidence === "dated-note" });
    // A note that names its writer and `Branch: main` is still a dated session note where its path says so.
    else if (evidence === "session-ref" && isDatedSessionNote(candidate)) dated.push({ candidate, isNote: true });
    else rest.push(candidate);
  }
  if (dated.length > 0) {
    const changed = await changeDays(repoPath, [...new Set(dated.map(({ candidate }) => candidate.path))]);
    const notesByFolder = new Map<string, { paths: Set<string>; agreeing: Set<string>; onItsDay: Set<string>; added: Set<string>; latestWritten: string }>();
    for (const { candidate, isNote } of dated) {
      const days = new Set(changed.get(candidate.path) ?? []);
      // Not in any commit yet: the file's own modification day is all there is.
      if (days.size === 0 && candidate.mtimeMs !== null) days.add(new Date(candidate.mtimeMs).toISOString().slice(0, 10));
      const name = candidate.path.slice(candidate.path.lastIndexOf("/") + 1);
      const written = [...writtenDays(candidate.parsed), ...[fileNameDate(name)].filter((day): day is string => day !== null)];
      if (!isNote) {
        if (daysAgree(written, days)) confirmed.add(candidate.path);
        else rest.push(candidate);
        continue;
      }
      const agrees = daysAgree(written, days, NOTE_SLACK_DAYS);
      // One file of dated session entries is a series by itself.
      const entries = (candidate.parsed.log?.entries ?? []).filter((entry) => entry.day !== null).length;
      if (entries >= 2 && agrees) {
        confirmed.add(candidate.path);
        continue;
      }
      const key = seriesFolder(candidate.path);
      const series = notesByFolder.get(key) ?? { paths: new Set<string>(), agreeing: new Set<string>(), onItsDay: new Set<string>(), added: new Set<string>(), latestWritten: "" };
      series.paths.add(candidate.path);
      if (agrees) series.agreeing.add(candidate.path);
      if (daysAgree(written, days)) series.onItsDay.add(candidate.path);
      const firstChange = [...days].sort()[0];
      if (firstChange !== undefined) series.added.add(firstChange);
      for (const day of written) if (day > series.latestWritten) series.latestWritten = day;
      notesByFolder.set(key, series);
    }
    const datedByPath = new Map(dated.map(({ candidate }) => [candidate.path, candidate]));
    for (const series of notesByFolder.values()) {
      // Every note first committed on one day, later than any day they write: an import (a history copied in
      // at once), whose commit day says nothing of when each was written. The series stands on its names.
      const [addedDay] = [...series.added];
      const imported = series.added.size === 1 && addedDay !== undefined && addedDay > series.latestWritten;
      const isSeries = series.paths.size >= 2 && (imported || series.agreeing.size * 2 >= series.paths.size);
      for (const notePath of series.paths) {
        // In a series, a note dated or named as a session by its own name follows the series' naming; any other
        // (a roadmap or a reference page kept with the notes) must have been committed near the day it writes.
        const noteName = notePath.slice(notePath.lastIndexOf("/") + 1);
        const namedAsNote = fileNameDate(noteName) !== null || pathSaysSession(noteName);
        // The first note of a folder kept for sessions (`docs/sessions/`), committed on the day it writes.
        const firstInSessionFolder = series.paths.size === 1 && folderSaysSession(notePath) && series.onItsDay.has(notePath);
        if ((isSeries && (namedAsNote || series.agreeing.has(notePath))) || firstInSessionFolder) confirmed.add(notePath);
        else rest.push(datedByPath.get(notePath)!);
      }
    }
  }
  // Undated living files named for sessions (`SESSION_SYNC.md` beside `session-notes.md`): two or more in one
  // folder are the repository's session records, as a series of dated notes is.
  const sessionNamed = new Map<string, string[]>();
  for (const candidate of rest) {
    const name = candidate.path.slice(candidate.path.lastIndexOf("/") + 1);
    if (confirmed.has(candidate.path) || !pathSaysSession(name) || contentEvidence(candidate.parsed, candidate.path) === null) continue;
    const key = seriesFolder(candidate.path);
    sessionNamed.set(key, [...(sessionNamed.get(key) ?? []), candidate.path]);
  }
  for (const paths of sessionNamed.values()) if (new Set(paths).size >= 2) for (const notePath of paths) confirmed.add(notePath);
  // One alone is kept when it was rewritten in place on two or more days: a living session record
  // (`NEXT_SESSION.md` rewritten at each session's end), not a one-off note.
  const lone = [...sessionNamed.values()].map((paths) => [...new Set(paths)]).filter((paths) => paths.length === 1).map(([only]) => only!);
  if (lone.length > 0) {
    const days = await changeDays(repoPath, lone, { authorOnly: true });
    for (const filePath of lone) if ((days.get(filePath)?.size ?? 0) >= 2) confirmed.add(filePath);
  }
  // What no other evidence confirmed: kept when the repository's agent instructions name it, or when it was
  // committed together with the repository's handoffs.
  let unconfirmed = rest.filter((candidate) => !confirmed.has(candidate.path));
  if (unconfirmed.length > 0) {
    const names = await instructedNames(repoPath, ["HEAD", ...(mainBranch === null ? [] : [mainBranch])]);
    for (const candidate of unconfirmed) if (isInstructed(candidate.path, names)) confirmed.add(candidate.path);
    unconfirmed = unconfirmed.filter((candidate) => !confirmed.has(candidate.path));
  }
  if (unconfirmed.length > 0 && handoffPaths.length > 0) {
    for (const filePath of await committedWithHandoffs(repoPath, [...new Set(unconfirmed.map((candidate) => candidate.path))], handoffPaths)) confirmed.add(filePath);
  }
  return confirmed;
}

/** A commit that changes more status-shaped documents than this is an import or a sweep, not one session's end. */
const MAX_RECORDS_PER_SESSION_COMMIT = 3;
/** More documents than this committed beside the handoffs: the agent commits every report with them. */
const MAX_KEPT_STATUSES = 3;

/**
 * The candidates changed by a commit that also changed a handoff of the repository: an agent ending a session
 * writes its handoff and updates the status it keeps (`PROGRESS.md`, `docs/development-progress.md`,
 * `NEXT_SESSION.md`) in one commit. A repository's first commit, and a commit that changes more than a few such
 * documents at once (an import, a documentation sweep), confirm none of them; where more than a few documents
 * were each committed once with a handoff, only the ones committed with handoffs at two or more session ends
 * are kept.
 */
export async function committedWithHandoffs(repoPath: string, candidatePaths: readonly string[], handoffPaths: readonly string[]): Promise<Set<string>> {
  const candidates = new Set(candidatePaths);
  const handoffs = new Set(handoffPaths.filter((filePath) => !candidates.has(filePath)));
  // The commits that changed a candidate (a repository's first commit left out: it brings everything at once,
  // an import, not a session's end), then what else each of them changed: a few candidates are asked about,
  // never the whole history of every handoff.
  const touched = new Map<string, { records: Set<string>; handoffs: number }>();
  for (const { fields, files } of await commitsChanging(repoPath, "%H %P", candidatePaths)) {
    const [sha = "", ...parents] = fields;
    if (parents.length === 0) continue;
    const commit = touched.get(sha) ?? { records: new Set<string>(), handoffs: 0 };
    touched.set(sha, commit);
    for (const filePath of files) if (candidates.has(filePath)) commit.records.add(filePath);
  }
  if (handoffs.size > 0) {
    for (const { fields, files } of await loggedCommits(repoPath, "%H", [...touched.keys()], (chunk) => ["--no-walk=unsorted", ...chunk])) {
      const commit = touched.get(fields[0] ?? "");
      if (commit !== undefined) commit.handoffs += files.filter((filePath) => handoffs.has(filePath)).length;
    }
  }
  const sessionEnds = new Map<string, number>();
  for (const commit of touched.values()) {
    if (commit.handoffs === 0 || commit.records.size > MAX_RECORDS_PER_SESSION_COMMIT) continue;
    for (const filePath of commit.records) sessionEnds.set(filePath, (sessionEnds.get(filePath) ?? 0) + 1);
  }
  // A few documents committed with the handoffs are the status the agents keep. Where many are (an agent that
  // commits every report with its rolling handoff), only those updated at two or more session ends are.
  if (sessionEnds.size <= MAX_KEPT_STATUSES) return new Set(sessionEnds.keys());
  return new Set([...sessionEnds].filter(([, count]) => count >= 2).map(([filePath]) => filePath));
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
  /** The paths of the handoffs already stored for the repository (a rescan reads only what changed). */
  knownHandoffPaths: Iterable<string> = [],
): Promise<string[]> {
  const found = [...contents].filter(([, content]) => isByContent(content.path));
  if (found.length === 0) return [];
  const candidates = found.map(([, content]) => ({ path: content.path, parsed: content.processed.analysis.parsed, mtimeMs: content.fromWorktree ? mtimeOf(content.path) : null }));
  const handoffPaths = [...new Set([...knownHandoffPaths, ...[...contents.values()].map((content) => content.path)].filter((filePath) => !isByContent(filePath)))];
  const confirmed = await confirmedByRepository(repoPath, candidates, facts, await defaultBranchOf(repoPath), handoffPaths);
  return found.filter(([, content]) => !confirmed.has(content.path)).map(([key]) => key);
}

/** The finding of a handoff-shaped file the repository does not confirm (not reported, like any document). */
export const UNCONFIRMED_CONTENT_MESSAGE = "an ordinary document: shaped like a handoff, but nothing in the repository confirms it (no HEAD or branch that resolves, no change on a day it writes)";
