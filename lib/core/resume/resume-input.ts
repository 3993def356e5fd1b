import type { ParsedHandoff } from "../handoff/types";

/** What Baton knows about the session that wrote the handoff, from `scan --agents`. */
export interface ResumeSessionFacts {
  /** True when that session's log was found on the machine Baton runs on. */
  hasLocalLog: boolean;
  /** Largest prompt the session sent, in tokens, or null when unknown. */
  peakContextTokens: number | null;
  /** The model's context window, or null when unknown (never guessed). */
  contextWindow: number | null;
}

export interface ResumeInput {
  /** The repository root as registered (absolute path). */
  repoPath: string;
  /** Repo-relative path of the handoff, forward slashes. */
  handoffPath: string;
  /**
   * Local short name of the branch that holds the handoff (`feat/x`), or null
   * when no branch holds it (an uncommitted working-tree file): the command
   * then stays on the current checkout.
   */
  branch: string | null;
  /** True when only `<remote>/<branch>` exists, so the local branch must be created. */
  branchIsRemoteOnly: boolean;
  /** The remote that holds the branch when it is remote-only; "origin" normally. */
  remote: string;
  /**
   * With `branchIsRemoteOnly`: a local branch of the same name exists (it does not hold this version
   * of the handoff, so it is behind or diverged), and the command fast-forwards it instead of
   * creating it.
   */
  localBranchExists?: boolean;
  /** HEAD sha as the handoff's identity section records it. */
  headSha: string | null;
  /** The commit that added the handoff (or the sha it records for itself). */
  ownCommitSha: string | null;
  /** Session id as written in the handoff; null when absent or `unknown`. */
  sessionId: string | null;
  /** Runtime slug of the handoff (folder or identity), e.g. `claude-code`. */
  handoffRuntime: string | null;
  /** The parsed handoff, already secret-masked. */
  parsed: ParsedHandoff;
  session?: ResumeSessionFacts | null;
}
