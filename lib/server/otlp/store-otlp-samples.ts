/**
 * Stores request samples received over OpenTelemetry, per owner (the token's user): one Source of
 * kind "otlp" per user (`otlp:<userId>`, `otlp:local` in single-user mode), one AgentSession per
 * (runtime, session id), its samples as SampleChunk rows (file "otlp") read back and merged with the
 * same de-dup rule as logs, so a record delivered twice (same request id, or same session, time and
 * counts) counts once. Totals come from recomputeSessions, as for a scan.
 *
 * Provisional: when the same session arrives from its log (a scan, or `baton push`), the log's
 * session supersedes this one (`supersededById`, set here and by linkSessions after every scan or
 * push): it is hidden from lists and `/api/sessions`, so nothing is counted twice and the session
 * ends with the log's exact totals.
 *
 * Writes go through one queue per process: batches that arrive while a write runs are written
 * together by the next one (one transaction, one recompute per session touched), so a burst of
 * exporter requests costs a few transactions, not one each. A session's chunks are folded into one
 * when they pass COMPACT_AFTER, so reading them back stays proportional to its requests.
 */
import { shouldReplaceRequest } from "../../core/sessions/request-dedupe";
import { asRequest, mergeStoredChunks, packSamples, storedSample, type StoredSample } from "../../core/sessions/sample-pack";
import { summariseSamples } from "../../core/usage/session-usage-facts";
import { STATE_FILES_KIND, type SessionRuntime } from "../../core/runtimes/runtimes";
import type { OtlpSample } from "../../core/otlp/map-otlp-records";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import type { DatabaseTarget } from "../db/database-url";
import { publish } from "../events/publish";
import { TABLES } from "../db/table-rows";
import { AGENT_ISSUE_RULES, ingestIssueRow, upsertSource, writeChunks, type IssueWrite } from "../sessions/agent-store";
import { recomputeSessions } from "../sessions/recompute-sessions";
import { emptyDraft, type SessionDraft } from "../sessions/session-draft";
import { agentSessionId, chunks as slices } from "../sessions/session-ids";

export const OTLP_SOURCE_KIND = "otlp";
export const OTLP_FILE = "otlp";
/** A session's chunks beyond this are folded into one after a write. */
const COMPACT_AFTER = 32;

export interface OtlpOwner {
  /** The token's user id; null for the local user of single-user mode. */
  userId: string | null;
  label: string;
}

export interface OtlpBatch {
  owner: OtlpOwner;
  samples: OtlpSample[];
  /** Value findings, stored as issues on the owner's source (path "otlp"). */
  findings: string[];
}

export interface StoredBatch {
  sessionIds: string[];
}

export function otlpSourceRoot(userId: string | null): string {
  return `otlp:${userId ?? "local"}`;
}

interface Pending {
  batch: OtlpBatch;
  resolve: (result: StoredBatch) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  target: DatabaseTarget;
  bulk: BulkWriter | null;
  pending: Pending[];
  running: boolean;
}

const globalForQueue = globalThis as unknown as { batonOtlpQueues?: Map<string, Queue> };

function queueFor(target: DatabaseTarget): Queue {
  globalForQueue.batonOtlpQueues ??= new Map();
  let queue = globalForQueue.batonOtlpQueues.get(target.url);
  if (!queue) {
    queue = { target, bulk: null, pending: [], running: false };
    globalForQueue.batonOtlpQueues.set(target.url, queue);
  }
  return queue;
}

/** Stores a batch (with whatever else is waiting); resolves once it is committed. */
export function storeOtlpBatch(target: DatabaseTarget, batch: OtlpBatch): Promise<StoredBatch> {
  const queue = queueFor(target);
  return new Promise((resolve, reject) => {
    queue.pending.push({ batch, resolve, reject });
    if (!queue.running) void drain(queue);
  });
}

/** Tests and benches: close the shared writers. */
export async function closeOtlpWriters(): Promise<void> {
  for (const queue of globalForQueue.batonOtlpQueues?.values() ?? []) {
    const bulk = queue.bulk;
    queue.bulk = null;
    await bulk?.close();
  }
  globalForQueue.batonOtlpQueues?.clear();
}

