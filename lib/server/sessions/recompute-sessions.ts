/**
 * Session rows from what is stored: totals, request counts and peaks are SQL aggregates over the
 * session's RequestSample rows (so a response read in two slices, or two files, counts once), and the
 * descriptive fields (cwd, branch, models, times, the window the log states) merge what this scan
 * read into what earlier scans stored.
 */
import { dedupeRequests, shouldReplaceRequest } from "../../core/sessions/request-dedupe";
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { ParsedSessionLog, RequestSample, SessionRuntime } from "../../core/sessions/types";
import type { BulkWriter, Row } from "../db/bulk";
import { chunks, dbTimeToMs, parseJsonOr, subagentSessionId, toNullableNumber, toNumber } from "./session-ids";

export interface SubagentDraft {
  agentType: string | null;
  models: string[];
  startMs: number | null;
  endMs: number | null;
  cwd: string | null;
  branch: string | null;
}

/** What this scan read of one main session (its own files and its subagents'). */
export interface SessionDraft {
  id: string;
  sourceId: string;
  runtime: SessionRuntime;
  externalId: string;
  /** Its files were read again from the start: earlier descriptive values do not carry over. */
  reset: boolean;
  cwd: string | null;
  branch: string | null;
  /** From subagent files, used only when the main files record none (as summariseSession does). */
  fallbackCwd: string | null;
  fallbackBranch: string | null;
  models: string[];
  startMs: number | null;
  endMs: number | null;
  logContextWindow: number | null;
  fallbackLogContextWindow: number | null;
  subagents: Map<string, SubagentDraft>;
  /** Files of this session read in this scan. */
  fileReads: number;
  /**
   * When the session's only file was read whole in this scan, what its samples add up to, computed
   * from the parsed requests with the same functions (saves reading them back). Used only if the
   * database confirms that file is the session's only one.
   */
  wholeFacts: SessionFacts | null;
}

export function emptyDraft(id: string, sourceId: string, runtime: SessionRuntime, externalId: string, reset: boolean): SessionDraft {
  return {
    id,
    sourceId,
    runtime,
    externalId,
    reset,
    cwd: null,
    branch: null,
    fallbackCwd: null,
    fallbackBranch: null,
    models: [],
    startMs: null,
    endMs: null,
    logContextWindow: null,
    fallbackLogContextWindow: null,
    subagents: new Map(),
    fileReads: 0,
    wholeFacts: null,
  };
}

interface StoredSession {
  id: string;
  parentId: string | null;
  agentId: string | null;
  agentType: string | null;
  cwd: string | null;
  branch: string | null;
  models: string;
  startedAt: unknown;
  endedAt: unknown;
  logContextWindow: unknown;
  userContextWindow: unknown;
  firstSeenAt: unknown;
}

const SESSION_COLUMNS = [
  "id",
  "sourceId",
  "runtime",
  "externalId",
  "parentId",
  "agentId",
  "agentType",
  "cwd",
  "branch",
  "models",
  "startedAt",
  "endedAt",
  "durationMs",
  "lastModel",
  "logContextWindow",
  "contextWindow",
  "contextWindowSource",
  "requestCount",
  "inputTokens",
  "cacheWriteTokens",
  "cacheReadTokens",
  "outputTokens",
  "reasoningTokens",
  "totalTokens",
  "peakContextTokens",
  "peakContextPercent",
  "compactionCount",
  "unknownTypes",
  "badLines",
  "updatedAt",
  "firstSeenAt",
];
/**
 * Kept as first written: identity columns and first sight (the user's override, the link step's repo
 * and the seed fold are not in SESSION_COLUMNS at all).
 */
const SESSION_UPDATE = SESSION_COLUMNS.filter((column) => !["id", "sourceId", "runtime", "externalId", "firstSeenAt"].includes(column));

const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

export async function recomputeSessions(bulk: BulkWriter, drafts: ReadonlyMap<string, SessionDraft>): Promise<void> {
  const all = [...drafts.values()];
  // Batches bound the rows held at once (a batch's samples are read into memory).
  for (const batch of chunks(all, 200)) await recomputeBatch(bulk, batch);
}

interface SampleRow {
  sessionId: string;
  key: string;
  agentId: string;
  timestampMs: unknown;
  model: string | null;
  inputTokens: unknown;
  cacheWriteTokens: unknown;
  cacheReadTokens: unknown;
  outputTokens: unknown;
  reasoningTokens: unknown;
  contextTokens: unknown;
  responseId: string | null;
  isSidechain: unknown;
  counted: unknown;
}

