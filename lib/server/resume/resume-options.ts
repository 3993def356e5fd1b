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
import { chooseCheckout, type ResumeCheckout } from "../../core/resume/choose-checkout";
import type { ResumeInput, ResumeSessionFacts } from "../../core/resume/resume-input";
import { RESUME_RUNTIMES, resolveResumeRuntime, type ResumeRuntime } from "../../core/runtimes/resume-commands";
import { sectionSource } from "../../core/resume/section-source";
import { assessNextAction } from "../../core/resume/vague-next-action";
import type { Db } from "../db/client";
import type { StoredHandoffAnalysis } from "../ingest/process-handoff";
import { computeReadiness, type Readiness } from "./readiness";
import { remoteFetchSpecs } from "./resume-git";
import type { RemoteFetchSpec } from "../../core/resume/remote-tracking";

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

/**
 * What building a resume needs about one handoff, whoever read it: the database (getResumeOptions) or
 * the repository itself with no database (the session-start hook, lib/server/agent-loop/repo-handoffs.ts).
 * One function turns it into the checkout and the compiler's input, so both give the same prompt.
 */
export interface ResumeFacts {
  handoff: {
    path: string;
    runtime: string | null;
    sessionId: string | null;
    /** The branch the identity section names. */
    branch: string | null;
    headSha: string | null;
    ownCommitSha: string | null;
    /** The commit that first added this content on any branch. */
    commitSha: string | null;
    parsed: StoredHandoffAnalysis["parsed"];
    markdown: string | null;
    occurrences: readonly { kind: string; ref: string }[];
  };
  repo: { path: string; defaultBranch: string | null };
  branches: readonly { name: string; isRemote: boolean; headTime: number | null }[];
  remoteFetchSpecs: readonly RemoteFetchSpec[] | null;
  nextHandoff: HandoffConvention;
  session: ResumeSessionFacts | null;
}

export function resumeInputFromFacts(facts: ResumeFacts): { checkout: ResumeCheckout; input: ResumeInput } {
  const { handoff } = facts;
  const checkout = chooseCheckout({
    namedBranch: handoff.branch,
    occurrences: handoff.occurrences,
    defaultBranch: facts.repo.defaultBranch,
    branchTimes: new Map(facts.branches.map((branch) => [branch.name, branch.headTime ?? 0])),
    localBranches: new Set(facts.branches.filter((branch) => !branch.isRemote).map((branch) => branch.name)),
    remoteFetchSpecs: facts.remoteFetchSpecs,
  });
  const input: ResumeInput = {
    repoPath: facts.repo.path,
    handoffPath: handoff.path,
    branch: checkout.branch,
    branchIsRemoteOnly: checkout.branchIsRemoteOnly,
    remote: checkout.remote,
    localBranchExists: checkout.localBranchExists,
    remoteIsTracked: checkout.isTracked,
    headSha: handoff.headSha,
    // The contract's "own commit" is the commit that added the handoff; the sha a handoff writes
    // for itself is only a fallback while that is unknown.
    ownCommitSha: handoff.commitSha ?? handoff.ownCommitSha,
    sessionId: handoff.sessionId,
    handoffRuntime: handoff.runtime,
    parsed: handoff.parsed,
    markdown: handoff.markdown,
    nextHandoff: facts.nextHandoff,
    session: facts.session,
  };
  return { checkout, input };
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
  const { checkout, input } = resumeInputFromFacts({
    handoff: { ...row, parsed, markdown: row.content },
    repo: row.repo,
    branches: branches.map((branch) => ({ name: branch.name, isRemote: branch.isRemote, headTime: branch.headTime?.getTime() ?? null })),
    remoteFetchSpecs: fetchSpecs,
    nextHandoff,
    session: await loadSessionFacts(db, { id: row.id, sessionId: row.sessionId, runtime: row.runtime }),
  });
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
  return conventionOf(
    rows.map((row) => ({
      path: row.path,
      date: row.date,
      timestamp: row.timestamp?.getTime() ?? null,
      fileTime: row.committed ? (row.commitTime?.getTime() ?? null) : (row.fileMtime?.getTime() ?? null),
    })),
    resumedPath,
  );
}

/** The convention of a repo's live handoffs, newest first by the protocol's order. */
export function conventionOf(handoffs: readonly { path: string; date: string | null; timestamp: number | null; fileTime: number | null }[], resumedPath: string): HandoffConvention {
  const times = handoffs.map((handoff) => ({ ...handoff, nameDate: handoff.date === null ? fileNameDate(handoff.path) : null }));
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