async function drain(queue: Queue): Promise<void> {
  queue.running = true;
  try {
    while (queue.pending.length > 0) {
      const taken = queue.pending.splice(0, queue.pending.length);
      try {
        queue.bulk ??= openBulkWriter(queue.target);
        const touched = await writeBatches(queue.bulk, taken.map((entry) => entry.batch));
        for (const id of new Set(touched.flat())) publish({ kind: "session", id, version: 0 });
        taken.forEach((entry, index) => entry.resolve({ sessionIds: touched[index]! }));
      } catch (error) {
        // The transaction rolled back: what this process remembered of the sessions may be ahead of it.
        forgetSessions();
        for (const entry of taken) entry.reject(error);
      }
    }
  } finally {
    queue.running = false;
  }
}

/** Writes batches in one transaction; returns, per batch, the sessions it touched. */
export async function writeBatches(bulk: BulkWriter, batches: readonly OtlpBatch[]): Promise<string[][]> {
  return bulk.transaction(async () => {
    const sourceOf = new Map<string, string>();
    const drafts = new Map<string, SessionDraft>();
    const samplesOf = new Map<string, ReturnType<typeof storedSample>[]>();
    const touched: string[][] = [];
    const issues: IssueWrite[] = [];
    const now = new Date();
    for (const batch of batches) {
      const root = otlpSourceRoot(batch.owner.userId);
      let sourceId = sourceOf.get(root);
      if (sourceId === undefined) {
        sourceId = await upsertSource(bulk, OTLP_SOURCE_KIND, root, batch.owner.label);
        sourceOf.set(root, sourceId);
      }
      const ids = new Set<string>();
      for (const sample of batch.samples) {
        const id = agentSessionId(sample.runtime, root, sample.sessionId);
        ids.add(id);
        let draft = drafts.get(id);
        if (!draft) {
          draft = emptyDraft(id, sourceId, sample.runtime as SessionRuntime, sample.sessionId, false);
          drafts.set(id, draft);
        }
        const ms = sample.request.timestamp === null ? null : Date.parse(sample.request.timestamp);
        if (ms !== null) {
          draft.startMs = draft.startMs === null ? ms : Math.min(draft.startMs, ms);
          draft.endMs = draft.endMs === null ? ms : Math.max(draft.endMs, ms);
        }
        if (sample.request.model !== null && !draft.models.includes(sample.request.model)) draft.models.push(sample.request.model);
        const list = samplesOf.get(id) ?? [];
        list.push(storedSample(sample.request));
        samplesOf.set(id, list);
      }
      for (const finding of new Set(batch.findings)) {
        if (!issues.some((issue) => issue.sourceId === sourceId && issue.message === finding)) issues.push({ sourceId, path: OTLP_FILE, line: null, rule: AGENT_ISSUE_RULES.badValue, severity: "warning", message: finding });
      }
      touched.push([...ids]);
    }
    for (const [sessionId, samples] of samplesOf) await appendSamples(bulk, drafts.get(sessionId)!, samples);
    if (issues.length > 0) {
      // A finding repeated by every batch (a runtime that never sends some count) is one issue, not thousands.
      for (const [sourceId, messages] of groupIssues(issues)) {
        for (const group of slices(messages, 400)) {
          await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "path" = ? AND "message" IN (${group.map(() => "?").join(", ")})`, [sourceId, OTLP_FILE, ...group]);
        }
      }
      await TABLES.ingestIssue.insert(bulk, issues.map((issue) => ingestIssueRow(issue, null, now)));
    }
    const problems = await recomputeSessions(bulk, [[...drafts.values()]]);
    for (const problem of problems) console.error(`otlp: session ${problem.sessionId}: ${problem.message}`);
    await supersedeByLogs(bulk, [...drafts.values()]);
    return touched;
  });
}

function groupIssues(issues: readonly IssueWrite[]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const issue of issues) {
    const set = map.get(issue.sourceId) ?? new Set<string>();
    set.add(issue.message);
    map.set(issue.sourceId, set);
  }
  return new Map([...map].map(([sourceId, messages]) => [sourceId, [...messages]]));
}

/**
 * What this process knows a session's stored samples merge to (one Map per session, in mergeChunks'
 * order and with its rule), and the chunk rows that held them when it last looked. A session's totals
 * are then computed from memory (the draft's `wholeFacts`), not by reading every chunk back at every
 * batch; a session whose chunks changed behind this process's back (another server, a reset) is read
 * again. Dropped when a write fails (its transaction rolled back) and past MAX_CACHED sessions.
 */
interface CachedSession {
  merged: Map<string, StoredSample>;
  chunkCount: number;
  lastChunkId: number;
}

const MAX_CACHED = 2_000;
const globalForCache = globalThis as unknown as { batonOtlpSessions?: Map<string, CachedSession> };

function sessionCache(): Map<string, CachedSession> {
  globalForCache.batonOtlpSessions ??= new Map();
  return globalForCache.batonOtlpSessions;
}

function forgetSessions(): void {
  sessionCache().clear();
}

async function chunkState(bulk: BulkWriter, sessionId: string): Promise<{ count: number; last: number }> {
  const rows = await bulk.query<{ n: unknown; last: unknown }>(`SELECT COUNT(*) AS "n", MAX("id") AS "last" FROM "SampleChunk" WHERE "sessionId" = ?`, [sessionId]);
  return { count: Number(rows[0]?.n ?? 0), last: Number(rows[0]?.last ?? 0) };
}

/**
 * Adds a batch's samples to a session: a chunk of its own, or, past COMPACT_AFTER chunks, the
 * session's merged samples as one chunk in place of the others (same totals, read back faster).
 * Sets the draft's facts from the merged samples, so recompute reads nothing back.
 */
async function appendSamples(bulk: BulkWriter, draft: SessionDraft, samples: StoredSample[]): Promise<void> {
  const cache = sessionCache();
  const before = await chunkState(bulk, draft.id);
  let entry = cache.get(draft.id);
  if (!entry || entry.chunkCount !== before.count || entry.lastChunkId !== before.last) {
    const stored = await bulk.query<{ id: unknown; data: string }>(`SELECT "id", "data" FROM "SampleChunk" WHERE "sessionId" = ? ORDER BY "id"`, [draft.id]);
    const merged = new Map<string, StoredSample>();
    for (const sample of mergeStoredChunks(draft.runtime, stored, () => undefined)) merged.set(sample.key, sample);
    entry = { merged, chunkCount: before.count, lastChunkId: before.last };
  }
  cache.delete(draft.id);
  cache.set(draft.id, entry);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  for (const sample of samples) {
    const existing = entry.merged.get(sample.key);
    if (existing === undefined || shouldReplaceRequest(draft.runtime, asRequest(existing), asRequest(sample))) entry.merged.set(sample.key, sample);
  }
  const merged = [...entry.merged.values()];
  if (entry.chunkCount + 1 > COMPACT_AFTER) {
    await bulk.execute(`DELETE FROM "SampleChunk" WHERE "sessionId" = ?`, [draft.id]);
    await writeChunks(bulk, [{ sessionId: draft.id, file: OTLP_FILE, count: merged.length, data: packSamples(merged) }]);
  } else {
    await writeChunks(bulk, [{ sessionId: draft.id, file: OTLP_FILE, count: samples.length, data: packSamples(samples) }]);
  }
  const after = await chunkState(bulk, draft.id);
  entry.chunkCount = after.count;
  entry.lastChunkId = after.last;
  draft.wholeFacts = summariseSamples(draft.runtime, merged);
  draft.fileReads = 0;
}

/** A session whose log Baton also holds (any source but OpenTelemetry and seed state) is hidden behind it. */
async function supersedeByLogs(bulk: BulkWriter, drafts: SessionDraft[]): Promise<void> {
  for (const draft of drafts) {
    const rows = await bulk.query<{ id: string }>(
      `SELECT s."id" FROM "AgentSession" s JOIN "Source" src ON src."id" = s."sourceId"
       WHERE s."runtime" = ? AND s."externalId" = ? AND s."parentId" IS NULL AND src."kind" NOT IN ('otlp', ?) ORDER BY s."id" LIMIT 1`,
      [draft.runtime, draft.externalId, STATE_FILES_KIND],
    );
    await bulk.execute(`UPDATE "AgentSession" SET "supersededById" = ? WHERE "id" = ?`, [rows[0]?.id ?? null, draft.id]);
  }
}
