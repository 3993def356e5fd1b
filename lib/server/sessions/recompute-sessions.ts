/**
 * Session rows from what is stored: totals, request counts and peaks are SQL aggregates over the
 * session's RequestSample rows (so a response read in two slices, or two files, counts once), and the
 * descriptive fields (cwd, branch, models, times, the window the log states) merge what this scan
 * read into what earlier scans stored.
 */
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { ParsedSessionLog, SessionRuntime } from "../../core/sessions/types";
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

interface Aggregate {
  sessionId: string;
  agentId: string;
  n: unknown;
  i: unknown;
  cw: unknown;
  cr: unknown;
  o: unknown;
  r: unknown;
  peakOwn: unknown;
  peakAll: unknown;
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
  for (const batch of chunks(all, 400)) await recomputeBatch(bulk, batch);
}

async function recomputeBatch(bulk: BulkWriter, drafts: SessionDraft[]) {
  const ids = drafts.map((draft) => draft.id);
  const claudeIds = drafts.filter((draft) => draft.runtime === "claude-code").map((draft) => draft.id);
  if (claudeIds.length > 0) await markSidechainReplays(bulk, claudeIds);

  const aggregates = await bulk.query<Aggregate>(
    `SELECT "sessionId", "agentId", COUNT(*) AS "n", SUM("inputTokens") AS "i", SUM("cacheWriteTokens") AS "cw", SUM("cacheReadTokens") AS "cr",
       SUM("outputTokens") AS "o", SUM("reasoningTokens") AS "r",
       MAX(CASE WHEN "isSidechain" = FALSE THEN "contextTokens" END) AS "peakOwn", MAX("contextTokens") AS "peakAll"
     FROM "RequestSample" WHERE "counted" = TRUE AND "sessionId" IN (${marks(ids)}) GROUP BY "sessionId", "agentId"`,
    ids,
  );
  // The model table is looked up with the model of the main session's last request.
  const lastModels = await bulk.query<{ sessionId: string; model: string }>(
    `SELECT "sessionId", "model" FROM (
       SELECT "sessionId", "model", ROW_NUMBER() OVER (PARTITION BY "sessionId" ORDER BY "timestampMs" DESC NULLS LAST, "key" DESC) AS "rank"
       FROM "RequestSample" WHERE "sessionId" IN (${marks(ids)}) AND "agentId" = '' AND "isSidechain" = FALSE AND "counted" = TRUE AND "model" IS NOT NULL
     ) ranked WHERE "rank" = 1`,
    ids,
  );
  const compactions = await bulk.query<{ sessionId: string; agentId: string; n: unknown }>(
    `SELECT "sessionId", "agentId", COUNT(*) AS "n" FROM "Compaction" WHERE "sessionId" IN (${marks(ids)}) GROUP BY "sessionId", "agentId"`,
    ids,
  );
  const files = await bulk.query<{ sessionId: string; badLines: unknown; unknownTypes: string; offset: unknown; size: unknown; status: string }>(
    `SELECT "sessionId", "badLines", "unknownTypes", "offset", "size", "status" FROM "FileState" WHERE "sessionId" IN (${marks(ids)})`,
    ids,
  );
  const stored = await bulk.query<StoredSession>(
    `SELECT "id", "parentId", "agentId", "agentType", "cwd", "branch", "models", "startedAt", "endedAt", "logContextWindow", "userContextWindow", "firstSeenAt"
     FROM "AgentSession" WHERE "id" IN (${marks(ids)}) OR "parentId" IN (${marks(ids)})`,
    [...ids, ...ids],
  );

  const storedById = new Map(stored.map((row) => [row.id, row]));
  const aggregatesOf = groupBy(aggregates, (row) => row.sessionId);
  const lastModelOf = new Map(lastModels.map((row) => [row.sessionId, row.model]));
  const compactionsOf = new Map(compactions.map((row) => [`${row.sessionId}\0${row.agentId}`, toNumber(row.n)]));
  const filesOf = groupBy(files, (row) => row.sessionId);
  const now = new Date();
  const rows: Row[] = [];

  for (const draft of drafts) {
    const previous = draft.reset ? undefined : storedById.get(draft.id);
    const groups = aggregatesOf.get(draft.id) ?? [];
    const totals = { n: 0, i: 0, cw: 0, cr: 0, o: 0, r: 0 };
    let peak = 0;
    for (const group of groups) {
      totals.n += toNumber(group.n);
      totals.i += toNumber(group.i);
      totals.cw += toNumber(group.cw);
      totals.cr += toNumber(group.cr);
      totals.o += toNumber(group.o);
      totals.r += toNumber(group.r);
      if (group.agentId === "") peak = Math.max(peak, toNumber(group.peakOwn));
    }
    const models = union(parseJsonOr<string[]>(previous?.models, []), draft.models);
    const startMs = minOf(dbTimeToMs(previous?.startedAt), draft.startMs);
    const endMs = maxOf(dbTimeToMs(previous?.endedAt), draft.endMs);
    const logWindow = draft.logContextWindow ?? toNullableNumber(previous?.logContextWindow) ?? draft.fallbackLogContextWindow;
    const userWindow = toNullableNumber(storedById.get(draft.id)?.userContextWindow);
    const lastModel = lastModelOf.get(draft.id) ?? models[models.length - 1] ?? null;
    const window = resolveContextWindow(userWindow, logWindow, lastModel);
    let badLines = 0;
    const unknownTypes: Record<string, number> = {};
    for (const file of filesOf.get(draft.id) ?? []) {
      // An unconsumed last line is one bad line while it stays incomplete (not once the file is gone).
      badLines += toNumber(file.badLines) + (file.status !== "gone" && toNumber(file.offset) < toNumber(file.size) ? 1 : 0);
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
    const agentIds = new Set([...groups.filter((group) => group.agentId !== "").map((group) => group.agentId), ...draft.subagents.keys()]);
    for (const agentId of agentIds) {
      const id = subagentSessionId(draft.id, agentId);
      const before = draft.reset ? undefined : storedById.get(id);
      const agentDraft = draft.subagents.get(agentId);
      const group = groups.find((entry) => entry.agentId === agentId);
      const agentModels = union(parseJsonOr<string[]>(before?.models, []), agentDraft?.models ?? []);
      const agentStart = minOf(dbTimeToMs(before?.startedAt), agentDraft?.startMs ?? null);
      const agentEnd = maxOf(dbTimeToMs(before?.endedAt), agentDraft?.endMs ?? null);
      const counts = [toNumber(group?.i), toNumber(group?.cw), toNumber(group?.cr), toNumber(group?.o), toNumber(group?.r)] as const;
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
        toNumber(group?.n),
        ...counts,
        counts[0] + counts[1] + counts[2] + counts[3],
        // A subagent's lines are sidechain lines: its peak is over all of its own requests.
        toNumber(group?.peakAll),
        null,
        compactionsOf.get(`${draft.id}\0${agentId}`) ?? 0,
        "{}",
        0,
        now,
        now,
      ]);
    }
  }
  await bulk.upsert("AgentSession", SESSION_COLUMNS, rows, { conflict: ["id"], update: SESSION_UPDATE });
}

