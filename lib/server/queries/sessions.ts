/**
 * A session's page (getSession), the sessions linked to a handoff, the window a user sets. The list
 * is session-list.ts, the agent sources agent-sources.ts. Reads for the session pages, the API routes and `scan --json`. Return types are the contract:
 * components import `SessionListItem`, `SessionDetail`, … instead of declaring their own.
 * Totals are BIGINT in the database (a long-lived session passes 2^31 cache-read tokens); they are
 * numbers here (exact below 2^53), so everything returned is JSON-safe.
 */
import type { TokenTotals } from "../../core/tokens";
import { sessionNotices } from "../../core/sessions/session-notices";
import { countedSamples, mergeStoredChunks, type StoredSample } from "../../core/sessions/sample-pack";
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import { handoffName } from "../../core/chains/chain-name";
import type { Db } from "../db/client";
import { parseJsonOr, toNumber } from "../sessions/session-ids";
import { relatedCounts } from "./session-counts";
import { listSelect, sessionTokenSelect, toListItem, type SessionListItem } from "./session-list";

export type LinkMethod = "session-id" | "repo-branch-time";

export interface SessionSubagent extends TokenTotals {
  agentId: string;
  agentType: string | null;
  peakContextTokens: number;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  compactions: number;
}

export interface SessionRequest {
  /** Epoch ms. */
  t: number | null;
  model: string | null;
  /** null for the main session's own requests. */
  agentId: string | null;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  contextTokens: number;
}

export interface SessionCompaction {
  t: number | null;
  trigger: "auto" | "manual" | null;
  preTokens: number | null;
  postTokens: number | null;
}

export interface SessionCheckpoint {
  t: number | null;
  id: string;
  phase: string | null;
  usedTokens: number | null;
  availableTokens: number | null;
  recoveryReserveTokens: number | null;
  /** "checkpoint" | "handoff-package" | "session-metadata" | "token-usage" | "context-snapshot" | "token-probe" */
  kind: string;
  totalTokens: number | null;
  usedPercent: number | null;
  /** The state file it was read from (absolute). */
  file: string;
}

export interface SessionHandoff {
  id: string;
  path: string;
  phase: string | null;
  /** Its one name (handoffName): the protocol's phase, else its title, else the file name. */
  name: string;
  runtime: string | null;
  /** When it was written: identity timestamp, else commit time, else mtime (epoch ms). */
  t: number | null;
  method: LinkMethod;
  repo: { id: string; name: string };
}

export interface BudgetAllocationNode {
  label: string;
  /** As declared; 0 when the line gives neither tokens nor a percent of a known total. */
  tokens: number;
  percent: number | null;
  children: BudgetAllocationNode[];
}

export interface SessionBudget {
  thresholdsPercent: number[];
  reserveTokens: number | null;
  totalTokens: number | null;
  allocation: BudgetAllocationNode[] | null;
  /** Repo-relative path of the file the budget was read from. */
  source: string;
}

export interface SessionSourceIssue {
  /** Absolute path. */
  file: string;
  badLines: number;
  unknownTypes: Record<string, number>;
}

/**
 * A list item whose three counts become the lists they count (`requests`, `compactions`,
 * `subagents`); TypeScript cannot extend an interface with a field of another type, hence the Omit.
 * The counts stay available as `requestCount`, `compactionCount`, `subagentCount`.
 */
export interface SessionDetail extends Omit<SessionListItem, "requests" | "compactions" | "subagents"> {
  subagents: SessionSubagent[];
  /** Main session and subagents, de-duplicated, ordered by time. */
  requests: SessionRequest[];
  /** The main session's compactions, by time. */
  compactions: SessionCompaction[];
  checkpoints: SessionCheckpoint[];
  handoffs: SessionHandoff[];
  budget: SessionBudget | null;
  sourceIssues: SessionSourceIssue[];
  /** What to know beside the numbers (core/sessions/session-notices.ts). */
  notices: string[];
  /** SessionListItem.requests: de-duplicated API responses, subagents included. */
  requestCount: number;
  /** SessionListItem.compactions. */
  compactionCount: number;
  /** SessionListItem.subagents. */
  subagentCount: number;
}

/** Whether getSession would find the session (one indexed read: pages answer 404 before rendering). */
export async function sessionExists(db: Db, id: string): Promise<boolean> {
  const row = await db.agentSession.findUnique({ where: { id }, select: { parentId: true } });
  return isSessionPage(row);
}

/** Subagents have no page of their own: they are listed on their session's. */
const isSessionPage = (row: { parentId: string | null } | null): row is { parentId: null } => row !== null && row.parentId === null;

