import type { ParsedHandoff } from "../handoff/types";
import type { HandoffConvention } from "./handoff-convention";

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
  /**
   * With `branchIsRemoteOnly`: false when no configured remote fetches into
   * `refs/remotes/<remote>/<branch>` (a remote removed after fetching, refs copied from a mirror), so
   * `git checkout --track` would fail with "not a branch"; the command then uses the full ref name and
   * `--no-track`. Absent or true: a normal remote-tracking branch.
   */
  remoteIsTracked?: boolean;
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
  /**
   * The handoff's markdown as stored (secrets masked), or null/absent: the next action is then quoted
   * from the parser's plain text instead of as written (numbered steps and code spans are lost).
   */
  markdown?: string | null;
  /** How the repo names its handoffs (handoff-convention.ts), for where the next one goes; absent → the protocol's path. */
  nextHandoff?: HandoffConvention | null;
  session?: ResumeSessionFacts | null;
}
