import { finding, type Finding } from "../../findings";
import { normaliseRuntime } from "../handoff-path";
import type { HandoffIdentity, IdentityCandidate, IdentityEvidence, IdentityField } from "../types";
import { MODEL_FAMILY } from "./model-names";
import { isValidBranchName } from "./ref-name";

/**
 * The repository's word on identity candidates (identity-candidates.ts). Pure: the scan and `baton lint`
 * pass what git says (lib/server/ingest/identity-facts.ts). Labels stay as read; candidates only fill the
 * fields labels left empty, each when the repository confirms it:
 *
 * - HEAD: a sha under a qualified label (`Current Alembic head`) that resolves nowhere is dropped; then a candidate sha that resolves to a commit of the repo (strongest evidence first: `branch @ sha`,
 *   a sha beside a commit word, a sha alone on its line). A sha that does not resolve is reported
 *   (`identity-sha-unconfirmed`, info) and not read; where git cannot tell (a shallow clone, no git) only a
 *   sha beside a commit word or a branch is taken.
 * - Branch: from `branch @ sha` (or `dev = main = sha`), a valid branch name (`git check-ref-format --branch`),
 *   taken when such a ref exists or its sha is a commit of the repo; a name in a code span after a branch word
 *   (`Branch \`feature/x\`, clean tree`) is taken as written, the first one of the identity area.
 * - Session id: the one UUID or `session_…` id of the identity area (two different ones decide nothing).
 * - Runtime and model: a `Runtime (Model)` pair whose model names a family of the model table.
 */

export interface IdentityFacts {
  /** True when the sha (or prefix) is a commit of the repo, false when it is not, undefined when git cannot tell. */
  commitExists(sha: string): boolean | undefined;
  /** True when a local or remote-tracking branch of that short name exists. */
  refExists(name: string): boolean;
}

export const SHA_UNCONFIRMED_RULE = "identity-sha-unconfirmed";

const HEAD_ORDER: IdentityEvidence[] = ["branch-at-sha", "near-commit-word", "alone"];

export function confirmIdentity(identity: HandoffIdentity, facts: IdentityFacts): { identity: HandoffIdentity; findings: Finding[] } {
  const candidates = identity.candidates ?? [];
  const qualifiedSha = identity.headSha !== null && identity.evidence?.headSha === "qualified-label";
  if (candidates.length === 0 && !qualifiedSha) return { identity, findings: [] };
  const result: HandoffIdentity = { ...identity, lines: { ...identity.lines }, evidence: { ...identity.evidence } };
  const findings: Finding[] = [];
  let dropped: string | null = null;
  // A qualified label's sha (`Current Alembic head: 4e1f2a3b5c84`) that is no commit of the repository names
  // something else (a migration, an image); a candidate that is one may take its place.
  if (result.headSha !== null && result.evidence?.headSha === "qualified-label" && facts.commitExists(result.headSha) === false) {
    findings.push(finding(SHA_UNCONFIRMED_RULE, "info", result.lines?.headSha ?? null, `${result.headSha} looks like a commit but is not one of this repository's; not read as HEAD.`));
    dropped = result.headSha;
    result.headSha = null;
    result.headShaRaw = null;
    delete result.evidence!.headSha;
    delete result.lines!.headSha;
  }

  const take = (field: IdentityField, candidate: IdentityCandidate) => {
    result.lines![field] = candidate.line;
    result.evidence![field] = candidate.evidence;
  };
  const of = (field: IdentityField) => candidates.filter((candidate) => candidate.field === field);

  const confirmedShas = new Set<string>();
  if (result.headSha === null) {
    const shas = of("headSha").sort((a, b) => HEAD_ORDER.indexOf(a.evidence) - HEAD_ORDER.indexOf(b.evidence) || a.line - b.line);
    for (const candidate of shas) {
      if (candidate.value === dropped) continue;
      const exists = facts.commitExists(candidate.value);
      if (exists === false) {
        findings.push(
          finding(SHA_UNCONFIRMED_RULE, "info", candidate.line, `${candidate.value} looks like a commit but is not one of this repository's; not read as HEAD.`),
        );
        continue;
      }
      if (exists === undefined && candidate.evidence === "alone") continue;
      if (exists === true) confirmedShas.add(candidate.value);
      result.headSha = candidate.value;
      result.headShaRaw = candidate.value;
      take("headSha", candidate);
      break;
    }
  } else {
    for (const candidate of of("headSha")) if (candidate.value === result.headSha) confirmedShas.add(candidate.value);
  }

  if (result.branch === null) {
    for (const candidate of of("branch")) {
      if (!isValidBranchName(candidate.value)) continue;
      const pairedSha = candidates.find((other) => other.field === "headSha" && other.line === candidate.line && other.evidence === "branch-at-sha");
      const pairConfirmed = pairedSha !== undefined && (confirmedShas.has(pairedSha.value) || facts.commitExists(pairedSha.value) === true);
      // A name in a code span right after a branch word is read as written (the branch may since have been
      // deleted or never pushed); an existing ref only adds trust. A bare `name @ sha` needs the repo's word.
      const isNamedAsBranch = candidate.evidence === "after-branch-word";
      if (!isNamedAsBranch && !facts.refExists(candidate.value) && !pairConfirmed) continue;
      result.branch = candidate.value;
      take("branch", candidate);
      break;
    }
  }

  if (result.sessionId === null && (result.sessionIdRaw ?? null) === null) {
    const ids = [...new Set(of("sessionId").map((candidate) => candidate.value))];
    const only = of("sessionId")[0];
    if (ids.length === 1 && only !== undefined) {
      result.sessionId = only.value;
      result.sessionIdRaw = only.value;
      take("sessionId", only);
    }
  }

  if (result.runtime === null || result.model === null) {
    for (const candidate of of("model")) {
      const runtime = candidates.find((other) => other.field === "runtime" && other.line === candidate.line && other.evidence === "runtime-model");
      if (runtime === undefined || !MODEL_FAMILY.test(candidate.value)) continue;
      if (result.runtime === null) {
        result.runtime = normaliseRuntime(runtime.value);
        result.runtimeRaw = runtime.value;
        take("runtime", runtime);
      }
      if (result.model === null) {
        result.model = candidate.value;
        take("model", candidate);
      }
      break;
    }
  }
  return { identity: result, findings };
}