export async function getSession(db: Db, id: string): Promise<SessionDetail | null> {
  const row = await db.agentSession.findUnique({ where: { id }, select: { ...listSelect, externalId: true, repoId: true, parentId: true } });
  if (!isSessionPage(row)) return null;
  const [subagents, samples, compactions, checkpoints, links, budgets, files] = await Promise.all([
    db.agentSession.findMany({
      where: { parentId: id },
      select: {
        agentId: true,
        agentType: true,
        ...sessionTokenSelect,
        peakContextTokens: true,
        models: true,
        startedAt: true,
        endedAt: true,
        compactionCount: true,
      },
      orderBy: [{ startedAt: { sort: "asc", nulls: "last" } }, { agentId: "asc" }],
    }),
    db.sampleChunk.findMany({ where: { sessionId: id }, select: { data: true }, orderBy: { id: "asc" } }),
    db.compaction.findMany({
      where: { sessionId: id, agentId: "" },
      select: { timestampMs: true, trigger: true, preTokens: true, postTokens: true },
      orderBy: [{ timestampMs: { sort: "asc", nulls: "last" } }, { line: "asc" }],
    }),
    db.checkpoint.findMany({
      where: { sessionExternalId: row.externalId },
      select: { id: true, path: true, kind: true, recordId: true, timestamp: true, phase: true, usedTokens: true, availableTokens: true, totalTokens: true, usedPercent: true, recoveryReserveTokens: true, source: { select: { root: true } } },
      orderBy: [{ timestamp: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    }),
    db.sessionHandoffLink.findMany({
      where: { sessionId: id },
      select: { method: true, handoff: { select: { id: true, path: true, phase: true, title: true, runtime: true, timestamp: true, commitTime: true, fileMtime: true, repo: { select: { id: true, name: true } } } } },
    }),
    row.repoId
      ? db.budgetConfig.findMany({ where: { repoId: row.repoId }, select: { path: true, thresholdsPercent: true, reserveTokens: true, totalTokens: true, allocation: true }, orderBy: { path: "asc" } })
      : Promise.resolve([]),
    db.fileState.findMany({ where: { sessionId: id }, select: { path: true, badLines: true, unknownTypes: true, offset: true, size: true, status: true, source: { select: { root: true } } }, orderBy: { path: "asc" } }),
  ]);
  const { subagents: subagentCount, requests: requestCount, compactions: compactionCount, ...item } = toListItem(row, (await relatedCounts(db, [id])).get(id)!);
  return {
    ...item,
    requestCount,
    compactionCount,
    subagentCount,
    notices: sessionNotices({ runtime: item.runtime, requests: requestCount }),
    subagents: subagents.map((agent) => ({
      agentId: agent.agentId ?? "",
      agentType: agent.agentType,
      requests: agent.requestCount,
      inputTokens: toNumber(agent.inputTokens),
      cacheWriteTokens: toNumber(agent.cacheWriteTokens),
      cacheReadTokens: toNumber(agent.cacheReadTokens),
      outputTokens: toNumber(agent.outputTokens),
      reasoningTokens: toNumber(agent.reasoningTokens),
      peakContextTokens: agent.peakContextTokens,
      models: parseJsonOr<string[]>(agent.models, []),
      startedAt: agent.startedAt?.toISOString() ?? null,
      endedAt: agent.endedAt?.toISOString() ?? null,
      compactions: agent.compactionCount,
    })),
    requests: sessionRequests(row.runtime as SessionRuntime, samples).map((sample) => ({
      t: sample.timestampMs,
      model: sample.model,
      agentId: sample.agentId === "" ? null : sample.agentId,
      inputTokens: sample.inputTokens,
      cacheWriteTokens: sample.cacheWriteTokens,
      cacheReadTokens: sample.cacheReadTokens,
      outputTokens: sample.outputTokens,
      reasoningTokens: sample.reasoningTokens,
      contextTokens: sample.contextTokens,
      toolResultTokens: sample.toolResultTokens,
    })),
    compactions: compactions.map((compaction) => ({
      t: compaction.timestampMs,
      trigger: compaction.trigger === "auto" || compaction.trigger === "manual" ? compaction.trigger : null,
      preTokens: compaction.preTokens,
      postTokens: compaction.postTokens,
    })),
    checkpoints: checkpoints.map((checkpoint) => ({
      t: checkpoint.timestamp?.getTime() ?? null,
      id: checkpoint.recordId || `${checkpoint.kind}:${checkpoint.id}`,
      phase: checkpoint.phase,
      usedTokens: checkpoint.usedTokens,
      availableTokens: checkpoint.availableTokens,
      recoveryReserveTokens: checkpoint.recoveryReserveTokens,
      kind: checkpoint.kind,
      totalTokens: checkpoint.totalTokens,
      usedPercent: checkpoint.usedPercent,
      file: joinPath(checkpoint.source.root, checkpoint.path),
    })),
    handoffs: links
      .map((link) => ({
        id: link.handoff.id,
        path: link.handoff.path,
        phase: link.handoff.phase,
        name: handoffName(link.handoff),
        runtime: link.handoff.runtime,
        t: (link.handoff.timestamp ?? link.handoff.commitTime ?? link.handoff.fileMtime)?.getTime() ?? null,
        method: link.method as LinkMethod,
        repo: link.handoff.repo,
      }))
      .sort((a, b) => (a.t ?? Infinity) - (b.t ?? Infinity) || a.path.localeCompare(b.path)),
    budget: pickBudget(budgets),
    sourceIssues: files
      .map((file) => ({
        file: joinPath(file.source.root, file.path),
        // An unconsumed, incomplete last line counts while it stays incomplete.
        badLines: file.badLines + (file.status === "ok" && file.size !== null && file.offset < file.size ? 1 : 0),
        unknownTypes: parseJsonOr<Record<string, number>>(file.unknownTypes, {}),
      }))
      .filter((issue) => issue.badLines > 0 || Object.keys(issue.unknownTypes).length > 0),
  };
}

/**
 * A session's requests that count, by time: its chunks merged in write order. A chunk that cannot be
 * read back is left out here; the scan that recomputed the session reported it on its source.
 */
function sessionRequests(runtime: SessionRuntime, chunks: { data: string }[]): StoredSample[] {
  return countedSamples(runtime, mergeStoredChunks(runtime, chunks, () => undefined));
}

/**
 * The repo's budget, merged field by field: a repo may declare thresholds and the reserve in a JSON
 * config and the allocation tree in a document. Each field comes from the first file (by path) that
 * declares it; `source` lists the files used.
 */
function pickBudget(budgets: { path: string; thresholdsPercent: string; reserveTokens: number | null; totalTokens: number | null; allocation: string | null }[]): SessionBudget | null {
  const sorted = [...budgets].sort((a, b) => a.path.localeCompare(b.path));
  const used = new Set<string>();
  const first = <T>(read: (budget: (typeof budgets)[number]) => T | null): T | null => {
    for (const budget of sorted) {
      const value = read(budget);
      if (value !== null) {
        used.add(budget.path);
        return value;
      }
    }
    return null;
  };
  const thresholdsPercent = first((budget) => {
    const values = parseJsonOr<number[]>(budget.thresholdsPercent, []);
    return values.length > 0 ? values : null;
  });
  const reserveTokens = first((budget) => budget.reserveTokens);
  const allocationSource = first((budget) => {
    const allocation = parseJsonOr<RawAllocation[] | null>(budget.allocation, null);
    return allocation && allocation.length > 0 ? { allocation, totalTokens: budget.totalTokens } : null;
  });
  const totalTokens = allocationSource?.totalTokens ?? first((budget) => budget.totalTokens);
  if (used.size === 0) return null;
  return {
    thresholdsPercent: thresholdsPercent ?? [],
    reserveTokens,
    totalTokens,
    allocation: allocationSource ? allocationSource.allocation.map((node) => allocationNode(node, totalTokens)) : null,
    source: [...used].join(", "),
  };
}

interface RawAllocation {
  label: string;
  tokens: number | null;
  percent: number | null;
  children: RawAllocation[];
}

function allocationNode(node: RawAllocation, total: number | null): BudgetAllocationNode {
  const derived = node.tokens ?? (node.percent !== null && total !== null ? Math.round((node.percent * total) / 100) : 0);
  return { label: node.label, tokens: derived, percent: node.percent, children: (node.children ?? []).map((child) => allocationNode(child, total)) };
}

export async function getSessionsForHandoff(db: Db, handoffId: string): Promise<{ session: SessionDetail; method: LinkMethod }[]> {
  const links = await db.sessionHandoffLink.findMany({ where: { handoffId }, select: { sessionId: true, method: true }, orderBy: { sessionId: "asc" } });
  const found = await Promise.all(links.map(async (link) => ({ session: await getSession(db, link.sessionId), method: link.method as LinkMethod })));
  return found
    .filter((entry): entry is { session: SessionDetail; method: LinkMethod } => entry.session !== null)
    .sort((a, b) => (a.method === b.method ? (a.session.startedAt ?? "").localeCompare(b.session.startedAt ?? "") : a.method === "session-id" ? -1 : 1));
}

/** Sets (or, with null, clears) the window a session is measured against; it wins over log and table. */
export async function setUserContextWindow(db: Db, sessionId: string, tokens: number | null): Promise<void> {
  if (tokens !== null && (!Number.isInteger(tokens) || tokens <= 0 || tokens > 100_000_000)) {
    throw new RangeError(`context window must be a positive whole number of tokens (got ${tokens})`);
  }
  const row = await db.agentSession.findUnique({ where: { id: sessionId }, select: { logContextWindow: true, lastModel: true, peakContextTokens: true } });
  if (!row) throw new RangeError(`no session ${sessionId}`);
  const window = resolveContextWindow(tokens, row.logContextWindow, row.lastModel);
  await db.agentSession.update({
    where: { id: sessionId },
    data: {
      userContextWindow: tokens,
      contextWindow: window.tokens,
      contextWindowSource: window.source,
      peakContextPercent: window.tokens ? (row.peakContextTokens * 100) / window.tokens : null,
    },
  });
}

function joinPath(root: string, relative: string): string {
  return `${root.replace(/\/+$/, "")}/${relative}`;
}
