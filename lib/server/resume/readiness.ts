/**
 * What changed since a handoff was written, asked of git at request time: the database says where
 * the handoff was at the last scan, git says what the branch looks like now. Every git failure (a
 * moved repo folder, a deleted branch, a rewritten history) becomes a warning and a null field, so
 * the resume dialog can still show the prompt.
 */
import { HANDOFF_COMMIT } from "../../core/handoff/commit-names";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FileReference, ParsedHandoff } from "../../core/handoff/types";
import type { Db } from "../db/client";
import { batchCheckObjects, commitAddingBlob, commitsBetween, isAncestor, resolveCommits, resolveRef } from "./resume-git";

/** How many commit subjects readiness lists (the newest ones). */
export const READINESS_SUBJECT_LIMIT = 10;

export interface CommitsSince {
  /** Commits on the compared ref after `base`. */
  count: number;
  /** Full sha the count starts after. */
  base: string;
  /**
   * What `base` is: the commit that first added the handoff (`handoff-commit`, the contract's
   * "own commitSha"); the commit that added it on this branch when that first commit is on another
   * branch (`branch-commit`); or, for an uncommitted handoff, the HEAD its identity section recorded.
   */
  baseIs: "handoff-commit" | "branch-commit" | "recorded-head";
  /** Full sha of the compared ref now. */
  head: string;
  /** Subjects of the newest commits after `base`, newest first, at most READINESS_SUBJECT_LIMIT. */
  subjects: string[];
}

export interface MissingFileReference {
  /** Repo-relative, normalised. */
  path: string;
  line: number | null;
  /** Line of the handoff that names the file. */
  sourceLine: number;
}

export interface ResumedByHandoff {
  id: string;
  path: string;
  runtime: string | null;
}

export interface Readiness {
  /**
   * What was compared: `refs/heads/<branch>`, `refs/remotes/<remote>/<branch>` for a remote-only
   * branch, or `HEAD` (the current checkout) for a handoff no branch holds.
   */
  ref: string | null;
  /**
   * Whether `ref` resolves now: the branch still exists (or, for a handoff no branch holds, the
   * checkout has a HEAD). False also when git could not be asked; `warnings` then says why.
   */
  branchExists: boolean;
  /** Commit `ref` points at now; null when it does not exist or git could not be asked. */
  refSha: string | null;
  /** Null when there is no base to count from, the base is not in the ref's history, or git failed (see `warnings`). */
  commitsSince: CommitsSince | null;
  /** Referenced files absent at `ref`; empty also when they could not be checked (then `missingFilesChecked` is false). */
  missingFiles: MissingFileReference[];
  /** False when the files could not be checked (no ref, git failure); `warnings` says why. */
  missingFilesChecked: boolean;
  /** Later handoffs whose previous pointer resolves to this one: resuming again forks the chain. */
  resumedBy: ResumedByHandoff[];
  /**
   * True when `ref` is still at the handoff's commit (or, uncommitted, at the HEAD it recorded or the
   * commit it names for itself): nothing happened since. Null when that cannot be told, and always
   * null when the handoff recorded no HEAD (it claims no position to match).
   */
  headMatches: boolean | null;
  warnings: string[];
}

export interface ReadinessFacts {
  handoffId: string;
  repoPath: string;
  /** Repo-relative path of the handoff. */
  path: string;
  blobSha: string;
  /** The commit that first added this content on any branch (Handoff.commitSha). */
  commitSha: string | null;
  /** HEAD as the identity section records it. */
  headSha: string | null;
  /** The sha the handoff records for itself ("Commit: …"), if any. */
  ownCommitSha: string | null;
  committed: boolean;
  isGone: boolean;
  parsed: ParsedHandoff;
  checkout: { branch: string | null; branchIsRemoteOnly: boolean; remote: string; localBranchExists: boolean };
}

export async function computeReadiness(db: Db, facts: ReadinessFacts): Promise<Readiness> {
  const readiness: Readiness = {
    ref: null,
    branchExists: false,
    refSha: null,
    commitsSince: null,
    missingFiles: [],
    missingFilesChecked: false,
    resumedBy: await loadResumedBy(db, facts.handoffId),
    headMatches: null,
    warnings: [],
  };
  const { warnings } = readiness;
  if (facts.isGone) {
    warnings.push("At the last scan no branch and no working tree held this version of the handoff any more; the file may not exist where the command looks for it.");
  }
  if (readiness.resumedBy.length > 0) {
    const paths = readiness.resumedBy.map((handoff) => handoff.path).join(", ");
    warnings.push(`Already resumed by ${paths}; resuming this handoff again starts a second line of work from the same point (a fork).`);
  }

  const repoState = await stat(facts.repoPath).then(
    (info) => (info.isDirectory() ? null : "is not a folder"),
    (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "does not exist on this machine (moved or deleted?)" : `cannot be read (${error.message})`),
  );
  if (repoState !== null) {
    warnings.push(`The repository folder ${facts.repoPath} ${repoState}; nothing was checked against git.`);
    return readiness;
  }

  try {
    await compareWithGit(facts, readiness);
  } catch (error) {
    warnings.push(`git could not answer in ${facts.repoPath}: ${(error as Error).message}`);
  }
  return readiness;
}