interface Totals {
  n: number;
  i: number;
  cw: number;
  cr: number;
  o: number;
  r: number;
  /** Over the main session's own requests (not sidechain lines). */
  peakOwn: number;
  /** Over all (a subagent's lines are all sidechain lines). */
  peakAll: number;
}

const emptyTotals = (): Totals => ({ n: 0, i: 0, cw: 0, cr: 0, o: 0, r: 0, peakOwn: 0, peakAll: 0 });
const isTrue = (value: unknown) => value === true || value === 1 || value === "1" || value === "t";

export interface SessionFacts {
  byAgent: Map<string, Totals>;
  lastModel: string | null;
  flips: { key: string; counted: boolean }[];
}

interface Sample {
  key: string;
  agentId: string;
  time: number | null;
  model: string | null;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  contextTokens: number;
  responseId: string | null;
  isSidechain: boolean;
  wasCounted: boolean;
}

function sampleFromRow(row: SampleRow): Sample {
  return {
    key: row.key,
    agentId: row.agentId,
    time: toNullableNumber(row.timestampMs),
    model: row.model,
    inputTokens: toNumber(row.inputTokens),
    cacheWriteTokens: toNumber(row.cacheWriteTokens),
    cacheReadTokens: toNumber(row.cacheReadTokens),
    outputTokens: toNumber(row.outputTokens),
    reasoningTokens: toNumber(row.reasoningTokens),
    contextTokens: toNumber(row.contextTokens),
    responseId: row.responseId,
    isSidechain: isTrue(row.isSidechain),
    wasCounted: isTrue(row.counted),
  };
}

/**
 * The facts of a session whose every sample is in `requests` (one file read whole): de-duplicated
 * by key as the upsert does, then summarised exactly as stored rows would be.
 */
export function factsFromRequests(runtime: SessionRuntime, requests: readonly RequestSample[]): SessionFacts {
  const byKey = new Map<string, RequestSample>();
  for (const request of requests) {
    const existing = byKey.get(request.key);
    if (!existing || shouldReplaceRequest(runtime, existing, request)) byKey.set(request.key, request);
  }
  return summariseSamples(
    runtime,
    [...byKey.values()].map((request) => {
      const time = request.timestamp === null ? NaN : Date.parse(request.timestamp);
      return {
        key: request.key,
        agentId: request.agentId ?? "",
        time: Number.isNaN(time) ? null : time,
        model: request.model,
        inputTokens: request.inputTokens,
        cacheWriteTokens: request.cacheWriteTokens,
        cacheReadTokens: request.cacheReadTokens,
        outputTokens: request.outputTokens,
        reasoningTokens: request.reasoningTokens,
        contextTokens: request.contextTokens,
        responseId: request.responseId ?? null,
        isSidechain: request.isSidechain === true,
        // Freshly inserted rows are counted until told otherwise.
        wasCounted: true,
      };
    }),
  );
}

/**
 * Totals, peaks and the last model from a session's samples: the Claude sidechain rule is
 * request-dedupe.ts's own dedupeRequests over the session's stored requests (as
 * docs/token-accounting.md asks of ingest), so it cannot drift from the parsers'.
 */
function summariseSamples(runtime: SessionRuntime, unsorted: Sample[]): SessionFacts {
  const samples = unsorted.sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let counted: Set<string> | null = null;
  if (runtime === "claude-code" && samples.some((sample) => sample.isSidechain && sample.responseId)) {
    const kept = dedupeRequests(
      "claude-code",
      samples.map((sample) => ({ ...sample, timestamp: null, agentId: sample.agentId || null, line: 0 })),
    );
    counted = new Set(kept.map((sample) => sample.key));
  }
  const byAgent = new Map<string, Totals>();
  const flips: SessionFacts["flips"] = [];
  let lastModel: string | null = null;
  for (const sample of samples) {
    const isCounted = counted === null || counted.has(sample.key);
    if (isCounted !== sample.wasCounted) flips.push({ key: sample.key, counted: isCounted });
    if (!isCounted) continue;
    let totals = byAgent.get(sample.agentId);
    if (!totals) {
      totals = emptyTotals();
      byAgent.set(sample.agentId, totals);
    }
    totals.n += 1;
    totals.i += sample.inputTokens;
    totals.cw += sample.cacheWriteTokens;
    totals.cr += sample.cacheReadTokens;
    totals.o += sample.outputTokens;
    totals.r += sample.reasoningTokens;
    totals.peakAll = Math.max(totals.peakAll, sample.contextTokens);
    if (!sample.isSidechain) totals.peakOwn = Math.max(totals.peakOwn, sample.contextTokens);
    // Sorted by time: the last main request with a model names the model table's row.
    if (sample.agentId === "" && !sample.isSidechain && sample.model !== null) lastModel = sample.model;
  }
  return { byAgent, lastModel, flips };
}

