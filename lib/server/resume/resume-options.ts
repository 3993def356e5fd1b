/**
 * Everything the resume dialog and `baton resume` show for one handoff: which branch to check out
 * and why, one plan per runtime (prompt + shell commands, from the pure compiler in
 * lib/core/resume), and what changed since the handoff was written.
 */
import { buildResume, type ResumePlan } from "../../core/resume/build-resume";
import type { ResumeInput, ResumeSessionFacts } from "../../core/resume/resume-input";
import { RESUME_RUNTIMES, resolveResumeRuntime, type ResumeRuntime } from "../../core/resume/runtimes";
import type { Db } from "../db/client";
import type { StoredHandoffAnalysis } from "../ingest/process-handoff";
import { computeReadiness, type Readiness } from "./readiness";

export interface ResumeCheckout {
  /** Local short name to check out (`feat/x`), or null when no branch holds the handoff. */
  branch: string | null;
  /** True when only `<remote>/<branch>` holds it, so the command creates the local branch. */
  branchIsRemoteOnly: boolean;
  /** The remote of a remote-only branch; "origin" otherwise (unused then). */
  remote: string;
  /** Remote-only, and a local branch of that name exists without this version: it is fast-forwarded. */
  localBranchExists: boolean;
  /** One sentence on why this branch was chosen. */
  why: string;
}

export interface ResumeOptions {
  handoff: { id: string; path: string; repoPath: string; runtime: string | null; phase: string | null };
  /** The runtime that wrote the handoff (folder slug, else identity line); `generic` when unknown. */
  defaultRuntime: ResumeRuntime;
  checkout: ResumeCheckout;
  /** One per runtime, in RESUME_RUNTIMES order (or the order asked for). */
  plans: ResumePlan[];
  readiness: Readiness;
}

export interface CheckoutFacts {
  /** The branch the handoff's identity section names (untrusted text; only compared). */
  namedBranch: string | null;
  /** Refs that hold this exact content, as stored (HandoffOccurrence). */
  occurrences: readonly { kind: string; ref: string }[];
  defaultBranch: string | null;
  /** Committer time (ms) of each branch head at the last scan, by short name; newer wins a tie. */
  branchTimes?: ReadonlyMap<string, number>;
  /** Local branch names at the last scan (to know whether a remote-only branch has a local namesake). */
  localBranches?: ReadonlySet<string>;
}

const DEFAULT_REMOTE = "origin";

/**
 * Which branch the resume command checks out. Always a branch that holds this exact content (never
 * a bare sha), in this order:
 * 1. the branch the handoff names, when it holds it locally;
 * 2. another local branch: a non-default branch before the default one, because paused work
 *    continues on its feature branch and the default branch usually only has it after a merge;
 *    then the branch whose head moved last, then by name;
 * 3. a remote-tracking branch, created locally on checkout: the named branch first, then `origin`,
 *    then the same order as local ones;
 * 4. none (the handoff is only in the working tree): the command stays on the current checkout.
 */
export function chooseCheckout(facts: CheckoutFacts): ResumeCheckout {
  const named = facts.namedBranch?.trim() || null;
  const times = facts.branchTimes ?? new Map<string, number>();
  const byPreference = (nameOf: (ref: string) => string) => (a: string, b: string) => {
    const defaultA = nameOf(a) === facts.defaultBranch ? 1 : 0;
    const defaultB = nameOf(b) === facts.defaultBranch ? 1 : 0;
    if (defaultA !== defaultB) return defaultA - defaultB;
    const timeDifference = (times.get(b) ?? 0) - (times.get(a) ?? 0);
    if (timeDifference !== 0) return timeDifference;
    return a < b ? -1 : a > b ? 1 : 0;
  };

  const local = facts.occurrences.filter((occurrence) => occurrence.kind === "local").map((occurrence) => occurrence.ref);
  const remote = facts.occurrences
    .filter((occurrence) => occurrence.kind === "remote")
    .map((occurrence) => splitRemoteRef(occurrence.ref))
    .filter((split): split is RemoteRef => split !== null);
  const namedNote =
    named === null
      ? "the handoff names no branch"
      : remote.some((split) => split.branch === named)
        ? `the branch it names, ${named}, holds it only as a remote-tracking branch`
        : `the branch it names, ${named}, does not hold it`;

  if (named !== null && local.includes(named)) {
    return { branch: named, branchIsRemoteOnly: false, remote: DEFAULT_REMOTE, localBranchExists: true, why: `${named} is the branch the handoff names and holds this version of it.` };
  }
  if (local.length > 0) {
    const chosen = [...local].sort(byPreference((ref) => ref))[0]!;
    const others = local.length > 1 ? ` (also on ${local.filter((ref) => ref !== chosen).sort().join(", ")})` : "";
    const reason = chosen === facts.defaultBranch ? "the default branch is the only local branch that holds it" : "a feature branch is where paused work continues";
    return {
      branch: chosen,
      branchIsRemoteOnly: false,
      remote: DEFAULT_REMOTE,
      localBranchExists: true,
      why: `${chosen} holds this version of the handoff${others}; ${namedNote}, and ${reason}.`,
    };
  }
  if (remote.length > 0) {
    const ordered = [...remote].sort((a, b) => {
      const namedA = a.branch === named ? 0 : 1;
      const namedB = b.branch === named ? 0 : 1;
      if (namedA !== namedB) return namedA - namedB;
      const originA = a.remote === DEFAULT_REMOTE ? 0 : 1;
      const originB = b.remote === DEFAULT_REMOTE ? 0 : 1;
      if (originA !== originB) return originA - originB;
      return byPreference((ref) => splitRemoteRef(ref)?.branch ?? ref)(a.ref, b.ref);
    });
    const chosen = ordered[0]!;
    const localExists = facts.localBranches?.has(chosen.branch) ?? false;
    return {
      branch: chosen.branch,
      branchIsRemoteOnly: true,
      remote: chosen.remote,
      localBranchExists: localExists,
      why: localExists
        ? `Only the remote-tracking branch ${chosen.ref} holds this version of the handoff; the local ${chosen.branch} is behind it, so the command checks it out and fast-forwards it (git refuses if it diverged).`
        : `Only the remote-tracking branch ${chosen.ref} holds this version of the handoff, so the command creates the local branch ${chosen.branch} from it.`,
    };
  }
  const inWorkingTree = facts.occurrences.some((occurrence) => occurrence.kind === "worktree");
  return {
    branch: null,
    branchIsRemoteOnly: false,
    remote: DEFAULT_REMOTE,
    localBranchExists: false,
    why: inWorkingTree
      ? "No branch holds this version of the handoff (it is uncommitted in the working tree), so the command stays on the current checkout."
      : "No branch and no working tree held this version of the handoff at the last scan, so there is no branch to check out.",
  };
}

