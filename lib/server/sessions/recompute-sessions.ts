/**
 * Session rows from what is stored: totals, request counts and peaks come from the session's sample
 * chunks, merged (so a response read in two slices, or two files, counts once), and the descriptive
 * fields (cwd, branch, models, times, the window the log states) merge what this scan read into what
 * earlier scans stored. The drafts a scan reads into are session-draft.ts.
 */
import { mergeStoredChunks } from "../../core/sessions/sample-pack";
import { emptyAgentTotals, sessionTotals } from "../../core/sessions/session-facts";
import { summariseSamples, type SessionFacts } from "../../core/usage/session-usage-facts";
import { totalTokens, type TokenTotals } from "../../core/tokens";
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { AgentSession } from "../../../generated/sqlite/client";
import type { BulkWriter } from "../db/bulk";
import { TABLES, type RowOf } from "../db/table-rows";
import { replaceRollups } from "../usage/rollups-write";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import { dbTimeToMs, parseJsonOr, subagentSessionId, toNullableNumber, toNumber } from "./session-ids";
import { earlierTitle, maxOf, minOf, union, type SessionDraft } from "./session-draft";

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
  title: string | null;
  titleAt: unknown;
}

/** Kept as first written: identity and first sight (the user's override, the link step's repo and the seed fold are never written here). */
const SESSION_KEPT = ["id", "sourceId", "runtime", "externalId", "firstSeenAt"] as const;

/** An AgentSession row as recompute writes it (every column it owns). */
type SessionRow = ReturnType<typeof sessionRow>;

function sessionRow(row: {
  id: string;
  sourceId: string;
  runtime: string;
  externalId: string;
  parentId: string | null;
  agentId: string | null;
  agentType: string | null;
  cwd: string | null;
  branch: string | null;
  models: string[];
  startMs: number | null;
  endMs: number | null;
  lastModel: string | null;
  logContextWindow: number | null;
  contextWindow: number | null;
  contextWindowSource: string;
  totals: TokenTotals;
  peakContextTokens: number;
  peakContextPercent: number | null;
  compactionCount: number;
  unknownTypes: Record<string, number>;
  badLines: number;
  now: Date;
  title: string | null;
  titleMs: number | null;
}) {
  return {
    id: row.id,
    sourceId: row.sourceId,
    runtime: row.runtime,
    externalId: row.externalId,
    parentId: row.parentId,
    agentId: row.agentId,
    agentType: row.agentType,
    cwd: row.cwd,
    branch: row.branch,
    models: JSON.stringify(row.models),
    startedAt: row.startMs === null ? null : new Date(row.startMs),
    endedAt: row.endMs === null ? null : new Date(row.endMs),
    durationMs: row.startMs !== null && row.endMs !== null ? row.endMs - row.startMs : null,
    lastModel: row.lastModel,
    logContextWindow: row.logContextWindow,
    contextWindow: row.contextWindow,
    contextWindowSource: row.contextWindowSource,
    requestCount: row.totals.requests,
    inputTokens: row.totals.inputTokens,
    cacheWriteTokens: row.totals.cacheWriteTokens,
    cacheReadTokens: row.totals.cacheReadTokens,
    outputTokens: row.totals.outputTokens,
    reasoningTokens: row.totals.reasoningTokens,
    totalTokens: totalTokens(row.totals),
    peakContextTokens: row.peakContextTokens,
    peakContextPercent: row.peakContextPercent,
    compactionCount: row.compactionCount,
    unknownTypes: JSON.stringify(row.unknownTypes),
    badLines: row.badLines,
    updatedAt: row.now,
    firstSeenAt: row.now,
    title: row.title,
    titleAt: row.titleMs === null ? null : new Date(row.titleMs),
  } satisfies RowOf<AgentSession>;
}

