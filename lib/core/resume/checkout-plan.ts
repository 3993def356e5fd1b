import { isValidBranchName, isValidRemoteName } from "./git-names";
import type { ResumeInput } from "./resume-input";
import { literal, type ShellWord } from "./shell-quote";

export type CheckoutPlan =
  | { kind: "checkout"; branch: string; commands: ShellWord[][] }
  | { kind: "create-tracking"; branch: string; upstream: string; commands: ShellWord[][] }
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
export function planCheckout(input: Pick<ResumeInput, "branch" | "branchIsRemoteOnly" | "remote" | "localBranchExists">): CheckoutPlan {
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
  const upstream = `${remote}/${branch}`;
  if (input.localBranchExists === true) {
    return { kind: "fast-forward", branch, upstream, commands: [checkout, [literal("git"), literal("merge"), literal("--ff-only"), upstream]] };
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
