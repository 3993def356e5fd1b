/**
 * What git says about a batch of handoffs' identity candidates (lib/core/handoff/identity): which
 * candidate shas are commits of the repo (one `cat-file --batch-check`) and which branch names exist as
 * refs. Used by the scan and by `baton lint`, then lib/core's confirmIdentity decides.
 */
import type { IdentityFacts } from "../../core/handoff/identity/confirm-identity";
import type { ParsedHandoff } from "../../core/handoff/types";
import { existingCommits, type GitRef } from "../git";

export async function loadIdentityFacts(
  repoPath: string | null,
  options: { refs: readonly GitRef[]; isShallow: boolean; parsed: Iterable<ParsedHandoff> },
): Promise<IdentityFacts> {
  const shas = new Set<string>();
  for (const parsed of options.parsed) {
    const { identity } = parsed;
    // A qualified label's sha is asked too (confirm-identity.ts): it gives way when it is no commit.
    if (identity.headSha !== null && identity.evidence?.headSha === "qualified-label") shas.add(identity.headSha);
    else if (identity.headSha !== null) continue;
    for (const candidate of identity.candidates ?? []) if (candidate.field === "headSha") shas.add(candidate.value);
  }
  const commits = repoPath === null || shas.size === 0 ? new Map<string, boolean>() : await existingCommits(repoPath, [...shas]);
  const branches = new Set<string>();
  for (const ref of options.refs) {
    branches.add(ref.name);
    // `origin/feat/x` is the branch `feat/x` as the remote has it.
    if (ref.isRemote) branches.add(ref.name.slice(ref.name.indexOf("/") + 1));
  }
  return {
    commitExists: (sha) => {
      const exists = commits.get(sha);
      // Missing from a shallow clone, or no git at all: git cannot tell.
      if (exists === undefined || (exists === false && (options.isShallow || repoPath === null))) return undefined;
      return exists;
    },
    refExists: (name) => branches.has(name),
  };
}
