/**
 * Requests as usage entries, read from the stored sample chunks in plain SQL (both providers): the
 * main sessions that can touch the range (a session that ended before it, or started after it, is
 * never unpacked), each session's chunks merged with the same rule as its totals
 * (sample-pack.ts: subagent requests once, replays dropped), each request priced.
 */
import type { UsageEntry } from "../../core/usage/aggregate";
import type { ReportSession } from "../../core/usage/report";
import { requestEntry } from "../../core/usage/rollup";
import type { PriceTable } from "../../core/usage/prices";
import { countedSamples, mergeStoredChunks } from "../../core/sessions/sample-pack";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import { chunks, dbTimeToIso, parseJsonOr } from "../sessions/session-ids";
import type { SqlReader } from "../db/sql-reader";

export interface UsageSession {
  id: string;
  runtime: string;
  externalId: string;
  cwd: string | null;
  branch: string | null;
  repoId: string | null;
  repoPath: string | null;
  repoName: string | null;
  /** The session's first prompt as stored at ingest (masked, at most 120 characters), or null. */
  title: string | null;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
}

export interface LoadUsageOptions {
  /** Only sessions active in [sinceMs, untilMs] are read (a day's margin either side for time zones). */
  sinceMs?: number | null;
  untilMs?: number | null;
  runtime?: string | null;
  sessionIds?: readonly string[] | null;
}

export interface LoadedUsage {
  entries: UsageEntry[];
  sessions: Map<string, UsageSession>;
  /** Chunks that could not be read back (left out; the scan that wrote them reported them). */
  unreadableChunks: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions per chunk query: keeps `IN (…)` lists well under both providers' parameter limits. */
const BATCH = 400;

interface SessionRow {
  id: string;
  runtime: string;
  externalId: string;
  cwd: string | null;
  branch: string | null;
  repoId: string | null;
  repoPath: string | null;
  repoName: string | null;
  title: string | null;
  models: string;
  startedAt: unknown;
  endedAt: unknown;
}

/** The main sessions that count and can touch the range (the same choice for requests and rollups). */
export async function loadUsageSessions(sql: SqlReader, options: LoadUsageOptions = {}): Promise<Map<string, UsageSession>> {
  const sessions = new Map<string, UsageSession>();
  const columns = `s."id", s."runtime", s."externalId", s."cwd", s."branch", s."repoId", r."path" AS "repoPath", r."name" AS "repoName", s."title", s."models", s."startedAt", s."endedAt"`;
  for (const row of await selectSessions<SessionRow>(sql, columns, options)) {
    sessions.set(row.id, {
      id: row.id,
      runtime: row.runtime,
      externalId: row.externalId,
      cwd: row.cwd,
      branch: row.branch,
      repoId: row.repoId,
      repoPath: row.repoPath,
      repoName: row.repoName,
      title: row.title,
      models: parseJsonOr<string[]>(row.models, []),
      startedAt: dbTimeToIso(row.startedAt),
      endedAt: dbTimeToIso(row.endedAt),
    });
  }
  return sessions;
}

/**
 * The same sessions with only what a session report names of each (report.ts ReportSession): an
 * all-time report names every session, and their models and times (JSON and two timestamps each,
 * which node-postgres parses into Dates) are not needed for it.
 */
export async function loadReportSessions(sql: SqlReader, options: LoadUsageOptions = {}): Promise<Map<string, ReportSession>> {
  const sessions = new Map<string, ReportSession>();
  const columns = `s."id", s."runtime", s."externalId", s."cwd", s."branch", r."path" AS "repoPath", s."title"`;
  for (const row of await selectSessions<ReportSession>(sql, columns, options)) {
    sessions.set(row.id, { id: row.id, runtime: row.runtime, externalId: row.externalId, cwd: row.cwd, branch: row.branch, repoPath: row.repoPath, title: row.title });
  }
  return sessions;
}

async function selectSessions<Row>(sql: SqlReader, columns: string, options: LoadUsageOptions): Promise<Row[]> {
  const where = [`s."parentId" IS NULL`, `s."supersededById" IS NULL`];
  const params: (string | Date)[] = [];
  if (options.sinceMs !== null && options.sinceMs !== undefined) {
    where.push(`(s."endedAt" IS NULL OR s."endedAt" >= ?)`);
    params.push(new Date(options.sinceMs - DAY_MS));
  }
  if (options.untilMs !== null && options.untilMs !== undefined) {
    where.push(`(s."startedAt" IS NULL OR s."startedAt" <= ?)`);
    params.push(new Date(options.untilMs + DAY_MS));
  }
  if (options.runtime) {
    where.push(`s."runtime" = ?`);
    params.push(options.runtime);
  }
  const rows: Row[] = [];
  const batches = options.sessionIds ? chunks(options.sessionIds, BATCH) : [null];
  for (const ids of batches) {
    if (ids !== null && ids.length === 0) continue;
    const batch = await sql.query<Row>(
      `SELECT ${columns}
       FROM "AgentSession" s LEFT JOIN "Repo" r ON r."id" = s."repoId"
       WHERE ${[...where, ...(ids === null ? [] : [`s."id" IN (${ids.map(() => "?").join(", ")})`])].join(" AND ")}`,
      [...params, ...(ids ?? [])],
    );
    for (const row of batch) rows.push(row);
  }
  return rows;
}

export async function loadUsage(sql: SqlReader, table: PriceTable, options: LoadUsageOptions = {}): Promise<LoadedUsage> {
  if (options.sessionIds && options.sessionIds.length === 0) return { entries: [], sessions: new Map(), unreadableChunks: 0 };
  const sessions = await loadUsageSessions(sql, options);
  const entries: UsageEntry[] = [];
  let unreadableChunks = 0;
  const ids = [...sessions.keys()];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const stored = await sql.query<{ sessionId: string; data: string }>(
      `SELECT "sessionId", "data" FROM "SampleChunk" WHERE "sessionId" IN (${batch.map(() => "?").join(", ")}) ORDER BY "sessionId", "id"`,
      batch,
    );
    let from = 0;
    while (from < stored.length) {
      const sessionId = stored[from]!.sessionId;
      let to = from;
      while (to < stored.length && stored[to]!.sessionId === sessionId) to += 1;
      const session = sessions.get(sessionId)!;
      const runtime = session.runtime as SessionRuntime;
      const samples = countedSamples(
        runtime,
        mergeStoredChunks(runtime, stored.slice(from, to), () => {
          unreadableChunks += 1;
        }),
      );
      const facts = { runtime: session.runtime, sessionId, repo: session.repoPath, branch: session.branch };
      for (const sample of samples) entries.push(requestEntry(sample, facts, table));
      from = to;
    }
  }
  return { entries, sessions, unreadableChunks };
}
