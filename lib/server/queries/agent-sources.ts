/**
 * The agent log folders and seed state Baton reads (the Sources page): each registered root that is
 * not a repo, with its files, failures, issues, sessions and the record types it did not know.
 */
import type { Db } from "../db/client";
import { parseJsonOr } from "../sessions/session-ids";
import { listed } from "./session-list";

export interface AgentSourceItem {
  id: string;
  kind: string;
  root: string;
  label: string;
  lastScanAt: string | null;
  lastStatus: string | null;
  lastError: string | null;
  files: number;
  failedFiles: number;
  issues: number;
  sessions: number;
  unknownTypes: Record<string, number>;
}

/** Every registered root that is not a repo: agent log folders and the repos' seed state. */
export async function listAgentSources(db: Db): Promise<AgentSourceItem[]> {
  const sources = await db.source.findMany({
    where: { kind: { not: "repo" } },
    select: { id: true, kind: true, root: true, label: true, lastScanAt: true, lastStatus: true, lastError: true, _count: { select: { issues: true } } },
    orderBy: [{ kind: "asc" }, { root: "asc" }],
  });
  const ids = sources.map((source) => source.id);
  const [fileCounts, sessionCounts, drift] = await Promise.all([
    db.fileState.groupBy({ by: ["sourceId", "status"], where: { sourceId: { in: ids } }, _count: { _all: true } }),
    db.agentSession.groupBy({ by: ["sourceId"], where: { sourceId: { in: ids }, ...listed }, _count: { _all: true } }),
    db.fileState.findMany({ where: { sourceId: { in: ids }, unknownTypes: { not: "{}" } }, select: { sourceId: true, unknownTypes: true } }),
  ]);
  return sources.map((source) => {
    const unknownTypes: Record<string, number> = {};
    for (const file of drift.filter((entry) => entry.sourceId === source.id)) {
      for (const [type, count] of Object.entries(parseJsonOr<Record<string, number>>(file.unknownTypes, {}))) unknownTypes[type] = (unknownTypes[type] ?? 0) + count;
    }
    const files = fileCounts.filter((entry) => entry.sourceId === source.id);
    return {
      id: source.id,
      kind: source.kind,
      root: source.root,
      label: source.label,
      lastScanAt: source.lastScanAt?.toISOString() ?? null,
      lastStatus: source.lastStatus,
      lastError: source.lastError,
      files: files.filter((entry) => entry.status !== "gone").reduce((total, entry) => total + entry._count._all, 0),
      failedFiles: files.filter((entry) => entry.status === "failed").reduce((total, entry) => total + entry._count._all, 0),
      issues: source._count.issues,
      sessions: sessionCounts.find((entry) => entry.sourceId === source.id)?._count._all ?? 0,
      unknownTypes,
    };
  });
}
