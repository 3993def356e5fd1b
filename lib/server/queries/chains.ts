import { buildChains, type ChainNode } from "../../core/chains/build-chains";
import type { Db } from "../db/client";

export interface RepoChainData {
  repoId: string;
  repoPath: string;
  nodes: (ChainNode & { runtime: string | null; phase: string | null; errorCount: number; warningCount: number; nextAction: string | null; sessionId: string | null })[];
  result: ReturnType<typeof buildChains>;
}

/** Chain facts of one repo, rebuilt from stored handoffs with the same pure builder ingest uses. */
export async function loadRepoChains(db: Db, repoId: string): Promise<RepoChainData> {
  const repo = await db.repo.findUniqueOrThrow({ where: { id: repoId }, select: { path: true } });
  const handoffs = await db.handoff.findMany({
    where: { repoId, isGone: false },
    select: {
      id: true,
      path: true,
      previousPath: true,
      date: true,
      fileMtime: true,
      commitTime: true,
      inWorkingTree: true,
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
  const nodes = handoffs.map((handoff) => ({
    id: handoff.id,
    path: handoff.path,
    previousPath: handoff.previousPath,
    branches: (occurrences.get(handoff.id) ?? []).filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort(),
    inWorkingTree: handoff.inWorkingTree,
    date: handoff.date,
    fileTime: (handoff.inWorkingTree ? handoff.fileMtime : handoff.commitTime)?.getTime() ?? handoff.commitTime?.getTime() ?? null,
    runtime: handoff.runtime,
    phase: handoff.phase,
    errorCount: handoff.errorCount,
    warningCount: handoff.warningCount,
    nextAction: handoff.nextAction,
    sessionId: handoff.sessionId,
  }));
  return { repoId, repoPath: repo.path, nodes, result: buildChains(nodes) };
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
