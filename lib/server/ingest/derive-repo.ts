/**
 * Everything Baton derives from stored facts of one repo, recomputed after any change so a rescan can
 * redo it: where each content is held (committed, in the working tree, gone), the commit that first
 * added it, chains from resume pointers, lint with the repo's facts, and whether each handoff marks
 * itself deprecated/superseded.
 */
import { buildChains, type ChainNode } from "../../core/chains/build-chains";
import { handoffFileTime, isDayOnlyTimestamp } from "../../core/chains/handoff-order";
import type { Finding } from "../../core/findings";
import { describeDeprecation, detectDeprecation } from "../../core/handoff/documents/deprecation";
import { hasHandoffStructure, structureFields } from "../../core/handoff/documents/handoff-signals";
import { lintHandoff } from "../../core/handoff/lint-handoff";
import type { BulkWriter, Row } from "../db/bulk";
import { blobIntroductions, existingCommits } from "../git";
import type { StoredHandoffAnalysis } from "./process-handoff";
import { truthy } from "./repo-store";

export interface DeriveResult {
  handoffs: number;
  gone: number;
  chains: number;
  findings: number;
}

interface HandoffFacts {
  id: string;
  path: string;
  blobSha: string;
  previousPath: string | null;
  date: string | null;
  fileMtime: unknown;
  timestamp: unknown;
  commitSha: string | null;
  commitTime: unknown;
  headSha: string | null;
  parsed: string;
  deprecation: string | null;
  isGone: unknown;
  committed: unknown;
  inWorkingTree: unknown;
}

const toMs = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const time = value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
  return Number.isNaN(time) ? null : time;
};

