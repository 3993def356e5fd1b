/**
 * Derived after every scan (handoffs and sessions both ingested), recomputed from stored facts:
 *
 * 1. A session's repo: the registered repo whose path contains the session's cwd (the longest such
 *    path, so a nested repo wins over its parent). Seed sessions belong to the repo they were found in.
 * 2. A seed session whose id a runtime's own log also names is folded into that session
 *    (`supersededById`): the log is the better record, and its checkpoints attach to it by id anyway.
 *    Likewise a session received over OpenTelemetry (a Source of kind "otlp": provisional samples)
 *    once the same runtime's session arrives from its log (a scan or `baton push`).
 * 3. Session ↔ handoff links, with how each was made:
 *    - "session-id": the handoff names a session id (as written) that is a session's id, any runtime;
 *    - else "repo-branch-time": the session of the handoff's repo whose branch equals the branch the
 *      handoff names, and which was running when the handoff was written: its time (commit time,
 *      else identity timestamp, else file mtime) falls in [startedAt, endedAt + 10 min]. When several
 *      do, the one whose end is closest to that time (a handoff is written as a session ends).
 */
import { STATE_FILES_KIND } from "../../core/runtimes/runtimes";
import type { BulkWriter } from "../db/bulk";
import { TABLES } from "../db/table-rows";
import { dbTimeToMs } from "./session-ids";

/** A handoff is often committed a little after the session's last logged line. */
export const LINK_GRACE_MS = 10 * 60 * 1000;

export interface LinkResult {
  links: number;
  bySessionId: number;
  byRepoBranchTime: number;
  reposAssigned: number;
}

interface SessionFacts {
  id: string;
  runtime: string;
  externalId: string;
  cwd: string | null;
  branch: string | null;
  repoId: string | null;
  parentId: string | null;
  supersededById: string | null;
  sourceId: string;
  startedAt: unknown;
  endedAt: unknown;
}

interface HandoffFacts {
  id: string;
  repoId: string;
  sessionId: string | null;
  branch: string | null;
  commitTime: unknown;
  timestamp: unknown;
  fileMtime: unknown;
}

export function handoffTimeMs(handoff: { commitTime: unknown; timestamp: unknown; fileMtime: unknown }): number | null {
  return dbTimeToMs(handoff.commitTime) ?? dbTimeToMs(handoff.timestamp) ?? dbTimeToMs(handoff.fileMtime);
}

