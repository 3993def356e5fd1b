/**
 * The sessions list (`/sessions`, the overview): its filters as the address holds them, the row each
 * session shows, sorting and paging, and the filter choices. getSession (sessions.ts) builds a
 * session's page on the same row.
 */
import type { TokenTotals } from "../../core/tokens";
import { z } from "zod";
import { parseSearchParams } from "../../core/search-params";
import type { Prisma } from "../../../generated/sqlite/client";
import type { Db } from "../db/client";
import { parseJsonOr, toNumber } from "../sessions/session-ids";
import { relatedCounts, type RelatedCounts } from "./session-counts";

export const SESSION_SORTS = ["recent", "peak", "tokens", "duration"] as const;

export const sessionFiltersSchema = z.object({
  runtime: z.string().optional(),
  /** Repo id. */
  repo: z.string().optional(),
  /** Sessions active on or after this day (UTC). */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** Sessions active on or before this day (UTC). */
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  sort: z.enum(SESSION_SORTS).default("recent"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type SessionFilters = z.infer<typeof sessionFiltersSchema>;

/** Reads URL search params leniently: a bad value is dropped, not an error page. */
export function parseSessionFilters(params: Record<string, string | string[] | undefined>): SessionFilters {
  return parseSearchParams(sessionFiltersSchema, params);
}

export type ContextWindowSource = "log" | "model-table" | "user" | "unknown";

export interface SessionListItem extends TokenTotals {
  id: string;
  runtime: string;
  sessionId: string;
  cwd: string | null;
  branch: string | null;
  repo: { id: string; name: string } | null;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
  totalTokens: number;
  contextWindow: number | null;
  contextWindowSource: ContextWindowSource;
  peakContextTokens: number;
  peakContextPercent: number | null;
  compactions: number;
  subagents: number;
  linkedHandoffs: number;
  /** The window the user set, when they did (contextWindowSource is then "user"). */
  userContextWindow: number | null;
  source: { id: string; kind: string; label: string };
}

/** A session row's request and token counts (TokenTotals' fields under their column names), for every select that shows them. */
export const sessionTokenSelect = {
  requestCount: true,
  inputTokens: true,
  cacheWriteTokens: true,
  cacheReadTokens: true,
  outputTokens: true,
  reasoningTokens: true,
} as const;

export const listSelect = {
  id: true,
  runtime: true,
  externalId: true,
  cwd: true,
  branch: true,
  models: true,
  startedAt: true,
  endedAt: true,
  durationMs: true,
  ...sessionTokenSelect,
  totalTokens: true,
  contextWindow: true,
  contextWindowSource: true,
  userContextWindow: true,
  peakContextTokens: true,
  peakContextPercent: true,
  compactionCount: true,
  repo: { select: { id: true, name: true } },
  source: { select: { id: true, kind: true, label: true } },
} satisfies Prisma.AgentSessionSelect;

export type ListRow = Prisma.AgentSessionGetPayload<{ select: typeof listSelect }>;

export function toListItem(row: ListRow, counts: RelatedCounts): SessionListItem {
  return {
    id: row.id,
    runtime: row.runtime,
    sessionId: row.externalId,
    cwd: row.cwd,
    branch: row.branch,
    repo: row.repo,
    models: parseJsonOr<string[]>(row.models, []),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    requests: row.requestCount,
    inputTokens: toNumber(row.inputTokens),
    cacheWriteTokens: toNumber(row.cacheWriteTokens),
    cacheReadTokens: toNumber(row.cacheReadTokens),
    outputTokens: toNumber(row.outputTokens),
    reasoningTokens: toNumber(row.reasoningTokens),
    totalTokens: toNumber(row.totalTokens),
    contextWindow: row.contextWindow,
    contextWindowSource: row.contextWindowSource as ContextWindowSource,
    peakContextTokens: row.peakContextTokens,
    peakContextPercent: row.peakContextPercent,
    compactions: row.compactionCount,
    subagents: counts.subagents,
    linkedHandoffs: counts.links,
    userContextWindow: row.userContextWindow,
    source: row.source,
  };
}

/** Main sessions only; a seed session folded into a runtime's own session is not listed twice. */
export const listed = { parentId: null, supersededById: null } satisfies Prisma.AgentSessionWhereInput;

function whereFor(filters: SessionFilters): Prisma.AgentSessionWhereInput {
  const and: Prisma.AgentSessionWhereInput[] = [listed];
  if (filters.runtime) and.push({ runtime: filters.runtime });
  if (filters.repo) and.push({ repoId: filters.repo });
  // A session matches a day range when it was active in it (overlap, UTC days).
  if (filters.from) and.push({ OR: [{ endedAt: { gte: new Date(`${filters.from}T00:00:00.000Z`) } }, { endedAt: null, startedAt: { gte: new Date(`${filters.from}T00:00:00.000Z`) } }] });
  if (filters.to) and.push({ startedAt: { lte: new Date(`${filters.to}T23:59:59.999Z`) } });
  return { AND: and };
}

function orderFor(sort: SessionFilters["sort"]): Prisma.AgentSessionOrderByWithRelationInput[] {
  switch (sort) {
    // Closest to full first; sessions with an unknown window after, by raw peak.
    case "peak":
      return [{ peakContextPercent: { sort: "desc", nulls: "last" } }, { peakContextTokens: "desc" }, { id: "asc" }];
    case "tokens":
      return [{ totalTokens: "desc" }, { id: "asc" }];
    case "duration":
      return [{ durationMs: { sort: "desc", nulls: "last" } }, { id: "asc" }];
    default:
      return [{ endedAt: { sort: "desc", nulls: "last" } }, { startedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }];
  }
}

export async function listSessions(db: Db, filters: SessionFilters): Promise<{ total: number; page: number; pageSize: number; items: SessionListItem[] }> {
  const where = whereFor(filters);
  const [total, rows] = await Promise.all([
    db.agentSession.count({ where }),
    db.agentSession.findMany({ where, select: listSelect, orderBy: orderFor(filters.sort), skip: (filters.page - 1) * filters.pageSize, take: filters.pageSize }),
  ]);
  const counts = await relatedCounts(db, rows.map((row) => row.id));
  return { total, page: filters.page, pageSize: filters.pageSize, items: rows.map((row) => toListItem(row, counts.get(row.id) ?? { subagents: 0, links: 0 })) };
}

export async function getSessionFacets(db: Db): Promise<{ runtimes: string[]; repos: { id: string; name: string }[] }> {
  const [runtimes, repos] = await Promise.all([
    // GROUP BY in SQL: Prisma's `distinct` reads every session's row and de-duplicates in memory.
    db.agentSession.groupBy({ by: ["runtime"], where: listed, orderBy: { runtime: "asc" } }),
    db.repo.findMany({ where: { sessions: { some: listed } }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
  ]);
  return { runtimes: runtimes.map((row) => row.runtime), repos };
}