interface RemoteRef {
  ref: string;
  remote: string;
  branch: string;
}

/** `origin/feat/x` → origin + feat/x: remote names hold no slash, branch names may. */
export function splitRemoteRef(ref: string): RemoteRef | null {
  const slash = ref.indexOf("/");
  if (slash <= 0 || slash === ref.length - 1) return null;
  return { ref, remote: ref.slice(0, slash), branch: ref.slice(slash + 1) };
}

/**
 * SEAM for the sessions work: what `scan --agents` knows about the session that wrote the handoff
 * (is its log on this machine, how full was its context). Until that lands there is nothing to
 * read, and `buildResume` treats null as "no local log", so it prefers a fresh start.
 */
export async function loadSessionFacts(
  _db: Db,
  _handoff: { id: string; sessionId: string | null; runtime: string | null },
): Promise<ResumeSessionFacts | null> {
  return null;
}

/** The resume options for one handoff, or null when no handoff has that id. */
export async function getResumeOptions(db: Db, handoffId: string, options: { runtimes?: ResumeRuntime[] } = {}): Promise<ResumeOptions | null> {
  const row = await db.handoff.findUnique({
    where: { id: handoffId },
    select: {
      id: true,
      path: true,
      blobSha: true,
      runtime: true,
      phase: true,
      sessionId: true,
      branch: true,
      headSha: true,
      ownCommitSha: true,
      commitSha: true,
      committed: true,
      isGone: true,
      parsed: true,
      repo: { select: { id: true, path: true, defaultBranch: true } },
      occurrences: { select: { kind: true, ref: true } },
    },
  });
  if (!row) return null;
  const analysis = JSON.parse(row.parsed) as StoredHandoffAnalysis;
  const parsed = analysis.parsed;

  const branches = await db.branch.findMany({ where: { repoId: row.repo.id }, select: { name: true, isRemote: true, headTime: true } });
  const checkout = chooseCheckout({
    namedBranch: row.branch,
    occurrences: row.occurrences,
    defaultBranch: row.repo.defaultBranch,
    branchTimes: new Map(branches.map((branch) => [branch.name, branch.headTime?.getTime() ?? 0])),
    localBranches: new Set(branches.filter((branch) => !branch.isRemote).map((branch) => branch.name)),
  });

  const input: ResumeInput = {
    repoPath: row.repo.path,
    handoffPath: row.path,
    branch: checkout.branch,
    branchIsRemoteOnly: checkout.branchIsRemoteOnly,
    remote: checkout.remote,
    localBranchExists: checkout.localBranchExists,
    headSha: row.headSha,
    // The contract's "own commit" is the commit that added the handoff; the sha a handoff writes
    // for itself is only a fallback while that is unknown.
    ownCommitSha: row.commitSha ?? row.ownCommitSha,
    sessionId: row.sessionId,
    handoffRuntime: row.runtime,
    parsed,
    session: await loadSessionFacts(db, { id: row.id, sessionId: row.sessionId, runtime: row.runtime }),
  };
  const runtimes = [...new Set(options.runtimes ?? RESUME_RUNTIMES)];
  const readiness = await computeReadiness(db, {
    handoffId: row.id,
    repoPath: row.repo.path,
    path: row.path,
    blobSha: row.blobSha,
    commitSha: row.commitSha,
    headSha: row.headSha,
    ownCommitSha: row.ownCommitSha,
    committed: row.committed,
    isGone: row.isGone,
    parsed,
    checkout,
  });

  return {
    handoff: { id: row.id, path: row.path, repoPath: row.repo.path, runtime: row.runtime, phase: row.phase },
    defaultRuntime: resolveResumeRuntime(row.runtime ?? parsed.identity.runtime),
    checkout,
    plans: runtimes.map((runtime) => buildResume(input, runtime)),
    readiness,
  };
}
