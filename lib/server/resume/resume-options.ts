/**
 * Everything the resume dialog and `baton resume` show for one handoff: which branch to check out
 * and why, one plan per runtime (prompt + shell commands, from the pure compiler in
 * lib/core/resume), and what changed since the handoff was written.
 */
import { compareRecency, fileNameDate } from "../../core/chains/handoff-order";
import { finding, type Finding } from "../../core/findings";
import { describeDeprecation, detectDeprecation } from "../../core/handoff/documents/deprecation";
import { buildResume, type ResumePlan } from "../../core/resume/build-resume";
import { inferHandoffConvention, type HandoffConvention } from "../../core/resume/handoff-convention";
import { isFetchedByARemote, type RemoteFetchSpec } from "../../core/resume/remote-tracking";
import type { ResumeInput, ResumeSessionFacts } from "../../core/resume/resume-input";
import { RESUME_RUNTIMES, resolveResumeRuntime, type ResumeRuntime } from "../../core/resume/runtimes";
import { sectionSource } from "../../core/resume/section-source";
import { assessNextAction } from "../../core/resume/vague-next-action";
import type { Db } from "../db/client";
import type { StoredHandoffAnalysis } from "../ingest/process-handoff";
import { computeReadiness, type Readiness } from "./readiness";
import { remoteFetchSpecs } from "./resume-git";

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

export interface ResumeOptions {
  handoff: { id: string; path: string; repoPath: string; runtime: string | null; phase: string | null };
  /** The runtime that wrote the handoff (folder slug, else identity line); `generic` when unknown. */
  defaultRuntime: ResumeRuntime;
  checkout: ResumeCheckout;
  /** One per runtime, in RESUME_RUNTIMES order (or the order asked for). */
  plans: ResumePlan[];
  readiness: Readiness;
  /**
   * What to know about this handoff before resuming it, whatever the runtime: lint errors, a vague next
   * action, a deprecated/superseded marker, a branch without a configured remote. Each `{ rule,
   * severity: "warning", line, message }`.
   */
  warnings: Finding[];
  /** Where the resuming agent is told to write its own handoff (the repo's convention). */
  nextHandoff: HandoffConvention;
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
      content: true,
      deprecation: true,
      repo: { select: { id: true, path: true, defaultBranch: true } },
      occurrences: { select: { kind: true, ref: true } },
      findings: { where: { severity: "error" }, select: { rule: true, line: true }, orderBy: [{ line: "asc" }, { rule: "asc" }] },
    },
  });
  if (!row) return null;
  const analysis = JSON.parse(row.parsed) as StoredHandoffAnalysis;
  const parsed = analysis.parsed;

  const [branches, fetchSpecs, nextHandoff] = await Promise.all([
    db.branch.findMany({ where: { repoId: row.repo.id }, select: { name: true, isRemote: true, headTime: true } }),
    row.occurrences.some((occurrence) => occurrence.kind === "remote") ? remoteFetchSpecs(row.repo.path) : Promise.resolve(null),
    loadHandoffConvention(db, row.repo.id, row.path),
  ]);
  const checkout = chooseCheckout({
    namedBranch: row.branch,
    occurrences: row.occurrences,
    defaultBranch: row.repo.defaultBranch,
    branchTimes: new Map(branches.map((branch) => [branch.name, branch.headTime?.getTime() ?? 0])),
    localBranches: new Set(branches.filter((branch) => !branch.isRemote).map((branch) => branch.name)),
    remoteFetchSpecs: fetchSpecs,
  });

  const input: ResumeInput = {
    repoPath: row.repo.path,
    handoffPath: row.path,
    branch: checkout.branch,
    branchIsRemoteOnly: checkout.branchIsRemoteOnly,
    remote: checkout.remote,
    localBranchExists: checkout.localBranchExists,
    remoteIsTracked: checkout.isTracked,
    headSha: row.headSha,
    // The contract's "own commit" is the commit that added the handoff; the sha a handoff writes
    // for itself is only a fallback while that is unknown.
    ownCommitSha: row.commitSha ?? row.ownCommitSha,
    sessionId: row.sessionId,
    handoffRuntime: row.runtime,
    parsed,
    markdown: row.content,
    nextHandoff,
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
    warnings: resumeWarnings({
      errors: row.findings,
      deprecation: row.deprecation ?? describeDeprecation(detectDeprecation(row.content)),
      parsed,
      markdown: row.content,
      checkout,
    }),
    nextHandoff,
  };
}

