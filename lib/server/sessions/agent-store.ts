/**
 * SQL for session ingest, written once for both providers (quoted identifiers, `?` placeholders,
 * ON CONFLICT upserts), all through the bulk path: a first scan writes thousands of file states and
 * sample chunks.
 */
import { randomUUID } from "node:crypto";
import type { BulkWriter } from "../db/bulk";
import { TABLES } from "../db/table-rows";
import { chunks, toNumber } from "./session-ids";
import { safeText } from "../../core/text/safe-values";

export interface StoredAgentFile {
  id: number;
  path: string;
  size: number | null;
  mtimeMs: number | null;
  offset: number;
  lines: number;
  carry: string | null;
  headHash: string | null;
  sessionId: string | null;
  status: string;
  badLines: number;
  unknownTypes: string;
}

export async function upsertSource(bulk: BulkWriter, kind: string, root: string, label: string): Promise<string> {
  await bulk.execute(
    `INSERT INTO "Source" ("id", "kind", "root", "label", "globs", "createdAt") VALUES (?, ?, ?, ?, '[]', ?) ON CONFLICT ("kind", "root") DO NOTHING`,
    [randomUUID(), kind, root, label, new Date()],
  );
  const rows = await bulk.query<{ id: string }>(`SELECT "id" FROM "Source" WHERE "kind" = ? AND "root" = ?`, [kind, root]);
  return rows[0]!.id;
}

export async function finishSource(bulk: BulkWriter, sourceId: string, status: "ok" | "partial" | "failed", error: string | null) {
  await bulk.execute(`UPDATE "Source" SET "lastScanAt" = ?, "lastStatus" = ?, "lastError" = ? WHERE "id" = ?`, [new Date(), status, error, sourceId]);
}

export async function loadAgentFiles(bulk: BulkWriter, sourceId: string): Promise<Map<string, StoredAgentFile>> {
  const rows = await bulk.query<StoredAgentFile>(
    `SELECT "id", "path", "size", "mtimeMs", "offset", "lines", "carry", "headHash", "sessionId", "status", "badLines", "unknownTypes"
     FROM "FileState" WHERE "sourceId" = ? AND "version" = ''`,
    [sourceId],
  );
  return new Map(
    rows.map((row) => [
      row.path,
      {
        ...row,
        size: row.size === null ? null : toNumber(row.size),
        mtimeMs: row.mtimeMs === null ? null : toNumber(row.mtimeMs),
        offset: toNumber(row.offset),
        lines: toNumber(row.lines),
        badLines: toNumber(row.badLines),
      },
    ]),
  );
}

export interface FileStateWrite {
  sourceId: string;
  path: string;
  size: number;
  mtimeMs: number;
  offset: number;
  lines: number;
  carry: string | null;
  headHash: string | null;
  sessionId: string | null;
  status: "ok" | "failed";
  badLines: number;
  unknownTypes: string;
  issueCount: number;
}

export async function writeFileStates(bulk: BulkWriter, states: FileStateWrite[], scanRunId: string | null) {
  const now = new Date();
  const rows = states.map((state) => ({
    sourceId: state.sourceId,
    path: state.path,
    version: "",
    size: state.size,
    mtimeMs: state.mtimeMs,
    offset: state.offset,
    lines: state.lines,
    carry: state.carry,
    headHash: state.headHash,
    sessionId: state.sessionId,
    status: state.status,
    badLines: state.badLines,
    unknownTypes: state.unknownTypes,
    issueCount: state.issueCount,
    scanRunId,
    updatedAt: now,
  }));
  await TABLES.fileState.upsert(bulk, rows, { conflict: ["sourceId", "path", "version"], update: { except: ["sourceId", "path", "version"] } });
}

export async function markGone(bulk: BulkWriter, ids: number[]) {
  const now = new Date();
  for (const chunk of chunks(ids, 500)) {
    await bulk.execute(`UPDATE "FileState" SET "status" = 'gone', "updatedAt" = ? WHERE "id" IN (${chunk.map(() => "?").join(", ")})`, [now, ...chunk]);
  }
}

/** Drops what a session's files said, before they are read again from the start. */
export async function resetSessions(bulk: BulkWriter, sessionIds: string[]) {
  for (const chunk of chunks(sessionIds, 500)) {
    const marks = chunk.map(() => "?").join(", ");
    await bulk.execute(`DELETE FROM "SampleChunk" WHERE "sessionId" IN (${marks})`, chunk);
    await bulk.execute(`DELETE FROM "UsageRollup" WHERE "sessionId" IN (${marks})`, chunk);
    await bulk.execute(`DELETE FROM "Compaction" WHERE "sessionId" IN (${marks})`, chunk);
    await bulk.execute(`DELETE FROM "AgentSession" WHERE "parentId" IN (${marks})`, chunk);
  }
}

/** One read of one file's requests for one session, packed (lib/core/sessions/sample-pack.ts). */
export interface ChunkWrite {
  sessionId: string;
  /** Root-relative path of the file read. */
  file: string;
  count: number;
  data: string;
}

/** Chunk rows per statement; between statements the event loop runs (parser workers wait on it). */
const CHUNK_SLICE = 200;