/**
 * Facts of sessions whose samples are already stored, with memory that does not grow with session
 * size: sums, peaks and the last model are SQL aggregates; only rows that share a response id with
 * another row (the only ones the Claude sidechain rule can drop) are read back, and whole response-id
 * groups go through dedupeRequests, whose decisions never cross groups.
 */
async function storedFacts(bulk: BulkWriter, drafts: SessionDraft[]): Promise<Map<string, SessionFacts>> {
  const facts = new Map<string, SessionFacts>();
  if (drafts.length === 0) return facts;
  const ids = drafts.map((draft) => draft.id);
  const claudeIds = drafts.filter((draft) => draft.runtime === "claude-code").map((draft) => draft.id);
  const flips: Row[] = [];
  if (claudeIds.length > 0) {
    const shared = await bulk.query<SampleRow>(
      `SELECT s."sessionId", s."key", s."agentId", s."timestampMs", s."model", s."inputTokens", s."cacheWriteTokens", s."cacheReadTokens", s."outputTokens",
         s."reasoningTokens", s."contextTokens", s."responseId", s."isSidechain", s."counted"
       FROM "RequestSample" s JOIN (
         SELECT "sessionId", "responseId" FROM "RequestSample"
         WHERE "sessionId" IN (${marks(claudeIds)}) AND "responseId" IS NOT NULL
         GROUP BY "sessionId", "responseId" HAVING COUNT(*) > 1 AND MAX(CASE WHEN "isSidechain" = TRUE THEN 1 ELSE 0 END) = 1
       ) shared ON shared."sessionId" = s."sessionId" AND shared."responseId" = s."responseId"`,
      claudeIds,
    );
    for (const [sessionId, rows] of groupBy(shared, (row) => row.sessionId)) {
      for (const flip of summariseSamples("claude-code", rows.map(sampleFromRow)).flips) flips.push([flip.counted, sessionId, flip.key]);
    }
    for (const [counted, sessionId, key] of flips) {
      await bulk.execute(`UPDATE "RequestSample" SET "counted" = ? WHERE "sessionId" = ? AND "key" = ?`, [counted!, sessionId!, key!]);
    }
  }
  const groups = await bulk.query<{ sessionId: string; agentId: string; n: unknown; i: unknown; cw: unknown; cr: unknown; o: unknown; r: unknown; peakOwn: unknown; peakAll: unknown }>(
    `SELECT "sessionId", "agentId", COUNT(*) AS "n", SUM("inputTokens") AS "i", SUM("cacheWriteTokens") AS "cw", SUM("cacheReadTokens") AS "cr",
       SUM("outputTokens") AS "o", SUM("reasoningTokens") AS "r",
       MAX(CASE WHEN "isSidechain" = FALSE THEN "contextTokens" END) AS "peakOwn", MAX("contextTokens") AS "peakAll"
     FROM "RequestSample" WHERE "counted" = TRUE AND "sessionId" IN (${marks(ids)}) GROUP BY "sessionId", "agentId"`,
    ids,
  );
  const lastModels = await bulk.query<{ sessionId: string; model: string }>(
    `SELECT "sessionId", "model" FROM (
       SELECT "sessionId", "model", ROW_NUMBER() OVER (PARTITION BY "sessionId" ORDER BY "timestampMs" DESC NULLS LAST, "key" DESC) AS "rank"
       FROM "RequestSample" WHERE "sessionId" IN (${marks(ids)}) AND "agentId" = '' AND "isSidechain" = FALSE AND "counted" = TRUE AND "model" IS NOT NULL
     ) ranked WHERE "rank" = 1`,
    ids,
  );
  const lastModelOf = new Map(lastModels.map((row) => [row.sessionId, row.model]));
  for (const id of ids) facts.set(id, { byAgent: new Map(), lastModel: lastModelOf.get(id) ?? null, flips: [] });
  for (const group of groups) {
    facts.get(group.sessionId)!.byAgent.set(group.agentId, {
      n: toNumber(group.n),
      i: toNumber(group.i),
      cw: toNumber(group.cw),
      cr: toNumber(group.cr),
      o: toNumber(group.o),
      r: toNumber(group.r),
      peakOwn: toNumber(group.peakOwn),
      peakAll: toNumber(group.peakAll),
    });
  }
  return facts;
}