export async function deriveRepo(
  bulk: BulkWriter,
  { repoId, repoPath, isShallow, prefixes }: { repoId: string; repoPath: string; isShallow: boolean; prefixes: string[] },
): Promise<DeriveResult> {
  const handoffs = await bulk.query<HandoffFacts>(
    `SELECT "id", "path", "blobSha", "previousPath", "date", "fileMtime", "timestamp", "commitSha", "commitTime", "headSha", "parsed", "deprecation", "isGone", "committed", "inWorkingTree"
     FROM "Handoff" WHERE "repoId" = ?`,
    [repoId],
  );
  const occurrences = await bulk.query<{ handoffId: string; kind: string; ref: string }>(
    `SELECT o."handoffId", o."kind", o."ref" FROM "HandoffOccurrence" o JOIN "Handoff" h ON h."id" = o."handoffId" WHERE h."repoId" = ?`,
    [repoId],
  );
  const held = new Map<string, { branches: string[]; inWorkingTree: boolean }>();
  for (const occurrence of occurrences) {
    const entry = held.get(occurrence.handoffId) ?? { branches: [], inWorkingTree: false };
    if (occurrence.kind === "worktree") entry.inWorkingTree = true;
    else entry.branches.push(occurrence.ref);
    held.set(occurrence.handoffId, entry);
  }

  // The commit that first added each committed content (one git log for all that lack it).
  const needsIntroduction = new Set(handoffs.filter((handoff) => !handoff.commitSha && (held.get(handoff.id)?.branches.length ?? 0) > 0).map((handoff) => handoff.blobSha));
  const introductions = await blobIntroductions(repoPath, prefixes, needsIntroduction);

  const analyses = new Map<string, StoredHandoffAnalysis>();
  for (const handoff of handoffs) analyses.set(handoff.id, JSON.parse(handoff.parsed) as StoredHandoffAnalysis);
  const headShas = [...new Set(handoffs.map((handoff) => handoff.headSha).filter((sha): sha is string => Boolean(sha)))];
  const commitExists = await existingCommits(repoPath, headShas);

  // "" = checked and not marked; the text is what the UI and resume show for a marked one. A row's content
  // never changes (a new content is a new row), so only rows not checked yet (null) are read and checked.
  const deprecations = new Map<string, string>();
  for (const handoff of handoffs) if (handoff.deprecation !== null) deprecations.set(handoff.id, handoff.deprecation);
  if (deprecations.size < handoffs.length) {
    const unchecked = await bulk.query<{ id: string; content: string }>(`SELECT "id", "content" FROM "Handoff" WHERE "repoId" = ? AND "deprecation" IS NULL`, [repoId]);
    for (const row of unchecked) deprecations.set(row.id, describeDeprecation(detectDeprecation(row.content ?? "")));
  }

  const live = handoffs.filter((handoff) => held.has(handoff.id));
  const nodes: ChainNode[] = live.map((handoff) => {
    const where = held.get(handoff.id)!;
    const introduction = introductions.get(handoff.blobSha);
    return {
      id: handoff.id,
      path: handoff.path,
      previousPath: handoff.previousPath,
      branches: where.branches,
      inWorkingTree: where.inWorkingTree,
      date: handoff.date,
      timestamp: toMs(handoff.timestamp),
      timestampIsDay: isDayOnlyTimestamp(toMs(handoff.timestamp), analyses.get(handoff.id)!.parsed.identity.timestampZone),
      hasStructure: hasHandoffStructure(structureFields(analyses.get(handoff.id)!.parsed, handoff.previousPath)),
      // A committed content's time is its commit's, also when the same bytes are in the working tree
      // (after a fresh clone every mtime is the clone's); the mtime only for uncommitted/modified files.
      fileTime: handoffFileTime({
        isCommitted: where.branches.length > 0,
        commitTime: toMs(handoff.commitTime) ?? introduction?.time ?? null,
        fileMtime: toMs(handoff.fileMtime),
      }),
      isDeprecated: deprecations.get(handoff.id) !== "",
    };
  });
  const chains = buildChains(nodes);
  const chainFindings = new Map<string, Finding[]>();
  for (const { nodeId, finding } of chains.findings) chainFindings.set(nodeId, [...(chainFindings.get(nodeId) ?? []), finding]);
  const resolvedFrom = new Set(chains.edges.map((edge) => edge.from));

  const findingRows: Row[] = [];
  const updates: { id: string; values: Row }[] = [];
  const now = new Date();
  for (const handoff of handoffs) {
    const analysis = analyses.get(handoff.id)!;
    const where = held.get(handoff.id);
    const isGone = !where;
    const committed = (where?.branches.length ?? 0) > 0;
    const introduction = introductions.get(handoff.blobSha);
    let findings: Finding[] = [];
    if (!isGone) {
      const headSha = handoff.headSha;
      const exists = headSha ? commitExists.get(headSha) : undefined;
      findings = [
        ...analysis.parseIssues,
        ...analysis.pointerIssues,
        ...lintHandoff(analysis.parsed, {
          path: handoff.path,
          pathInfo: analysis.pathInfo,
          secrets: analysis.secrets,
          isCommitted: committed,
          // A shallow clone may simply not have the commit: that is "not checked", not "absent".
          headShaExists: exists === false && isShallow ? undefined : exists,
          previousResolves: handoff.previousPath ? resolvedFrom.has(handoff.id) : undefined,
        }),
        ...(chainFindings.get(handoff.id) ?? []),
      ];
      for (const finding of findings) findingRows.push([handoff.id, finding.rule, finding.severity, finding.line, finding.message]);
    }
    updates.push({
      id: handoff.id,
      values: [
        committed,
        where?.inWorkingTree ?? false,
        isGone,
        isGone ? (truthy(handoff.isGone) ? null : now) : null,
        handoff.commitSha ?? introduction?.commitSha ?? null,
        handoff.commitSha ? null : introduction ? new Date(introduction.time) : null,
        findings.filter((finding) => finding.severity === "error").length,
        findings.filter((finding) => finding.severity === "warning").length,
        // Distinct values: the masker numbers each value once (`distinctId`); older rows lack it.
        analysis.secrets.length === 0 ? 0 : new Set(analysis.secrets.map((secret) => secret.distinctId ?? `${secret.type}:${secret.last4}`)).size,
        deprecations.get(handoff.id) ?? "",
      ],
    });
  }

  await bulk.transaction(async () => {
    await bulk.execute(`DELETE FROM "HandoffFinding" WHERE "handoffId" IN (SELECT "id" FROM "Handoff" WHERE "repoId" = ?)`, [repoId]);
    await bulk.insert("HandoffFinding", ["handoffId", "rule", "severity", "line", "message"], findingRows);
    for (const update of updates) {
      const [committed, inWorkingTree, isGone, goneAt, commitSha, commitTime, errors, warnings, secrets, deprecation] = update.values;
      await bulk.execute(
        `UPDATE "Handoff" SET "committed" = ?, "inWorkingTree" = ?, "isGone" = ?, "goneAt" = COALESCE(?, CASE WHEN ? THEN "goneAt" ELSE NULL END),
           "commitSha" = ?, "commitTime" = COALESCE(?, "commitTime"), "errorCount" = ?, "warningCount" = ?, "secretCount" = ?, "deprecation" = ?, "updatedAt" = ?
         WHERE "id" = ?`,
        [committed!, inWorkingTree!, isGone!, goneAt!, isGone!, commitSha!, commitTime!, errors!, warnings!, secrets!, deprecation!, now, update.id],
      );
    }
    await bulk.execute(`DELETE FROM "ChainEdge" WHERE "repoId" = ?`, [repoId]);
    const edgeRows: Row[] = chains.edges.map((edge) => [repoId, edge.from, edge.to, null, edge.resolution]);
    for (const chain of chains.chains) for (const broken of chain.broken) edgeRows.push([repoId, broken.from, null, broken.missing, "missing"]);
    await bulk.insert("ChainEdge", ["repoId", "fromId", "toId", "missingPath", "resolution"], edgeRows);
  });

  return { handoffs: live.length, gone: handoffs.length - live.length, chains: chains.chains.length, findings: findingRows.length };
}