async function loadResumedBy(db: Db, handoffId: string): Promise<ResumedByHandoff[]> {
  const edges = await db.chainEdge.findMany({ where: { toId: handoffId }, select: { fromId: true } });
  if (edges.length === 0) return [];
  const handoffs = await db.handoff.findMany({
    where: { id: { in: edges.map((edge) => edge.fromId) } },
    select: { id: true, path: true, runtime: true },
    orderBy: { path: "asc" },
  });
  return handoffs;
}

async function compareWithGit(facts: ReadinessFacts, readiness: Readiness): Promise<void> {
  const { warnings } = readiness;
  const { branch, branchIsRemoteOnly, remote, localBranchExists } = facts.checkout;
  const ref = branch === null ? "HEAD" : branchIsRemoteOnly ? `refs/remotes/${remote}/${branch}` : `refs/heads/${branch}`;
  readiness.ref = ref;
  const refSha = await resolveRef(facts.repoPath, ref);
  readiness.refSha = refSha;
  readiness.branchExists = refSha !== null;

  if (branch !== null && branchIsRemoteOnly && !localBranchExists && (await resolveRef(facts.repoPath, `refs/heads/${branch}`)) !== null) {
    warnings.push(
      `A local branch ${branch} was created after the last scan (only ${remote}/${branch} held this handoff then), so the command's \`git checkout -b\` will refuse to run. ` +
        `Rescan (\`baton scan ${facts.repoPath}\`) and the command fast-forwards the local branch instead.`,
    );
  }
  if (branch !== null && branchIsRemoteOnly && localBranchExists && refSha !== null) {
    const localSha = await resolveRef(facts.repoPath, `refs/heads/${branch}`);
    if (localSha !== null && localSha !== refSha && !(await isAncestor(facts.repoPath, localSha, refSha))) {
      warnings.push(
        `The local branch ${branch} has commits that ${remote}/${branch} does not, so the command's \`git merge --ff-only\` will refuse and stop before the agent starts. ` +
          `Reconcile the two branches first (rebase or merge, your call), then resume.`,
      );
    }
  }
  if (refSha === null) {
    warnings.push(
      branch === null
        ? "The repository has no commit checked out (HEAD does not resolve), so nothing could be compared."
        : `Branch ${branchIsRemoteOnly ? `${remote}/${branch}` : branch} no longer exists (deleted or renamed since the last scan), so the command's checkout will fail. Rescan with \`baton scan ${facts.repoPath}\`.`,
    );
    return;
  }

  // One batch for every sha the handoff names: abbreviated ones are expanded, unknown ones are null.
  const named = [facts.commitSha, facts.headSha, facts.ownCommitSha].filter((sha): sha is string => Boolean(sha));
  const resolved = await resolveCommits(facts.repoPath, named);
  const full = (sha: string | null) => (sha ? (resolved.get(sha) ?? null) : null);

  const base = await chooseBase(facts, refSha, full, warnings);
  if (base !== null) {
    const { count, subjects } = await commitsBetween(facts.repoPath, base.sha, refSha, READINESS_SUBJECT_LIMIT);
    readiness.commitsSince = { count, base: base.sha, baseIs: base.kind, head: refSha, subjects };
  }

  // "Nothing happened since" compares with where the handoff itself sits: its commit once committed,
  // the HEAD it recorded while it is still uncommitted.
  const sameAs = (facts.committed ? [base?.sha ?? full(facts.commitSha), full(facts.ownCommitSha)] : [full(facts.headSha), full(facts.ownCommitSha)]).filter(
    (sha): sha is string => sha !== null,
  );
  // No HEAD recorded: the handoff makes no claim about where the tree was, so there is nothing to match.
  readiness.headMatches = !facts.headSha?.trim() || sameAs.length === 0 ? null : sameAs.includes(refSha);

  const missingFiles = await findMissingFiles(facts, ref === "HEAD" ? null : refSha, warnings);
  if (missingFiles !== null) {
    readiness.missingFiles = missingFiles;
    readiness.missingFilesChecked = true;
  }
}

