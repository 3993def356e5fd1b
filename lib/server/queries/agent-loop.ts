/**
 * What Baton's hooks did, as the dashboard shows it (AgentLoopEvent rows, read in by `scan --agents`):
 * guard instructions on a session's burn chart, "resumed by session … through the hook" on a
 * handoff's page, and the overview's on-time rate.
 */
import type { HandoffResume, LoopOverview, SessionLoopEvent } from "../../core/agent-loop/loop-views";
import { onTimeRate } from "../../core/agent-loop/on-time";
import type { Db } from "../db/client";

export type { HandoffResume, LoopOverview, SessionLoopEvent };

export async function sessionLoopEvents(db: Db, session: { runtime: string; externalId: string }): Promise<SessionLoopEvent[]> {
  const rows = await db.agentLoopEvent.findMany({
    where: { runtime: session.runtime, sessionExternalId: session.externalId },
    select: { kind: true, at: true, percent: true, threshold: true, targetPath: true, handoffPath: true, handoffId: true, source: true, delivered: true },
    orderBy: [{ at: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...row, kind: row.kind === "guard-instruction" ? "guard-instruction" : "resume-injected", t: row.at.getTime() }));
}

/**
 * Sessions given this handoff's resume prompt by the session-start hook, oldest first: the records
 * naming its id (this machine's own hooks), or its path and blob sha (the same on every machine: the
 * records a teammate's `baton push` brought, whose handoff ids were their checkout's).
 */
export async function handoffResumes(db: Db, handoff: { id: string; path: string; blobSha: string }): Promise<HandoffResume[]> {
  const rows = await db.agentLoopEvent.findMany({
    where: { kind: "resume-injected", OR: [{ handoffId: handoff.id }, { handoffPath: handoff.path, handoffBlobSha: handoff.blobSha }] },
    select: { runtime: true, sessionExternalId: true, at: true, source: true, delivered: true },
    orderBy: { at: "asc" },
  });
  const externalIds = [...new Set(rows.map((row) => row.sessionExternalId).filter((id): id is string => id !== null))];
  const sessions = externalIds.length === 0 ? [] : await db.agentSession.findMany({ where: { externalId: { in: externalIds }, parentId: null, supersededById: null }, select: { id: true, runtime: true, externalId: true } });
  const byKey = new Map(sessions.map((session) => [`${session.runtime}\0${session.externalId}`, session.id]));
  return rows.map((row) => ({
    runtime: row.runtime,
    sessionExternalId: row.sessionExternalId,
    sessionId: row.sessionExternalId === null ? null : (byKey.get(`${row.runtime}\0${row.sessionExternalId}`) ?? null),
    at: row.at.toISOString(),
    source: row.source,
    delivered: row.delivered,
  }));
}

/** The on-time rate over the sessions the guard asked (docs/agent-loop.md, "What is recorded"). */
export async function loopOverview(db: Db): Promise<LoopOverview> {
  const [asked, resumesInjected] = await Promise.all([
    db.agentLoopEvent.groupBy({ by: ["runtime", "sessionExternalId"], where: { kind: "guard-instruction", sessionExternalId: { not: null } }, _min: { at: true } }),
    db.agentLoopEvent.count({ where: { kind: "resume-injected", delivered: { not: "reminder" } } }),
  ]);
  const externalIds = [...new Set(asked.map((row) => row.sessionExternalId!))];
  const sessions = externalIds.length === 0 ? [] : await db.agentSession.findMany({ where: { externalId: { in: externalIds }, parentId: null, supersededById: null }, select: { id: true, runtime: true, externalId: true } });
  const byKey = new Map(sessions.map((session) => [`${session.runtime}\0${session.externalId}`, session.id]));
  const matched = asked
    .map((row) => ({ id: byKey.get(`${row.runtime}\0${row.sessionExternalId}`), askedAt: row._min.at?.getTime() ?? null }))
    .filter((row): row is { id: string; askedAt: number } => row.id !== undefined && row.askedAt !== null);
  const ids = matched.map((row) => row.id);
  const [compactions, links] = ids.length === 0
    ? [[], []]
    : await Promise.all([
        db.compaction.findMany({ where: { sessionId: { in: ids }, agentId: "" }, select: { sessionId: true, timestampMs: true } }),
        db.sessionHandoffLink.findMany({ where: { sessionId: { in: ids } }, select: { sessionId: true, handoff: { select: { timestamp: true, commitTime: true, fileMtime: true } } } }),
      ]);
  const rate = onTimeRate(
    matched.map((row) => ({
      session: row.id,
      askedAt: row.askedAt,
      compactions: compactions.filter((compaction) => compaction.sessionId === row.id && compaction.timestampMs !== null).map((compaction) => compaction.timestampMs!),
      handoffs: links
        .filter((link) => link.sessionId === row.id)
        .map((link) => (link.handoff.timestamp ?? link.handoff.commitTime ?? link.handoff.fileMtime)?.getTime() ?? null)
        .filter((time): time is number => time !== null),
    })),
  );
  return { ...rate, unmatched: asked.length - matched.length, resumesInjected };
}
