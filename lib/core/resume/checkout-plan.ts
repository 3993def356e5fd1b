import { isValidBranchName, isValidRemoteName } from "./git-names";
import type { ResumeInput } from "./resume-input";
import { literal, type ShellWord } from "./shell-quote";

export type CheckoutPlan =
  | { kind: "checkout"; branch: string; words: ShellWord[] }
  | { kind: "create-tracking"; branch: string; upstream: string; words: ShellWord[] }
  /** No branch holds the handoff: it only exists in this working tree, so stay where it is. */
  | { kind: "stay"; words: null }
  | { kind: "invalid"; words: null; problem: string };

/**
 * How to get onto the branch that holds the handoff. Always a branch, never a
 * bare sha: a detached HEAD would leave the resuming agent's commits on no
 * branch, and the next handoff could not be pushed.
 */
export function planCheckout(input: Pick<ResumeInput, "branch" | "branchIsRemoteOnly" | "remote">): CheckoutPlan {
  const { branch, branchIsRemoteOnly, remote } = input;
  if (branch === null) return { kind: "stay", words: null };
  if (!isValidBranchName(branch)) {
    return { kind: "invalid", words: null, problem: `${JSON.stringify(branch)} is not a valid git branch name` };
  }
  if (!branchIsRemoteOnly) {
    return { kind: "checkout", branch, words: [literal("git"), literal("checkout"), branch] };
  }
  if (!isValidRemoteName(remote)) {
    return { kind: "invalid", words: null, problem: `${JSON.stringify(remote)} is not a valid git remote name` };
  }
  const upstream = `${remote}/${branch}`;
  return {
    kind: "create-tracking",
    branch,
    upstream,
    words: [literal("git"), literal("checkout"), literal("-b"), branch, literal("--track"), upstream],
  };
}

/** `cd` to the repository; a relative path gets `./` so neither CDPATH nor a leading `-` can redirect it. */
export function changeDirectoryWords(repoPath: string): ShellWord[] {
  const target = repoPath.startsWith("/") ? repoPath : `./${repoPath}`;
  return [literal("cd"), target];
}
