/**
 * Which branch a resume checks out (the pure rule; lib/server/resume/resume-options.ts gathers the
 * facts from the database and git and calls it).
 */
import { isFetchedByARemote, type RemoteFetchSpec } from "./remote-tracking";

export interface ResumeCheckout {
  /** Local short name to check out (`feat/x`), or null when no branch holds the handoff. */
  branch: string | null;
  /** True when only `<remote>/<branch>` holds it, so the command creates the local branch. */
  branchIsRemoteOnly: boolean;
  /** The remote of a remote-only branch; "origin" otherwise (unused then). */
  remote: string;
  /** Remote-only, and a local branch of that name exists without this version: it is fast-forwarded. */
  localBranchExists: boolean;
  /**
   * False when the branch is remote-only and no configured remote fetches into
   * `refs/remotes/<remote>/<branch>` (so `--track` would fail with "not a branch"): the command creates
   * the local branch from the full ref with `--no-track`. True otherwise (also when it could not be told).
   */
  isTracked: boolean;
  /** One sentence on why this branch was chosen. */
  why: string;
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
  /** The remotes' fetch refspecs now, or null/absent when unknown (every remote-tracking ref is then taken as tracked). */
  remoteFetchSpecs?: readonly RemoteFetchSpec[] | null;
}

const DEFAULT_REMOTE = "origin";

/**
 * Which branch the resume command checks out. Always a branch that holds this exact content (never
 * a bare sha), in this order:
 * 1. the branch the handoff names, when it holds it locally;
 * 2. another local branch: a non-default branch before the default one, because paused work
 *    continues on its feature branch and the default branch usually only has it after a merge;
 *    then the branch whose head moved last, then by name;
 * 3. a remote-tracking branch, created locally on checkout: the named branch first, then one a
 *    configured remote fetches into (git can track it), then `origin`, then the same order as local ones;
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

  const specs = facts.remoteFetchSpecs ?? null;
  const isTracked = (split: RemoteRef) => specs === null || isFetchedByARemote(`refs/remotes/${split.remote}/${split.branch}`, specs);
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
    return { branch: named, branchIsRemoteOnly: false, remote: DEFAULT_REMOTE, localBranchExists: true, isTracked: true, why: `${named} is the branch the handoff names and holds this version of it.` };
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
      isTracked: true,
      why: `${chosen} holds this version of the handoff${others}; ${namedNote}, and ${reason}.`,
    };
  }
  if (remote.length > 0) {
    const ordered = [...remote].sort((a, b) => {
      const namedA = a.branch === named ? 0 : 1;
      const namedB = b.branch === named ? 0 : 1;
      if (namedA !== namedB) return namedA - namedB;
      const trackedA = isTracked(a) ? 0 : 1;
      const trackedB = isTracked(b) ? 0 : 1;
      if (trackedA !== trackedB) return trackedA - trackedB;
      const originA = a.remote === DEFAULT_REMOTE ? 0 : 1;
      const originB = b.remote === DEFAULT_REMOTE ? 0 : 1;
      if (originA !== originB) return originA - originB;
      return byPreference((ref) => splitRemoteRef(ref)?.branch ?? ref)(a.ref, b.ref);
    });
    const chosen = ordered[0]!;
    const localExists = facts.localBranches?.has(chosen.branch) ?? false;
    const tracked = isTracked(chosen);
    const untrackedNote = tracked ? "" : ` No configured remote fetches into refs/remotes/${chosen.ref}, so git cannot track it: the command uses that full ref name${localExists ? "" : " and --no-track"}.`;
    return {
      branch: chosen.branch,
      branchIsRemoteOnly: true,
      remote: chosen.remote,
      localBranchExists: localExists,
      isTracked: tracked,
      why:
        (localExists
          ? `Only the remote-tracking branch ${chosen.ref} holds this version of the handoff; the local ${chosen.branch} is behind it, so the command checks it out and fast-forwards it (git refuses if it diverged).`
          : `Only the remote-tracking branch ${chosen.ref} holds this version of the handoff, so the command creates the local branch ${chosen.branch} from it.`) + untrackedNote,
    };
  }
  const inWorkingTree = facts.occurrences.some((occurrence) => occurrence.kind === "worktree");
  return {
    branch: null,
    branchIsRemoteOnly: false,
    remote: DEFAULT_REMOTE,
    localBranchExists: false,
    isTracked: true,
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

