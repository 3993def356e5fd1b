/**
 * Session rows from what is stored: totals, request counts and peaks come from the session's sample
 * chunks, merged (so a response read in two slices, or two files, counts once), and the descriptive
 * fields (cwd, branch, models, times, the window the log states) merge what this scan read into what
 * earlier scans stored.
 */
import { mergeStoredChunks } from "../../core/sessions/sample-pack";
import { emptyAgentTotals, sessionTotals, summariseSamples, type AgentTotals, type SessionFacts } from "../../core/sessions/session-facts";
import { totalTokens, type TokenTotals } from "../../core/tokens";
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import type { ParsedSessionLog } from "../../core/sessions/types";
import type { RollupPart } from "../../core/usage/rollup";
import type { AgentSession } from "../../../generated/sqlite/client";
import type { BulkWriter } from "../db/bulk";
import { TABLES, type RowOf } from "../db/table-rows";
import { replaceRollups } from "../usage/rollups-write";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import { dbTimeToMs, parseJsonOr, subagentSessionId, toNullableNumber, toNumber } from "./session-ids";

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
  /** The main files' first human prompt (first-prompt.ts), the earliest read; its time when dated. */
  title: string | null;
  titleMs: number | null;
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
    title: null,
    titleMs: null,
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

interface DatedTitle {
  text: string | null;
  ms: number | null;
}

/** The earlier of two titles; without both times, the first (the one stored, or read first). */
export function earlierTitle(first: DatedTitle, second: DatedTitle): DatedTitle {
  if (first.text === null) return second.text === null ? { text: null, ms: null } : second;
  if (second.text === null) return first;
  return first.ms !== null && second.ms !== null && second.ms < first.ms ? second : first;
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
    if (log.firstPrompt) {
      const ms = log.firstPrompt.timestamp === null ? NaN : Date.parse(log.firstPrompt.timestamp);
      const title = earlierTitle({ text: draft.title, ms: draft.titleMs }, { text: log.firstPrompt.text, ms: Number.isNaN(ms) ? null : ms });
      draft.title = title.text;
      draft.titleMs = title.ms;
    }
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

/**
 * Folds `later` (what reads after the ones in `into` said, folded from empty) into `into`: the same
 * draft as folding all those reads in order (recompute-sessions.test.ts holds the two to each other).
 */
export function mergeDraft(into: SessionDraft, later: SessionDraft): void {
  into.startMs = minOf(into.startMs, later.startMs);
  into.endMs = maxOf(into.endMs, later.endMs);
  for (const model of later.models) if (!into.models.includes(model)) into.models.push(model);
  into.cwd = later.cwd ?? into.cwd;
  into.branch = later.branch ?? into.branch;
  into.logContextWindow = later.logContextWindow ?? into.logContextWindow;
  into.fallbackCwd = later.fallbackCwd ?? into.fallbackCwd;
  into.fallbackBranch = later.fallbackBranch ?? into.fallbackBranch;
  into.fallbackLogContextWindow = later.fallbackLogContextWindow ?? into.fallbackLogContextWindow;
  const title = earlierTitle({ text: into.title, ms: into.titleMs }, { text: later.title ?? null, ms: later.titleMs ?? null });
  into.title = title.text;
  into.titleMs = title.ms;
  for (const [agentId, agent] of later.subagents) {
    const earlier = into.subagents.get(agentId);
    if (!earlier) {
      into.subagents.set(agentId, agent);
      continue;
    }
    earlier.agentType ??= agent.agentType;
    for (const model of agent.models) if (!earlier.models.includes(model)) earlier.models.push(model);
    earlier.startMs = minOf(earlier.startMs, agent.startMs);
    earlier.endMs = maxOf(earlier.endMs, agent.endMs);
    earlier.cwd = agent.cwd ?? earlier.cwd;
    earlier.branch = agent.branch ?? earlier.branch;
  }
  // Facts of the session's only read stand only while it is the only one.
  into.wholeFacts = into.fileReads + later.fileReads === 1 ? (into.wholeFacts ?? later.wholeFacts) : null;
  into.fileReads += later.fileReads;
}

/** A draft as JSON text (Maps as entry lists), for DraftStore's table. */
export function draftToJson(draft: SessionDraft): string {
  return JSON.stringify({
    ...draft,
    subagents: [...draft.subagents],
    wholeFacts: draft.wholeFacts === null ? null : { byAgent: [...draft.wholeFacts.byAgent], lastModel: draft.wholeFacts.lastModel, rollup: draft.wholeFacts.rollup },
  });
}

export function draftFromJson(text: string): SessionDraft {
  const value = JSON.parse(text) as Omit<SessionDraft, "subagents" | "wholeFacts"> & {
    subagents: [string, SubagentDraft][];
    wholeFacts: { byAgent: [string, AgentTotals][]; lastModel: string | null; rollup: RollupPart[] } | null;
  };
  return { ...value, subagents: new Map(value.subagents), wholeFacts: value.wholeFacts === null ? null : { byAgent: new Map(value.wholeFacts.byAgent), lastModel: value.wholeFacts.lastModel, rollup: value.wholeFacts.rollup } };
}