async function recomputeBatch(bulk: BulkWriter, drafts: SessionDraft[]) {
  const ids = drafts.map((draft) => draft.id);
  const files = await bulk.query<{ sessionId: string; badLines: unknown; unknownTypes: string; offset: unknown; size: unknown; status: string }>(
    `SELECT "sessionId", "badLines", "unknownTypes", "offset", "size", "status" FROM "FileState" WHERE "sessionId" IN (${marks(ids)})`,
    ids,
  );
  const filesOf = groupBy(files, (row) => row.sessionId);
  // A session whose one file was read whole this scan, and which no other file (present or gone)
  // ever fed, holds exactly that file's samples: its facts are already known.
  const known = new Map<string, SessionFacts>();
  for (const draft of drafts) {
    if (draft.wholeFacts && draft.fileReads === 1 && (filesOf.get(draft.id)?.length ?? 0) === 1) known.set(draft.id, draft.wholeFacts);
  }
  const toRead = ids.filter((id) => !known.has(id));
  for (const [id, facts] of await storedFacts(bulk, drafts.filter((draft) => toRead.includes(draft.id)))) known.set(id, facts);
  const compactions = await bulk.query<{ sessionId: string; agentId: string; n: unknown }>(
    `SELECT "sessionId", "agentId", COUNT(*) AS "n" FROM "Compaction" WHERE "sessionId" IN (${marks(ids)}) GROUP BY "sessionId", "agentId"`,
    ids,
  );
  const stored = await bulk.query<StoredSession>(
    `SELECT "id", "parentId", "agentId", "agentType", "cwd", "branch", "models", "startedAt", "endedAt", "logContextWindow", "userContextWindow", "firstSeenAt"
     FROM "AgentSession" WHERE "id" IN (${marks(ids)}) OR "parentId" IN (${marks(ids)})`,
    [...ids, ...ids],
  );

  const storedById = new Map(stored.map((row) => [row.id, row]));
  const compactionsOf = new Map(compactions.map((row) => [`${row.sessionId}\0${row.agentId}`, toNumber(row.n)]));
  const now = new Date();
  const rows: Row[] = [];
  const flips: Row[] = [];

  for (const draft of drafts) {
    const previous = draft.reset ? undefined : storedById.get(draft.id);
    const facts = known.get(draft.id)!;
    for (const flip of facts.flips) flips.push([flip.counted, draft.id, flip.key]);
    const totals = { n: 0, i: 0, cw: 0, cr: 0, o: 0, r: 0 };
    for (const group of facts.byAgent.values()) {
      totals.n += group.n;
      totals.i += group.i;
      totals.cw += group.cw;
      totals.cr += group.cr;
      totals.o += group.o;
      totals.r += group.r;
    }
    const peak = facts.byAgent.get("")?.peakOwn ?? 0;
    const models = union(parseJsonOr<string[]>(previous?.models, []), draft.models);
    const startMs = minOf(dbTimeToMs(previous?.startedAt), draft.startMs);
    const endMs = maxOf(dbTimeToMs(previous?.endedAt), draft.endMs);
    const logWindow = draft.logContextWindow ?? toNullableNumber(previous?.logContextWindow) ?? draft.fallbackLogContextWindow;
    const userWindow = toNullableNumber(storedById.get(draft.id)?.userContextWindow);
    const lastModel = facts.lastModel ?? models[models.length - 1] ?? null;
    const window = resolveContextWindow(userWindow, logWindow, lastModel);
    let badLines = 0;
    const unknownTypes: Record<string, number> = {};
    for (const file of filesOf.get(draft.id) ?? []) {
      // An unconsumed last line is one bad line while it stays incomplete (not once the file is gone).
      badLines += toNumber(file.badLines) + (file.status === "ok" && toNumber(file.offset) < toNumber(file.size) ? 1 : 0);
      for (const [type, count] of Object.entries(parseJsonOr<Record<string, number>>(file.unknownTypes, {}))) unknownTypes[type] = (unknownTypes[type] ?? 0) + count;
    }
    rows.push([
      draft.id,
      draft.sourceId,
      draft.runtime,
      draft.externalId,
      null,
      null,
      null,
      draft.cwd ?? previous?.cwd ?? draft.fallbackCwd,
      draft.branch ?? previous?.branch ?? draft.fallbackBranch,
      JSON.stringify(models),
      startMs === null ? null : new Date(startMs),
      endMs === null ? null : new Date(endMs),
      startMs !== null && endMs !== null ? endMs - startMs : null,
      lastModel,
      logWindow,
      window.tokens,
      window.source,
      totals.n,
      totals.i,
      totals.cw,
      totals.cr,
      totals.o,
      totals.r,
      totals.i + totals.cw + totals.cr + totals.o,
      peak,
      window.tokens ? (peak * 100) / window.tokens : null,
      compactionsOf.get(`${draft.id}\0`) ?? 0,
      JSON.stringify(unknownTypes),
      badLines,
      now,
      now,
    ]);

    // Subagents: every agent with requests, plus those read this scan that have none yet.
    const agentIds = new Set([...[...facts.byAgent.keys()].filter((agentId) => agentId !== ""), ...draft.subagents.keys()]);
    for (const agentId of agentIds) {
      const id = subagentSessionId(draft.id, agentId);
      const before = draft.reset ? undefined : storedById.get(id);
      const agentDraft = draft.subagents.get(agentId);
      const group = facts.byAgent.get(agentId) ?? emptyTotals();
      const agentModels = union(parseJsonOr<string[]>(before?.models, []), agentDraft?.models ?? []);
      const agentStart = minOf(dbTimeToMs(before?.startedAt), agentDraft?.startMs ?? null);
      const agentEnd = maxOf(dbTimeToMs(before?.endedAt), agentDraft?.endMs ?? null);
      rows.push([
        id,
        draft.sourceId,
        draft.runtime,
        draft.externalId,
        draft.id,
        agentId,
        agentDraft?.agentType ?? before?.agentType ?? null,
        agentDraft?.cwd ?? before?.cwd ?? null,
        agentDraft?.branch ?? before?.branch ?? null,
        JSON.stringify(agentModels),
        agentStart === null ? null : new Date(agentStart),
        agentEnd === null ? null : new Date(agentEnd),
        agentStart !== null && agentEnd !== null ? agentEnd - agentStart : null,
        agentModels[agentModels.length - 1] ?? null,
        null,
        null,
        "unknown",
        group.n,
        group.i,
        group.cw,
        group.cr,
        group.o,
        group.r,
        group.i + group.cw + group.cr + group.o,
        // A subagent's lines are sidechain lines: its peak is over all of its own requests.
        group.peakAll,
        null,
        compactionsOf.get(`${draft.id}\0${agentId}`) ?? 0,
        "{}",
        0,
        now,
        now,
      ]);
    }
  }
  for (const [counted, sessionId, key] of flips) {
    await bulk.execute(`UPDATE "RequestSample" SET "counted" = ? WHERE "sessionId" = ? AND "key" = ?`, [counted!, sessionId!, key!]);
  }
  await bulk.upsert("AgentSession", SESSION_COLUMNS, rows, { conflict: ["id"], update: SESSION_UPDATE });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}

function minOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function maxOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Adds what one read of one file says about its session (and subagent) to the draft. */
export function foldIntoDraft(draft: SessionDraft, log: ParsedSessionLog) {
  const startMs = log.startedAt === null ? null : Date.parse(log.startedAt);
  const endMs = log.endedAt === null ? null : Date.parse(log.endedAt);
  if (startMs !== null && !Number.isNaN(startMs)) draft.startMs = draft.startMs === null ? startMs : Math.min(draft.startMs, startMs);
  if (endMs !== null && !Number.isNaN(endMs)) draft.endMs = draft.endMs === null ? endMs : Math.max(draft.endMs, endMs);
  for (const model of log.models) if (!draft.models.includes(model)) draft.models.push(model);
  if (log.agentId === null) {
    if (log.cwd !== null) draft.cwd = log.cwd;
    if (log.branch !== null) draft.branch = log.branch;
    if (log.contextWindow !== null) draft.logContextWindow = log.contextWindow;
    return;
  }
  if (log.cwd !== null) draft.fallbackCwd = log.cwd;
  if (log.branch !== null) draft.fallbackBranch = log.branch;
  if (log.contextWindow !== null) draft.fallbackLogContextWindow = log.contextWindow;
  let agent = draft.subagents.get(log.agentId);
  if (!agent) {
    agent = { agentType: null, models: [], startMs: null, endMs: null, cwd: null, branch: null };
    draft.subagents.set(log.agentId, agent);
  }
  agent.agentType ??= log.agentType;
  for (const model of log.models) if (!agent.models.includes(model)) agent.models.push(model);
  if (startMs !== null && !Number.isNaN(startMs)) agent.startMs = agent.startMs === null ? startMs : Math.min(agent.startMs, startMs);
  if (endMs !== null && !Number.isNaN(endMs)) agent.endMs = agent.endMs === null ? endMs : Math.max(agent.endMs, endMs);
  if (log.cwd !== null) agent.cwd = log.cwd;
  if (log.branch !== null) agent.branch = log.branch;
}