/**
 * The Claude sidechain-replay rule of request-dedupe.ts over stored rows: a sidechain copy of a
 * response the session also holds under another key is not counted — when a non-sidechain copy
 * exists, or a sidechain copy with a larger total (ties: the smaller key).
 */
async function markSidechainReplays(bulk: BulkWriter, ids: string[]) {
  const total = (alias: string) => `(${alias}."inputTokens" + ${alias}."cacheWriteTokens" + ${alias}."cacheReadTokens" + ${alias}."outputTokens")`;
  await bulk.execute(`UPDATE "RequestSample" SET "counted" = TRUE WHERE "counted" = FALSE AND "sessionId" IN (${marks(ids)})`, ids);
  await bulk.execute(
    `UPDATE "RequestSample" SET "counted" = FALSE
     WHERE "sessionId" IN (${marks(ids)}) AND "isSidechain" = TRUE AND "responseId" IS NOT NULL AND EXISTS (
       SELECT 1 FROM "RequestSample" other
       WHERE other."sessionId" = "RequestSample"."sessionId" AND other."responseId" = "RequestSample"."responseId" AND other."key" <> "RequestSample"."key"
         AND (other."isSidechain" = FALSE OR ${total("other")} > ${total('"RequestSample"')}
              OR (${total("other")} = ${total('"RequestSample"')} AND other."key" < "RequestSample"."key")))`,
    ids,
  );
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