/** Appends chunks in the order given: readers merge a session's chunks in that (id) order. */
export async function writeChunks(bulk: BulkWriter, chunks: readonly ChunkWrite[]) {
  for (let index = 0; index < chunks.length; index += CHUNK_SLICE) {
    await TABLES.sampleChunk.insert(
      bulk,
      chunks.slice(index, index + CHUNK_SLICE).map((chunk) => ({ sessionId: chunk.sessionId, file: chunk.file, count: chunk.count, data: chunk.data })),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface CompactionWrite {
  sessionId: string;
  agentId: string;
  file: string;
  line: number;
  timestampMs: number | null;
  trigger: string | null;
  preTokens: number | null;
  postTokens: number | null;
}

/** The same compaction read from two files (a moved rollout) is one: dated ones are keyed by content. */
export function compactionKey(compaction: CompactionWrite): string {
  return compaction.timestampMs === null
    ? `f:${compaction.file}:${compaction.line}`
    : `t:${compaction.timestampMs}:${compaction.trigger ?? ""}:${compaction.preTokens ?? ""}`;
}

export async function writeCompactions(bulk: BulkWriter, compactions: CompactionWrite[]) {
  await TABLES.compaction.insert(
    bulk,
    compactions.map((c) => ({ sessionId: c.sessionId, agentId: c.agentId, key: compactionKey(c), file: c.file, line: c.line, timestampMs: c.timestampMs, trigger: c.trigger, preTokens: c.preTokens, postTokens: c.postTokens })),
    { ignoreConflicts: true },
  );
}

export interface IssueWrite {
  sourceId: string;
  path: string;
  line: number | null;
  rule: string;
  severity: "error" | "warning" | "info";
  message: string;
}

/** An agent-log issue as an IngestIssue row (agent logs have no blob version and no refs). */
export function ingestIssueRow(issue: IssueWrite, scanRunId: string | null, createdAt: Date) {
  return { sourceId: issue.sourceId, path: issue.path, version: "", refs: "[]", line: issue.line, rule: issue.rule, severity: issue.severity, message: issue.message, scanRunId, createdAt };
}

/** Issue rules this module owns (the Ingest errors page lists them with the handoff ones). */
export const AGENT_ISSUE_RULES = {
  unreadable: "agent-file-unreadable",
  badLine: "agent-bad-line",
  incompleteLine: "agent-incomplete-line",
  unknownType: "agent-unknown-type",
  database: "agent-database-unreadable",
  symlink: "agent-symlink-not-followed",
  /** A value checkSessionLog changed before storing it (a NUL in a cwd, a count out of range, …). */
  badValue: "agent-bad-value",
  /** The file records activity but no token counts: its session is listed with 0 tokens. */
  noTokenCounts: "agent-no-token-counts",
  /** What the file held could not be stored (the file's rows were left out; the scan went on). */
  notStored: "agent-file-not-stored",
} as const;

export const NO_TOKEN_COUNTS_NOTICE = "no token counts in this file: it records activity (messages or tool calls) but no usage, so its session shows 0 tokens";

/**
 * The symbolic links discovery met in a source's folders this scan (root-relative paths) replace the
 * ones stored for it: a link removed since is no longer listed.
 */
export async function replaceLinkIssues(bulk: BulkWriter, sourceId: string, paths: readonly string[], message: string, scanRunId: string | null) {
  await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "rule" = ?`, [sourceId, AGENT_ISSUE_RULES.symlink]);
  const now = new Date();
  await TABLES.ingestIssue.insert(
    bulk,
    paths.map((linkPath) => ingestIssueRow({ sourceId, path: linkPath, line: null, rule: AGENT_ISSUE_RULES.symlink, severity: "warning", message }, scanRunId, now)),
  );
}

/**
 * Replaces the issues of the files read in this scan: all of a file's issues when it was read from
 * the start, else only the ones that describe its current state (a pending last line, unknown
 * types, unreadable), keeping the bad lines found in its earlier slices.
 */
export async function replaceFileIssues(
  bulk: BulkWriter,
  sourceId: string,
  reread: { fromStart: string[]; appended: string[]; counted?: string[] },
  issues: IssueWrite[],
  scanRunId: string | null,
) {
  for (const chunk of chunks(reread.fromStart, 400)) {
    await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "version" = '' AND "path" IN (${chunk.map(() => "?").join(", ")})`, [sourceId, ...chunk]);
  }
  const stateRules = [AGENT_ISSUE_RULES.incompleteLine, AGENT_ISSUE_RULES.unknownType, AGENT_ISSUE_RULES.unreadable, AGENT_ISSUE_RULES.notStored];
  for (const chunk of chunks(reread.appended, 400)) {
    await bulk.execute(
      `DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "version" = '' AND "rule" IN (${stateRules.map(() => "?").join(", ")}) AND "path" IN (${chunk.map(() => "?").join(", ")})`,
      [sourceId, ...stateRules, ...chunk],
    );
  }
  // An appended read that found token counts lifts the file's "no token counts" notice.
  for (const chunk of chunks(reread.counted ?? [], 400)) {
    await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "version" = '' AND "rule" = ? AND "path" IN (${chunk.map(() => "?").join(", ")})`, [
      sourceId,
      AGENT_ISSUE_RULES.noTokenCounts,
      ...chunk,
    ]);
  }
  const now = new Date();
  // Messages quote what they found: stored without NULs or lone surrogates, like every text.
  await TABLES.ingestIssue.insert(
    bulk,
    issues.map((issue) => ingestIssueRow({ ...issue, message: safeText(issue.message) }, scanRunId, now)),
  );
}
