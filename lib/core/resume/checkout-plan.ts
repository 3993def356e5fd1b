import { isValidBranchName, isValidRemoteName } from "./git-names";
import type { ResumeInput } from "./resume-input";
import { literal, type ShellWord } from "../text/shell-quote";

export type CheckoutPlan =
  | { kind: "checkout"; branch: string; commands: ShellWord[][] }
  | { kind: "create-tracking"; branch: string; upstream: string; commands: ShellWord[][] }
  /**
   * Only a remote-tracking ref holds the handoff and no configured remote fetches into it, so git
   * refuses `--track` ("starting point … is not a branch"): create the local branch from the full ref
   * name with `--no-track`. The new branch has no upstream until it is pushed with `-u`.
   */
  | { kind: "create-untracked"; branch: string; upstream: string; commands: ShellWord[][] }
  /**
   * Only the remote-tracking branch holds the handoff but a local branch of that name exists (behind
   * it): check that out and fast-forward it. `--ff-only` refuses a local branch that diverged, so
   * nothing is ever merged or lost on the user's behalf.
   */
  | { kind: "fast-forward"; branch: string; upstream: string; commands: ShellWord[][] }
  /** No branch holds the handoff: it only exists in this working tree, so stay where it is. */
  | { kind: "stay"; commands: null }
  | { kind: "invalid"; commands: null; problem: string };

/**
 * How to get onto the branch that holds the handoff. Always a branch, never a
 * bare sha: a detached HEAD would leave the resuming agent's commits on no
 * branch, and the next handoff could not be pushed.
 */
export function planCheckout(input: Pick<ResumeInput, "branch" | "branchIsRemoteOnly" | "remote" | "localBranchExists" | "remoteIsTracked">): CheckoutPlan {
  const { branch, branchIsRemoteOnly, remote } = input;
  if (branch === null) return { kind: "stay", commands: null };
  if (!isValidBranchName(branch)) {
    return { kind: "invalid", commands: null, problem: `${JSON.stringify(branch)} is not a valid git branch name` };
  }
  const checkout: ShellWord[] = [literal("git"), literal("checkout"), branch];
  if (!branchIsRemoteOnly) return { kind: "checkout", branch, commands: [checkout] };
  if (!isValidRemoteName(remote)) {
    return { kind: "invalid", commands: null, problem: `${JSON.stringify(remote)} is not a valid git remote name` };
  }
  const isTracked = input.remoteIsTracked !== false;
  // Without a remote that fetches into it, the short name may not even resolve the same way: use the full ref.
  const upstream = isTracked ? `${remote}/${branch}` : `refs/remotes/${remote}/${branch}`;
  if (input.localBranchExists === true) {
    return { kind: "fast-forward", branch, upstream, commands: [checkout, [literal("git"), literal("merge"), literal("--ff-only"), upstream]] };
  }
  if (!isTracked) {
    return {
      kind: "create-untracked",
      branch,
      upstream,
      commands: [[literal("git"), literal("checkout"), literal("-b"), branch, literal("--no-track"), upstream]],
    };
  }
  return {
    kind: "create-tracking",
    branch,
    upstream,
    commands: [[literal("git"), literal("checkout"), literal("-b"), branch, literal("--track"), upstream]],
  };
}

/** `cd` to the repository; a relative path gets `./` so neither CDPATH nor a leading `-` can redirect it. */
export function changeDirectoryWords(repoPath: string): ShellWord[] {
  const target = repoPath.startsWith("/") ? repoPath : `./${repoPath}`;
  return [literal("cd"), target];
}
