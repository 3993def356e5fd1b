import { normaliseRepoPath } from "../handoff/handoff-path";
import { resolvePointerDetailed } from "../handoff/pointers/resolve-pointer";
import type { PointerEvidence, PreviousCandidate } from "../handoff/types";

/**
 * A handoff's previous pointer, resolved against the handoffs the repo holds (pure: the scan and
 * `baton lint` pass what they found). The text offers candidates (lib/core/handoff/pointers): explicit
 * ones (a label, a heading over the path, a phrase) and weak ones (a previous-word beside a markdown
 * file, a link to another markdown file).
 *
 * - The first explicit candidate is the pointer. Its path is the exact repo path when a handoff has it;
 *   else the handoff with the same file name in the repo's handoff folders (files move, pointers keep
 *   their old path), the nearest one when several have it; else it stays as written, a broken pointer.
 *   "None" written explicitly means none.
 * - With no explicit candidate, a weak one counts only when it names a handoff of the repo that is
 *   older than this one: the first such mention, else the one link when the text links to exactly one
 *   older handoff.
 */

export interface RepoHandoffPaths {
  /** Whether a handoff of the repo has this exact repo-relative path. */
  has(path: string): boolean;
  /** Handoff paths by file name. */
  byName: ReadonlyMap<string, readonly string[]>;
}

export interface PreviousResolution {
  /** Repo-relative path of the previous handoff, or null for none. */
  path: string | null;
  evidence: PointerEvidence | null;
  /** The path as written, when the handoff was found under the same name elsewhere. */
  movedFrom: string | null;
}

const EXPLICIT = new Set<PointerEvidence>(["label", "heading", "phrase"]);

export function repoHandoffPaths(paths: Iterable<string>): RepoHandoffPaths {
  const all = new Set<string>();
  const byName = new Map<string, string[]>();
  for (const raw of paths) {
    const path = normaliseRepoPath(raw);
    if (all.has(path)) continue;
    all.add(path);
    const name = fileName(path);
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [path]);
    else list.push(path);
  }
  return { has: (path) => all.has(path), byName };
}

export function resolvePrevious(
  handoff: { path: string; writtenPrevious: string | null; candidates: readonly PreviousCandidate[] | undefined },
  repo: RepoHandoffPaths,
  isOlder: (path: string) => boolean,
): PreviousResolution {
  const self = normaliseRepoPath(handoff.path);
  const candidates: readonly PreviousCandidate[] =
    handoff.candidates ?? (handoff.writtenPrevious === null ? [] : [{ path: handoff.writtenPrevious, line: 0, evidence: "label" }]);
  const explicit = candidates.find((candidate) => EXPLICIT.has(candidate.evidence));
  if (explicit !== undefined) {
    if (explicit.path === null) return none;
    const resolved = resolvePointerDetailed(explicit.path, self, { exists: repo.has }).path;
    if (resolved === null) return none;
    if (repo.has(resolved)) return { path: resolved, evidence: explicit.evidence, movedFrom: null };
    const moved = sameName(resolved, self, repo);
    return moved === null ? { path: resolved, evidence: explicit.evidence, movedFrom: null } : { path: moved, evidence: explicit.evidence, movedFrom: resolved };
  }

  const confirmed = (candidate: PreviousCandidate): { path: string; movedFrom: string | null } | null => {
    if (candidate.path === null) return null;
    const resolved = resolvePointerDetailed(candidate.path, self, { exists: repo.has }).path;
    if (resolved === null || resolved === self) return null;
    const found = repo.has(resolved) ? resolved : sameName(resolved, self, repo);
    if (found === null || found === self || !isOlder(found)) return null;
    return { path: found, movedFrom: found === resolved ? null : resolved };
  };
  for (const candidate of candidates) {
    if (candidate.evidence !== "mention") continue;
    const found = confirmed(candidate);
    if (found !== null) return { ...found, evidence: "mention" };
  }
  const linked = new Map<string, { path: string; movedFrom: string | null }>();
  for (const candidate of candidates) {
    if (candidate.evidence !== "link") continue;
    const found = confirmed(candidate);
    if (found !== null) linked.set(found.path, found);
  }
  // Several older handoffs linked: a list of references, not a pointer to one predecessor.
  if (linked.size === 1) return { ...[...linked.values()][0]!, evidence: "link" };
  return none;
}

const none: PreviousResolution = { path: null, evidence: null, movedFrom: null };

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * The handoff with the file name of a path no handoff has: the only one, else the one sharing the most
 * folders with the written path (then with the pointing handoff); null when that does not decide.
 */
function sameName(written: string, self: string, repo: RepoHandoffPaths): string | null {
  const matches = (repo.byName.get(fileName(written)) ?? []).filter((path) => path !== self);
  if (matches.length <= 1) return matches[0] ?? null;
  const score = (path: string) => [sharedFolders(path, written), sharedFolders(path, self)] as const;
  const ranked = matches.map((path) => ({ path, score: score(path) })).sort((a, b) => b.score[0] - a.score[0] || b.score[1] - a.score[1]);
  const [first, second] = ranked;
  if (first === undefined) return null;
  if (second !== undefined && second.score[0] === first.score[0] && second.score[1] === first.score[1]) return null;
  return first.path;
}

function sharedFolders(a: string, b: string): number {
  const left = a.split("/").slice(0, -1);
  const right = b.split("/").slice(0, -1);
  let shared = 0;
  while (shared < left.length && shared < right.length && left[shared] === right[shared]) shared++;
  return shared;
}
