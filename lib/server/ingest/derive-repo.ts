/**
 * Everything Baton derives from stored facts of one repo, recomputed after any change so a rescan can
 * redo it: where each content is held (committed, in the working tree, gone), the commit that first
 * added it, chains from resume pointers, lint with the repo's facts, and whether each handoff marks
 * itself deprecated/superseded.
 */
import { deriveChains } from "../../core/chains/derive-chains";
import type { Finding } from "../../core/findings";
import { storedChainsOf } from "../../core/chains/stored-chains";
import { lintHandoff } from "../../core/handoff/lint-handoff";
import type { BulkWriter, Row } from "../db/bulk";
import { blobIntroductions, commitOffsets, existingCommits } from "../git";
import { handoffDay } from "../../core/chains/handoff-order";
import { atCommitOffset, isLocalDateTime } from "../../core/text/local-time";
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
  { repoId, repoPath, isShallow, prefixes, isExplicit }: { repoId: string; repoPath: string; isShallow: boolean; prefixes: string[]; isExplicit?: (path: string) => boolean },
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
  // A written time with no zone is the writer's clock: read it at the offset of the commit that added the
  // file (lib/core/text/local-time.ts). Recomputed from the stored reading each time, so it stays idempotent.
  const addedBy = (handoff: HandoffFacts) => handoff.commitSha ?? introductions.get(handoff.blobSha)?.commitSha ?? null;
  const unzoned = handoffs.filter((handoff) => isLocalDateTime(analyses.get(handoff.id)!.parsed.identity.timestamp) && addedBy(handoff) !== null);
  const offsets = unzoned.length === 0 ? new Map<string, string>() : await commitOffsets(repoPath, unzoned.map((handoff) => addedBy(handoff)!));
  const zonedTimes = new Map<string, number>();
  for (const handoff of unzoned) {
    const offset = offsets.get(addedBy(handoff)!);
    const time = offset === undefined ? null : atCommitOffset(analyses.get(handoff.id)!.parsed.identity.timestamp!, offset);
    if (time !== null && time !== toMs(handoff.timestamp)) zonedTimes.set(handoff.id, time);
  }
  const timestampOf = (handoff: HandoffFacts) => zonedTimes.get(handoff.id) ?? toMs(handoff.timestamp);
  const headShas = [...new Set(handoffs.map((handoff) => handoff.headSha).filter((sha): sha is string => Boolean(sha)))];
  const commitExists = await existingCommits(repoPath, headShas);

  // Read with the content (process-handoff.ts): "" = not marked; the text is what the UI and resume show.
  const deprecations = new Map(handoffs.map((handoff) => [handoff.id, handoff.deprecation ?? ""]));
  const repo = await bulk.query<{ latestHintPath: string | null }>(`SELECT "latestHintPath" FROM "Repo" WHERE "id" = ?`, [repoId]);

  const live = handoffs.filter((handoff) => held.has(handoff.id));
  const derived = deriveChains(
    live.map((handoff) => {
      const where = held.get(handoff.id)!;
      const introduction = introductions.get(handoff.blobSha);
      const parsed = analyses.get(handoff.id)!.parsed;
      return {
        id: handoff.id,
        path: handoff.path,
        branches: where.branches,
        inWorkingTree: where.inWorkingTree,
        date: handoff.date,
        timestamp: timestampOf(handoff),
        timestampZone: parsed.identity.timestampZone ?? null,
        // A committed content's time is its commit's, also when the same bytes are in the working tree
        // (after a fresh clone every mtime is the clone's); the mtime only for uncommitted/modified files.
        commitTime: toMs(handoff.commitTime) ?? introduction?.time ?? null,
        fileMtime: toMs(handoff.fileMtime),
        parsed,
        isDeprecated: deprecations.get(handoff.id) !== "",
      };
    }),
    { latestHint: repo[0]?.latestHintPath ?? null, isExplicit },
  );
  const chains = derived.result;
  const chainFindings = new Map<string, Finding[]>();
  for (const { nodeId, finding } of chains.findings) chainFindings.set(nodeId, [...(chainFindings.get(nodeId) ?? []), finding]);
  const resolvedFrom = new Set(chains.edges.map((edge) => edge.from));

  /** The previous pointer resolved against the repo's live handoffs; a gone handoff keeps what it had. */
  const previousOf = (handoff: HandoffFacts) => (derived.previous.has(handoff.id) ? derived.previous.get(handoff.id)!.path : handoff.previousPath);
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
          previousResolves: previousOf(handoff) ? resolvedFrom.has(handoff.id) : undefined,
        }),
        ...(chainFindings.get(handoff.id) ?? []),
        ...(derived.companions.has(handoff.id) ? [derived.companions.get(handoff.id)!] : []),
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
        previousOf(handoff),
      ],
    });
  }

  await bulk.transaction(async () => {
    await bulk.execute(`DELETE FROM "HandoffFinding" WHERE "handoffId" IN (SELECT "id" FROM "Handoff" WHERE "repoId" = ?)`, [repoId]);
    await bulk.insert("HandoffFinding", ["handoffId", "rule", "severity", "line", "message"], findingRows);
    for (const update of updates) {
      const [committed, inWorkingTree, isGone, goneAt, commitSha, commitTime, errors, warnings, secrets, deprecation, previousPath] = update.values;
      await bulk.execute(
        `UPDATE "Handoff" SET "committed" = ?, "inWorkingTree" = ?, "isGone" = ?, "goneAt" = COALESCE(?, CASE WHEN ? THEN "goneAt" ELSE NULL END),
           "commitSha" = ?, "commitTime" = COALESCE(?, "commitTime"), "errorCount" = ?, "warningCount" = ?, "secretCount" = ?, "deprecation" = ?,
           "previousPath" = ?, "updatedAt" = ?
         WHERE "id" = ?`,
        [committed!, inWorkingTree!, isGone!, goneAt!, isGone!, commitSha!, commitTime!, errors!, warnings!, secrets!, deprecation!, previousPath!, now, update.id],
      );
    }
    for (const [id, time] of zonedTimes) {
      const handoff = handoffs.find((entry) => entry.id === id)!;
      await bulk.execute(`UPDATE "Handoff" SET "timestamp" = ?, "day" = ? WHERE "id" = ?`, [new Date(time), handoffDay({ date: handoff.date, timestamp: time }), id]);
    }
    await bulk.execute(`DELETE FROM "ChainEdge" WHERE "repoId" = ?`, [repoId]);
    const edgeRows: Row[] = chains.edges.map((edge) => [repoId, edge.from, edge.to, null, edge.resolution]);
    for (const chain of chains.chains) for (const broken of chain.broken) edgeRows.push([repoId, broken.from, null, broken.missing, "missing"]);
    await bulk.insert("ChainEdge", ["repoId", "fromId", "toId", "missingPath", "resolution"], edgeRows);
    await bulk.execute(`UPDATE "Repo" SET "chains" = ? WHERE "id" = ?`, [JSON.stringify(storedChainsOf(chains)), repoId]);
  });

  return { handoffs: live.length, gone: handoffs.length - live.length, chains: chains.chains.length, findings: findingRows.length };
}