export async function linkSessions(bulk: BulkWriter): Promise<LinkResult> {
  const repos = await bulk.query<{ id: string; path: string }>(`SELECT "id", "path" FROM "Repo"`);
  const seedSources = await bulk.query<{ id: string; root: string }>(`SELECT "id", "root" FROM "Source" WHERE "kind" = ?`, [STATE_FILES_KIND]);
  const sessions = await bulk.query<SessionFacts>(
    `SELECT "id", "runtime", "externalId", "cwd", "branch", "repoId", "parentId", "supersededById", "sourceId", "startedAt", "endedAt" FROM "AgentSession"`,
  );
  const handoffs = await bulk.query<HandoffFacts>(
    `SELECT "id", "repoId", "sessionId", "branch", "commitTime", "timestamp", "fileMtime" FROM "Handoff" WHERE "isGone" = FALSE`,
  );

  // 1. Repo of each session.
  const byLength = [...repos].sort((a, b) => b.path.length - a.path.length);
  const repoOfPath = new Map(repos.map((repo) => [repo.path, repo.id]));
  const seedRepo = new Map(seedSources.map((source) => [source.id, repoOfPath.get(source.root) ?? null]));
  const repoOf = new Map<string, string | null>();
  for (const session of sessions.filter((entry) => entry.parentId === null)) {
    let repoId: string | null = null;
    if (session.runtime === STATE_FILES_KIND) repoId = seedRepo.get(session.sourceId) ?? null;
    else if (session.cwd) {
      const cwd = session.cwd.replace(/[\\/]+$/, "");
      repoId = byLength.find((repo) => cwd === repo.path || cwd.startsWith(`${repo.path}/`))?.id ?? null;
    }
    repoOf.set(session.id, repoId);
  }
  for (const session of sessions.filter((entry) => entry.parentId !== null)) repoOf.set(session.id, repoOf.get(session.parentId!) ?? null);

  // 2. Seed sessions folded into a runtime's own session with the same id; a session received over
  //    OpenTelemetry (provisional) folded into the same runtime's session read from its log.
  const otlpSources = new Set((await bulk.query<{ id: string }>(`SELECT "id" FROM "Source" WHERE "kind" = 'otlp'`)).map((source) => source.id));
  const runtimeSessions = new Map<string, string>();
  const logSessions = new Map<string, string>();
  for (const session of [...sessions].sort((a, b) => Number(otlpSources.has(a.sourceId)) - Number(otlpSources.has(b.sourceId)) || (a.id < b.id ? -1 : 1))) {
    if (session.parentId !== null || session.runtime === STATE_FILES_KIND) continue;
    if (!runtimeSessions.has(session.externalId)) runtimeSessions.set(session.externalId, session.id);
    const key = `${session.runtime}\0${session.externalId}`;
    if (!otlpSources.has(session.sourceId) && !logSessions.has(key)) logSessions.set(key, session.id);
  }
  const supersededBy = new Map<string, string | null>();
  for (const session of sessions) {
    let by: string | null = null;
    if (session.parentId === null && session.runtime === STATE_FILES_KIND) by = runtimeSessions.get(session.externalId) ?? null;
    else if (session.parentId === null && otlpSources.has(session.sourceId)) by = logSessions.get(`${session.runtime}\0${session.externalId}`) ?? null;
    supersededBy.set(session.id, by);
  }

  let reposAssigned = 0;
  const updates = sessions.filter((session) => (repoOf.get(session.id) ?? null) !== session.repoId || (supersededBy.get(session.id) ?? null) !== session.supersededById);

  // 3. Links.
  const linkable = sessions.filter((session) => session.parentId === null && supersededBy.get(session.id) === null);
  const byExternalId = new Map<string, SessionFacts[]>();
  const byRepoBranch = new Map<string, { id: string; start: number; end: number }[]>();
  for (const session of linkable) {
    const list = byExternalId.get(session.externalId) ?? [];
    list.push(session);
    byExternalId.set(session.externalId, list);
    const repoId = repoOf.get(session.id);
    const start = dbTimeToMs(session.startedAt);
    const end = dbTimeToMs(session.endedAt) ?? start;
    if (!repoId || !session.branch || start === null || end === null) continue;
    const key = `${repoId}\0${session.branch}`;
    const group = byRepoBranch.get(key) ?? [];
    group.push({ id: session.id, start, end });
    byRepoBranch.set(key, group);
  }
  const rows: { sessionId: string; handoffId: string; method: "session-id" | "repo-branch-time" }[] = [];
  let bySessionId = 0;
  let byRepoBranchTime = 0;
  for (const handoff of handoffs) {
    const named = handoff.sessionId ? (byExternalId.get(handoff.sessionId.trim()) ?? []) : [];
    if (named.length > 0) {
      for (const session of named) rows.push({ sessionId: session.id, handoffId: handoff.id, method: "session-id" });
      bySessionId += 1;
      continue;
    }
    const at = handoffTimeMs(handoff);
    if (at === null || !handoff.branch) continue;
    let best: { id: string; distance: number } | null = null;
    for (const candidate of byRepoBranch.get(`${handoff.repoId}\0${handoff.branch.trim()}`) ?? []) {
      if (at < candidate.start || at > candidate.end + LINK_GRACE_MS) continue;
      const distance = Math.abs(at - candidate.end);
      if (best === null || distance < best.distance || (distance === best.distance && candidate.id < best.id)) best = { id: candidate.id, distance };
    }
    if (best) {
      rows.push({ sessionId: best.id, handoffId: handoff.id, method: "repo-branch-time" });
      byRepoBranchTime += 1;
    }
  }

  await bulk.transaction(async () => {
    for (const session of updates) {
      if ((repoOf.get(session.id) ?? null) !== session.repoId) reposAssigned += 1;
      await bulk.execute(`UPDATE "AgentSession" SET "repoId" = ?, "supersededById" = ? WHERE "id" = ?`, [repoOf.get(session.id) ?? null, supersededBy.get(session.id) ?? null, session.id]);
    }
    await bulk.execute(`DELETE FROM "SessionHandoffLink"`);
    await TABLES.sessionHandoffLink.insert(bulk, rows);
  });
  return { links: rows.length, bySessionId, byRepoBranchTime, reposAssigned };
}