const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** A stored chunk that could not be read back (its session's other chunks still count). */
export interface RecomputeProblem {
  sessionId: string;
  sourceId: string;
  message: string;
}

/** Session rows for the drafts, a batch at a time (a batch's samples are read into memory). */
export async function recomputeSessions(bulk: BulkWriter, batches: Iterable<SessionDraft[]> | AsyncIterable<SessionDraft[]>): Promise<RecomputeProblem[]> {
  const problems: RecomputeProblem[] = [];
  for await (const batch of batches) await recomputeBatch(bulk, batch, problems);
  return problems;
}

/** Drafts per recompute batch (DraftStore.batches yields them so). */
export const RECOMPUTE_BATCH = 200;

/** Samples read back per query: bounds memory whatever the sessions' sizes. */
const CHUNK_READ_SAMPLES = 50_000;

/**
 * Facts of sessions whose samples are already stored: each session's chunks are read back, merged
 * and summarised, a few sessions at a time. A chunk that cannot be read (another format version,
 * damaged storage) is reported and left out; the session's other chunks still count.
 */
async function storedFacts(bulk: BulkWriter, drafts: SessionDraft[], problems: RecomputeProblem[]): Promise<Map<string, SessionFacts>> {
  const facts = new Map<string, SessionFacts>();
  if (drafts.length === 0) return facts;
  const runtimeOf = new Map(drafts.map((draft) => [draft.id, draft.runtime]));
  const sourceOf = new Map(drafts.map((draft) => [draft.id, draft.sourceId]));
  const sizes = await bulk.query<{ sessionId: string; n: unknown }>(
    `SELECT "sessionId", SUM("count") AS "n" FROM "SampleChunk" WHERE "sessionId" IN (${marks(drafts)}) GROUP BY "sessionId"`,
    drafts.map((draft) => draft.id),
  );
  const sizeOf = new Map(sizes.map((row) => [row.sessionId, toNumber(row.n)]));
  const groups: string[][] = [];
  let group: string[] = [];
  let held = 0;
  for (const draft of drafts) {
    const size = sizeOf.get(draft.id) ?? 0;
    if (group.length > 0 && held + size > CHUNK_READ_SAMPLES) {
      groups.push(group);
      group = [];
      held = 0;
    }
    group.push(draft.id);
    held += size;
  }
  if (group.length > 0) groups.push(group);
  for (const ids of groups) {
    const rows = await bulk.query<{ sessionId: string; id: unknown; data: string }>(
      `SELECT "sessionId", "id", "data" FROM "SampleChunk" WHERE "sessionId" IN (${marks(ids)}) ORDER BY "sessionId", "id"`,
      ids,
    );
    const chunksOf = groupBy(rows, (row) => row.sessionId);
    for (const id of ids) {
      const runtime = runtimeOf.get(id)!;
      const merged = mergeStoredChunks(runtime, chunksOf.get(id) ?? [], (row, error) => {
        problems.push({ sessionId: id, sourceId: sourceOf.get(id)!, message: `stored sample chunk ${String(row.id)} could not be read back (${error instanceof Error ? error.message : String(error)}); its requests are left out` });
      });
      facts.set(id, summariseSamples(runtime, merged));
    }
  }
  return facts;
}

async function recomputeBatch(bulk: BulkWriter, drafts: SessionDraft[], problems: RecomputeProblem[]) {
  const ids = drafts.map((draft) => draft.id);
  const files = await bulk.query<{ sessionId: string; badLines: unknown; unknownTypes: string; offset: unknown; size: unknown; status: string }>(
    `SELECT "sessionId", "badLines", "unknownTypes", "offset", "size", "status" FROM "FileState" WHERE "sessionId" IN (${marks(ids)})`,
    ids,
  );
  const filesOf = groupBy(files, (row) => row.sessionId);
  // A session whose files were all read whole this scan (one, or several read together), and which
  // no other file (present or gone) ever fed, holds exactly those files' samples: its facts are
  // already known.
  const known = new Map<string, SessionFacts>();
  for (const draft of drafts) {
    if (draft.wholeFacts && (filesOf.get(draft.id)?.length ?? 0) === draft.fileReads) known.set(draft.id, draft.wholeFacts);
  }
  const toRead = ids.filter((id) => !known.has(id));
  for (const [id, facts] of await storedFacts(bulk, drafts.filter((draft) => toRead.includes(draft.id)), problems)) known.set(id, facts);
  const compactions = await bulk.query<{ sessionId: string; agentId: string; n: unknown }>(
    `SELECT "sessionId", "agentId", COUNT(*) AS "n" FROM "Compaction" WHERE "sessionId" IN (${marks(ids)}) GROUP BY "sessionId", "agentId"`,
    ids,
  );
  const stored = await bulk.query<StoredSession>(
    `SELECT "id", "parentId", "agentId", "agentType", "cwd", "branch", "models", "startedAt", "endedAt", "logContextWindow", "userContextWindow", "firstSeenAt", "title", "titleAt"
     FROM "AgentSession" WHERE "id" IN (${marks(ids)}) OR "parentId" IN (${marks(ids)})`,
    [...ids, ...ids],
  );

  const storedById = new Map(stored.map((row) => [row.id, row]));
  const compactionsOf = new Map(compactions.map((row) => [`${row.sessionId}\0${row.agentId}`, toNumber(row.n)]));
  const now = new Date();
  const rows: SessionRow[] = [];

  for (const draft of drafts) {
    const previous = draft.reset ? undefined : storedById.get(draft.id);
    const facts = known.get(draft.id)!;
    const totals = sessionTotals(facts);
    const peak = facts.byAgent.get("")?.peakOwn ?? 0;
    const models = union(parseJsonOr<string[]>(previous?.models, []), draft.models);
    const startMs = minOf(dbTimeToMs(previous?.startedAt), draft.startMs);
    const endMs = maxOf(dbTimeToMs(previous?.endedAt), draft.endMs);
    const logWindow = draft.logContextWindow ?? toNullableNumber(previous?.logContextWindow) ?? draft.fallbackLogContextWindow;
    const userWindow = toNullableNumber(storedById.get(draft.id)?.userContextWindow);
    const lastModel = facts.lastModel ?? models[models.length - 1] ?? null;
    const window = resolveContextWindow(userWindow, logWindow, lastModel);
    // The stored title stays unless this scan read an earlier prompt (a later append never replaces it).
    const title = earlierTitle({ text: previous?.title ?? null, ms: dbTimeToMs(previous?.titleAt) }, { text: draft.title, ms: draft.titleMs });
    let badLines = 0;
    const unknownTypes: Record<string, number> = {};
    for (const file of filesOf.get(draft.id) ?? []) {
      // An unconsumed last line is one bad line while it stays incomplete (not once the file is gone).
      badLines += toNumber(file.badLines) + (file.status === "ok" && toNumber(file.offset) < toNumber(file.size) ? 1 : 0);
      for (const [type, count] of Object.entries(parseJsonOr<Record<string, number>>(file.unknownTypes, {}))) unknownTypes[type] = (unknownTypes[type] ?? 0) + count;
    }
    rows.push(
      sessionRow({
        id: draft.id,
        sourceId: draft.sourceId,
        runtime: draft.runtime,
        externalId: draft.externalId,
        parentId: null,
        agentId: null,
        agentType: null,
        cwd: draft.cwd ?? previous?.cwd ?? draft.fallbackCwd,
        branch: draft.branch ?? previous?.branch ?? draft.fallbackBranch,
        models,
        startMs,
        endMs,
        lastModel,
        logContextWindow: logWindow,
        contextWindow: window.tokens,
        contextWindowSource: window.source,
        totals,
        peakContextTokens: peak,
        peakContextPercent: window.tokens ? (peak * 100) / window.tokens : null,
        compactionCount: compactionsOf.get(`${draft.id}\0`) ?? 0,
        unknownTypes,
        badLines,
        now,
        title: title.text,
        titleMs: title.ms,
      }),
    );

    // Subagents: every agent with requests, plus those read this scan that have none yet.
    const agentIds = new Set([...[...facts.byAgent.keys()].filter((agentId) => agentId !== ""), ...draft.subagents.keys()]);
    for (const agentId of agentIds) {
      const id = subagentSessionId(draft.id, agentId);
      const before = draft.reset ? undefined : storedById.get(id);
      const agentDraft = draft.subagents.get(agentId);
      const group = facts.byAgent.get(agentId) ?? emptyAgentTotals();
      const agentModels = union(parseJsonOr<string[]>(before?.models, []), agentDraft?.models ?? []);
      const agentStart = minOf(dbTimeToMs(before?.startedAt), agentDraft?.startMs ?? null);
      const agentEnd = maxOf(dbTimeToMs(before?.endedAt), agentDraft?.endMs ?? null);
      rows.push(
        sessionRow({
          id,
          sourceId: draft.sourceId,
          runtime: draft.runtime,
          externalId: draft.externalId,
          parentId: draft.id,
          agentId,
          agentType: agentDraft?.agentType ?? before?.agentType ?? null,
          cwd: agentDraft?.cwd ?? before?.cwd ?? null,
          branch: agentDraft?.branch ?? before?.branch ?? null,
          models: agentModels,
          startMs: agentStart,
          endMs: agentEnd,
          lastModel: agentModels[agentModels.length - 1] ?? null,
          logContextWindow: null,
          contextWindow: null,
          contextWindowSource: "unknown",
          totals: group,
          // A subagent's lines are sidechain lines: its peak is over all of its own requests.
          peakContextTokens: group.peakAll,
          peakContextPercent: null,
          compactionCount: compactionsOf.get(`${draft.id}\0${agentId}`) ?? 0,
          unknownTypes: {},
          badLines: 0,
          now,
          title: null,
          titleMs: null,
        }),
      );
    }
  }
  // Rows not stored yet are plain inserts on SQLite: with foreign keys on, an upsert costs two to three
  // times an insert there (measured on 1,875 rows), and the scan's write lock means nothing else can
  // add them meanwhile. PostgreSQL transactions can race, so there every row stays an upsert.
  const isNew = (row: SessionRow) => bulk.provider === "sqlite" && !storedById.has(row.id);
  // A session row that cannot be written (whatever slipped past the value checks) is reported on its
  // source; the other sessions are written (isolate.ts). A main session's rows go together.
  const sourceOf = new Map(drafts.map((draft) => [draft.id, draft.sourceId]));
  const groups = [...groupBy(rows, (row) => row.parentId ?? row.id).entries()];
  await writeIsolated(
    bulk,
    groups,
    async (batch) => {
      const all = batch.flatMap(([, group]) => group);
      await TABLES.agentSession.insert(bulk, all.filter(isNew));
      await TABLES.agentSession.upsert(bulk, all.filter((row) => !isNew(row)), { conflict: ["id"], update: { except: [...SESSION_KEPT] } });
      // The usage rollup follows the totals: rewritten whole from the same merged requests.
      await replaceRollups(bulk, batch.map(([sessionId]) => [sessionId, known.get(sessionId)?.rollup ?? []]));
    },
    ([sessionId], error) => problems.push({ sessionId, sourceId: sourceOf.get(sessionId) ?? "", message: `session row could not be stored: ${writeFailureMessage(error)}` }),
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
