import { buildChains, type ChainNode } from "../../core/chains/build-chains";
import { handoffFileTime, isDayOnlyTimestamp } from "../../core/chains/handoff-order";
import { describeDeprecation, detectDeprecation } from "../../core/handoff/documents/deprecation";
import { hasHandoffStructure } from "../../core/handoff/documents/handoff-signals";
import type { Db } from "../db/client";

export interface RepoChainData {
  repoId: string;
  repoPath: string;
  nodes: (ChainNode & {
    runtime: string | null;
    phase: string | null;
    errorCount: number;
    warningCount: number;
    nextAction: string | null;
    sessionId: string | null;
    /** Where the handoff marks itself deprecated/superseded, or null when it does not. */
    deprecation: string | null;
  })[];
  result: ReturnType<typeof buildChains>;
}

export interface LoadRepoChainsOptions {
  /**
   * Repo-relative path a `LATEST.md` names; defaults to the one discovery stored (`Repo.latestHintPath`).
   * See `BuildChainsOptions.latestHint` for the rule.
   */
  latestHint?: string | null;
}

/** Chain facts of one repo, rebuilt from stored handoffs with the same pure builder ingest uses. */
export async function loadRepoChains(db: Db, repoId: string, options: LoadRepoChainsOptions = {}): Promise<RepoChainData> {
  const repo = await db.repo.findUniqueOrThrow({ where: { id: repoId }, select: { path: true, latestHintPath: true } });
  const handoffs = await db.handoff.findMany({
    where: { repoId, isGone: false },
    select: {
      id: true,
      path: true,
      previousPath: true,
      date: true,
      fileMtime: true,
      commitTime: true,
      timestamp: true,
      timestampZone: true,
      model: true,
      branch: true,
      headSha: true,
      ownCommitSha: true,
      inWorkingTree: true,
      deprecation: true,
      runtime: true,
      phase: true,
      errorCount: true,
      warningCount: true,
      nextAction: true,
      sessionId: true,
    },
    orderBy: { path: "asc" },
  });
  const occurrences = await loadOccurrences(db, repoId);
  const deprecations = await completeDeprecations(db, handoffs);
  const nodes = handoffs.map((handoff) => {
    const branches = (occurrences.get(handoff.id) ?? []).filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort();
    const deprecation = deprecations.get(handoff.id) || null;
    return {
      id: handoff.id,
      path: handoff.path,
      previousPath: handoff.previousPath,
      branches,
      inWorkingTree: handoff.inWorkingTree,
      date: handoff.date,
      timestamp: handoff.timestamp?.getTime() ?? null,
      timestampIsDay: isDayOnlyTimestamp(handoff.timestamp?.getTime(), handoff.timestampZone),
      hasStructure: hasHandoffStructure(handoff),
      fileTime: handoffFileTime({ isCommitted: branches.length > 0, commitTime: handoff.commitTime?.getTime() ?? null, fileMtime: handoff.fileMtime?.getTime() ?? null }),
      isDeprecated: deprecation !== null,
      deprecation,
      runtime: handoff.runtime,
    phase: handoff.phase,
    errorCount: handoff.errorCount,
    warningCount: handoff.warningCount,
      nextAction: handoff.nextAction,
      sessionId: handoff.sessionId,
    };
  });
  return { repoId, repoPath: repo.path, nodes, result: buildChains(nodes, { latestHint: options.latestHint ?? repo.latestHintPath ?? null }) };
}

/**
 * Stored deprecation notes by id ("" = not marked). Rows stored before the column existed hold null
 * until the next change re-derives the repo; their markdown is read and checked here meanwhile, so an
 * upgraded database never offers a superseded handoff as the latest.
 */
async function completeDeprecations(db: Db, handoffs: readonly { id: string; deprecation: string | null }[]): Promise<Map<string, string>> {
  const notes = new Map(handoffs.map((handoff) => [handoff.id, handoff.deprecation]));
  const missing = handoffs.filter((handoff) => handoff.deprecation === null).map((handoff) => handoff.id);
  for (let start = 0; start < missing.length; start += 500) {
    const rows = await db.handoff.findMany({ where: { id: { in: missing.slice(start, start + 500) } }, select: { id: true, content: true } });
    for (const row of rows) notes.set(row.id, describeDeprecation(detectDeprecation(row.content)));
  }
  return new Map([...notes].map(([id, note]) => [id, note ?? ""]));
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Where each live handoff of a repo is held, read with one query (no per-handoff IN list). */
export async function loadOccurrences(db: Db, repoId: string): Promise<Map<string, { kind: string; ref: string }[]>> {
  const rows = await db.handoffOccurrence.findMany({
    where: { handoff: { repoId, isGone: false } },
    select: { handoffId: true, kind: true, ref: true },
  });
  return groupBy(rows, (row) => row.handoffId);
}