/**
 * The repo's handoff convention from its live handoffs, newest first by the protocol's order (one
 * light query: no chains needed to order paths).
 */
async function loadHandoffConvention(db: Db, repoId: string, resumedPath: string): Promise<HandoffConvention> {
  const rows = await db.handoff.findMany({
    where: { repoId, isGone: false },
    select: { path: true, date: true, timestamp: true, commitTime: true, fileMtime: true, committed: true },
  });
  const times = rows.map((row) => ({
    path: row.path,
    date: row.date,
    nameDate: row.date === null ? fileNameDate(row.path) : null,
    timestamp: row.timestamp?.getTime() ?? null,
    fileTime: row.committed ? (row.commitTime?.getTime() ?? null) : (row.fileMtime?.getTime() ?? null),
  }));
  times.sort((a, b) => compareRecency(b, a) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return inferHandoffConvention(
    times.map((entry) => entry.path),
    { resumedPath },
  );
}

/** Handoff-level warnings for resume (ResumeOptions.warnings). Pure over what getResumeOptions read. */
export function resumeWarnings(facts: {
  errors: readonly { rule: string; line: number | null }[];
  /** Stored deprecation note: "" or null when not marked. */
  deprecation: string | null;
  parsed: StoredHandoffAnalysis["parsed"];
  markdown: string | null;
  checkout: ResumeCheckout;
}): Finding[] {
  const warnings: Finding[] = [];
  if (facts.deprecation) {
    warnings.push(
      finding(
        "resume-handoff-deprecated",
        "warning",
        null,
        `This handoff marks itself deprecated or superseded (${facts.deprecation}); a newer handoff probably carries the work on. Resume it only if you mean to.`,
      ),
    );
  }
  if (facts.errors.length > 0) {
    const rules = [...new Set(facts.errors.map((error) => error.rule))];
    const shown = rules.slice(0, 5).join(", ") + (rules.length > 5 ? `, and ${rules.length - 5} more` : "");
    warnings.push(
      finding(
        "resume-handoff-lint-errors",
        "warning",
        null,
        `The handoff has ${facts.errors.length} lint error(s) (${shown}): what they flag is missing or wrong for the resuming agent too. See the handoff's lint findings.`,
      ),
    );
  }
  const nextAction = facts.parsed.nextAction;
  const asWritten = nextAction && facts.markdown ? sectionSource(facts.markdown, nextAction.line, facts.parsed.sections) : null;
  const assessment = assessNextAction(nextAction, asWritten?.text ?? null);
  if (assessment.isVague) {
    warnings.push(
      finding(
        "resume-next-action-vague",
        "warning",
        nextAction?.line ?? null,
        `The next action is vague (${assessment.reason}); the resuming agent will have to ask or re-derive the plan. Consider adding the file, command or concrete step before resuming.`,
      ),
    );
  }
  if (facts.checkout.branch !== null && facts.checkout.branchIsRemoteOnly && !facts.checkout.isTracked) {
    const ref = `refs/remotes/${facts.checkout.remote}/${facts.checkout.branch}`;
    warnings.push(
      finding(
        "resume-remote-not-tracked",
        "warning",
        null,
        `No configured remote fetches into ${ref} (remote ${facts.checkout.remote} was removed after fetching, or the refs came from a mirror), so git cannot track it: ` +
          `the command ${facts.checkout.localBranchExists ? "fast-forwards the local branch from that full ref" : "creates the local branch from that full ref with --no-track"}; ` +
          `the branch has no upstream until you push it with \`git push -u <remote> ${facts.checkout.branch}\`.`,
      ),
    );
  }
  return warnings;
}
