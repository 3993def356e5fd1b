import type { ChainBuildResult, ChainNode } from "../../core/chains/build-chains";
import { fileNameDate, handoffFileTime, isDayOnlyTimestamp, nameSaysCurrent } from "../../core/chains/handoff-order";
import { emptyChainResult, readStoredChains } from "../../core/chains/stored-chains";
import { hasHandoffStructure } from "../../core/handoff/documents/handoff-signals";
import { readLogEntries } from "../../core/handoff/documents/log-entries";
import type { Db } from "../db/client";

export interface RepoChainData {
  repoId: string;
  repoPath: string;
  nodes: (ChainNode & {
    runtime: string | null;
    phase: string | null;
    /** What the handoff's first heading says, or null. */
    title: string | null;
    /** The day a person sees (date folder, else the day of the handoff's own timestamp), or null. */
    day: string | null;
    /** An append-only log's entries, oldest or newest first as written, and which one is read; null for a handoff that is not one. */
    log: ReturnType<typeof readLogEntries>;
    errorCount: number;
    warningCount: number;
    nextAction: string | null;
    sessionId: string | null;
    /** Where the handoff marks itself deprecated/superseded, or null when it does not. */
    deprecation: string | null;
  })[];
  /** As the last scan derived it (Repo.chains); empty until a scan has stored it. */
  result: ChainBuildResult;
  /** False when no scan since the upgrade has stored the repo's chains (`baton scan` stores them). */
  isStored: boolean;
}

/**
 * Chain facts of one repo: the stored handoffs and the chains the scan derived and stored whole
 * (lib/server/ingest/derive-repo.ts). Nothing is rebuilt or re-read here.
 */
export async function loadRepoChains(db: Db, repoId: string): Promise<RepoChainData> {
  const repo = await db.repo.findUniqueOrThrow({ where: { id: repoId }, select: { path: true, chains: true } });
  const handoffs = await db.handoff.findMany({
    where: { repoId, isGone: false },
    select: {
      id: true,
      path: true,
      previousPath: true,
      date: true,
      day: true,
      logEntries: true,
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
      title: true,
      errorCount: true,
      warningCount: true,
      nextAction: true,
      sessionId: true,
    },
    orderBy: { path: "asc" },
  });
  const occurrences = await loadOccurrences(db, repoId);
  const nodes = handoffs.map((handoff) => {
    const branches = (occurrences.get(handoff.id) ?? []).filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort();
    const deprecation = handoff.deprecation || null;
    return {
      id: handoff.id,
      path: handoff.path,
      previousPath: handoff.previousPath,
      branches,
      inWorkingTree: handoff.inWorkingTree,
      date: handoff.date,
      day: handoff.day,
      log: readLogEntries(handoff.logEntries),
      nameDate: handoff.date === null ? fileNameDate(handoff.path) : null,
      isNamedCurrent: nameSaysCurrent(handoff.path),
      timestamp: handoff.timestamp?.getTime() ?? null,
      timestampIsDay: isDayOnlyTimestamp(handoff.timestamp?.getTime(), handoff.timestampZone),
      hasStructure: hasHandoffStructure(handoff),
      fileTime: handoffFileTime({ isCommitted: branches.length > 0, commitTime: handoff.commitTime?.getTime() ?? null, fileMtime: handoff.fileMtime?.getTime() ?? null }),
      isDeprecated: deprecation !== null,
      deprecation,
      runtime: handoff.runtime,
      phase: handoff.phase,
      title: handoff.title,
      errorCount: handoff.errorCount,
      warningCount: handoff.warningCount,
      nextAction: handoff.nextAction,
      sessionId: handoff.sessionId,
    };
  });
  const stored = readStoredChains(repo.chains);
  return { repoId, repoPath: repo.path, nodes, result: stored ?? emptyChainResult(), isStored: stored !== null };
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