async function chooseBase(
  facts: ReadinessFacts,
  refSha: string,
  full: (sha: string | null) => string | null,
  warnings: string[],
): Promise<{ sha: string; kind: CommitsSince["baseIs"] } | null> {
  if (facts.committed) {
    const first = full(facts.commitSha);
    if (first !== null && (await isAncestor(facts.repoPath, first, refSha))) return { sha: first, kind: "handoff-commit" };
    // The same content may have been committed separately on this branch.
    const onBranch = await commitAddingBlob(facts.repoPath, refSha, facts.path, facts.blobSha);
    if (onBranch !== null) return { sha: onBranch, kind: "branch-commit" };
    warnings.push(
      first === null
        ? facts.commitSha
          ? `The ${HANDOFF_COMMIT.name} (${facts.commitSha}) is not in this repository any more, so commits since it cannot be counted.`
          : `The ${HANDOFF_COMMIT.name} (${HANDOFF_COMMIT.meaning}) is not known yet (rescan the repo), so commits since it cannot be counted.`
        : `The ${HANDOFF_COMMIT.name} (${first.slice(0, 12)}) is not in the history of the branch to check out (rebased or force-pushed since?), so commits since it cannot be counted.`,
    );
    return null;
  }
  const recorded = full(facts.headSha);
  if (recorded === null) {
    warnings.push(
      facts.headSha
        ? `The HEAD the handoff recorded (${facts.headSha}) is not a commit in this repository, so commits since it cannot be counted.`
        : "The handoff is not committed and records no HEAD sha, so there is nothing to count commits from.",
    );
    return null;
  }
  if (await isAncestor(facts.repoPath, recorded, refSha)) return { sha: recorded, kind: "recorded-head" };
  warnings.push(
    `The HEAD the handoff recorded (${recorded.slice(0, 12)}) is not in the history of the current checkout (another branch checked out, or history rewritten), so commits since it cannot be counted.`,
  );
  return null;
}

/**
 * A reference as written in the handoff → a repo-relative path to check, or null when it cannot name
 * a file of this repo: absolute paths outside the repo (often another machine's checkout), `~`,
 * anything `..` takes out of the repo, and bare file names (`app.ts:20` names no folder, so where
 * the file should be is unknown and "missing" would be a guess).
 */
export function repoRelativeReference(reference: string, repoPath: string): string | null {
  let candidate = reference.replace(/\\/g, "/");
  if (candidate.startsWith("~")) return null;
  if (candidate.startsWith("/")) {
    const root = repoPath.replace(/\/+$/, "") + "/";
    if (!candidate.startsWith(root)) return null;
    candidate = candidate.slice(root.length);
  }
  const normalised = path.posix.normalize(candidate);
  if (normalised === "." || normalised === ".." || normalised.startsWith("../") || normalised.startsWith("/")) return null;
  const relative = normalised.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  if (relative === "" || !relative.includes("/")) return null;
  return relative;
}

function referencesOf(parsed: ParsedHandoff): FileReference[] {
  const all = [...parsed.state.flatMap((item) => item.fileRefs), ...(parsed.nextAction?.fileRefs ?? [])];
  // A nested state item's references are also merged into its parent item: report each once.
  const seen = new Set<string>();
  return all.filter((reference) => {
    const key = `${reference.path}\0${reference.line ?? ""}\0${reference.sourceLine}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Referenced files absent where the resuming agent will look: at the branch head for a branch, in
 * the working tree when the handoff only exists there (its files may be uncommitted too).
 */
async function findMissingFiles(facts: ReadinessFacts, commit: string | null, warnings: string[]): Promise<MissingFileReference[] | null> {
  const references = referencesOf(facts.parsed)
    .map((reference) => ({ reference, path: repoRelativeReference(reference.path, facts.repoPath) }))
    .filter((entry): entry is { reference: FileReference; path: string } => entry.path !== null && !/[\n\r\0]/.test(entry.path));
  const paths = [...new Set(references.map((entry) => entry.path))];
  if (paths.length === 0) return [];

  const missing = new Set<string>();
  if (commit !== null) {
    const hits = await batchCheckObjects(
      facts.repoPath,
      paths.map((filePath) => `${commit}:${filePath}`),
    );
    paths.forEach((filePath, index) => {
      if (hits[index] === null) missing.add(filePath);
    });
  } else {
    const problems: string[] = [];
    await Promise.all(
      paths.map((filePath) =>
        stat(path.join(facts.repoPath, filePath)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" || error.code === "ENOTDIR") missing.add(filePath);
          else problems.push(`${filePath}: ${error.message}`);
        }),
      ),
    );
    if (problems.length > 0) {
      warnings.push(`Some referenced files could not be checked in the working tree: ${problems.join("; ")}`);
      return null;
    }
  }
  return references
    .filter((entry) => missing.has(entry.path))
    .map((entry) => ({ path: entry.path, line: entry.reference.line, sourceLine: entry.reference.sourceLine }));
}
