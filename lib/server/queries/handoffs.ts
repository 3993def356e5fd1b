/**
 * Reads for the handoff pages, the API routes and the CLI. Return types are the contract: components
 * import `HandoffListItem`, `HandoffDetail`, … instead of declaring their own.
 */
import { HANDOFF_COMPANION_RULE } from "../../core/handoff/documents/handoff-signals";
import type { HandoffFilters } from "../../core/handoff/handoff-filters";
import type { Prisma } from "../../../generated/sqlite/client";
import { diffHandoffs } from "../../core/chains/diff-handoffs";
import type { Severity } from "../../core/findings";
import type { StoredHandoffAnalysis } from "../ingest/process-handoff";
import type { Db } from "../db/client";
import { escapeLike, hasLikeWildcards, searchWords } from "../../core/text/search-words";
import { sqlReaderFor } from "../db/sql-reader";
import { loadRepoChains } from "./chains";

export { handoffFiltersSchema, parseHandoffFilters, type HandoffFilters } from "../../core/handoff/handoff-filters";
import { UNKNOWN_RUNTIME } from "../../core/handoff/handoff-filters";
import { handoffName } from "../../core/chains/chain-name";

/**
 * Handoffs whose search text holds `word` literally. Prisma's `contains` passes `%` and `_` through as
 * wildcards (on SQLite and PostgreSQL alike, Prisma 7.10) and cannot say `ESCAPE`, so a word with a
 * wildcard or a backslash is matched here with an escaped pattern; any other word stays a `contains`.
 */
async function searchCondition(db: Db, word: string): Promise<Prisma.HandoffWhereInput> {
  if (!hasLikeWildcards(word)) return { searchText: { contains: word } };
  const rows = await sqlReaderFor(db).query<{ id: string }>(`SELECT "id" FROM "Handoff" WHERE "searchText" LIKE ? ESCAPE '\\'`, [`%${escapeLike(word)}%`]);
  return { id: { in: rows.map((row) => row.id) } };
}

async function whereFor(db: Db, filters: HandoffFilters): Promise<Prisma.HandoffWhereInput> {
  const and: Prisma.HandoffWhereInput[] = [];
  if (filters.gone === "only") and.push({ isGone: true });
  else if (filters.gone !== "include") and.push({ isGone: false });
  // A session log kept beside the handoffs is listed on the Sources page, not among the handoffs.
  and.push({ findings: { none: { rule: HANDOFF_COMPANION_RULE } } });
  if (filters.repo) and.push({ repoId: filters.repo });
  if (filters.runtime) and.push({ runtime: filters.runtime === UNKNOWN_RUNTIME ? null : filters.runtime });
  if (filters.branch) and.push({ OR: [{ branch: filters.branch }, { occurrences: { some: { ref: filters.branch } } }] });
  // The day a person sees: the date folder, else the day of the handoff's own timestamp (Handoff.day).
  if (filters.from) and.push({ day: { gte: filters.from } });
  if (filters.to) and.push({ day: { lte: filters.to } });
  if (filters.lint === "errors") and.push({ errorCount: { gt: 0 } });
  if (filters.lint === "warnings") and.push({ errorCount: 0, warningCount: { gt: 0 } });
  if (filters.lint === "clean") and.push({ errorCount: 0, warningCount: 0 });
  if (filters.rule) and.push({ findings: { some: { rule: filters.rule } } });
  const search = searchWords(filters.q);
  if (search.matchesNothing) and.push({ id: { in: [] } });
  else for (const word of search.words) and.push(await searchCondition(db, word));
  return { AND: and };
}

const listSelect = {
  id: true,
  path: true,
  runtime: true,
  date: true,
  day: true,
  phase: true,
  title: true,
  branch: true,
  timestamp: true,
  committed: true,
  inWorkingTree: true,
  isGone: true,
  errorCount: true,
  warningCount: true,
  secretCount: true,
  nextAction: true,
  fileMtime: true,
  commitTime: true,
  repo: { select: { id: true, name: true } },
  occurrences: { select: { kind: true, ref: true } },
} satisfies Prisma.HandoffSelect;

function toListItem(row: Prisma.HandoffGetPayload<{ select: typeof listSelect }>) {
  const { occurrences, fileMtime, commitTime, timestamp, ...rest } = row;
  return {
    ...rest,
    timestamp: timestamp?.toISOString() ?? null,
    fileTime: (fileMtime ?? commitTime)?.toISOString() ?? null,
    branches: occurrences.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort(),
  };
}
export type HandoffListItem = ReturnType<typeof toListItem>;

export async function listHandoffs(db: Db, filters: HandoffFilters) {
  const where = await whereFor(db, filters);
  const [total, rows] = await Promise.all([
    db.handoff.count({ where }),
    db.handoff.findMany({
      where,
      select: listSelect,
      orderBy: [{ day: { sort: "desc", nulls: "last" } }, { timestamp: { sort: "desc", nulls: "last" } }, { path: "asc" }],
      skip: (filters.page - 1) * filters.pageSize,
      take: filters.pageSize,
    }),
  ]);
  return { total, page: filters.page, pageSize: filters.pageSize, items: rows.map(toListItem) };
}

export async function getHandoffFacets(db: Db) {
  const [repos, runtimes, branches] = await Promise.all([
    db.repo.findMany({ select: { id: true, name: true, path: true }, orderBy: { name: "asc" } }),
    db.handoff.findMany({ where: { isGone: false }, select: { runtime: true }, distinct: ["runtime"], orderBy: { runtime: "asc" } }),
    db.branch.findMany({ select: { name: true }, distinct: ["name"], orderBy: { name: "asc" } }),
  ]);
  return {
    repos,
    // A handoff whose runtime is not known is filtered as "unknown" (its badge's word), listed last.
    runtimes: [...runtimes.map((row) => row.runtime).filter((runtime): runtime is string => runtime !== null), ...(runtimes.some((row) => row.runtime === null) ? [UNKNOWN_RUNTIME] : [])],
    branches: branches.map((row) => row.name),
  };
}
export type HandoffFacets = Awaited<ReturnType<typeof getHandoffFacets>>;

/** Whether getHandoff would find the handoff (one indexed read: pages answer 404 before rendering). */
export async function handoffExists(db: Db, id: string): Promise<boolean> {
  return (await db.handoff.findUnique({ where: { id }, select: { id: true } })) !== null;
}

export async function getHandoff(db: Db, id: string) {
  const row = await db.handoff.findUnique({
    where: { id },
    include: {
      repo: { select: { id: true, name: true, path: true, defaultBranch: true, isShallow: true } },
      occurrences: { select: { kind: true, ref: true }, orderBy: { ref: "asc" } },
      findings: { select: { rule: true, severity: true, line: true, message: true }, orderBy: [{ line: "asc" }, { rule: "asc" }] },
    },
  });
  if (!row) return null;
  const [previousEdges, nextEdges] = await Promise.all([
    db.chainEdge.findMany({ where: { fromId: id }, select: { toId: true, missingPath: true, resolution: true } }),
    db.chainEdge.findMany({ where: { toId: id }, select: { fromId: true, resolution: true } }),
  ]);
  const linkedIds = [...previousEdges.map((edge) => edge.toId), ...nextEdges.map((edge) => edge.fromId)].filter((value): value is string => Boolean(value));
  const linked = await db.handoff.findMany({ where: { id: { in: linkedIds } }, select: { id: true, path: true, runtime: true, date: true, day: true, phase: true, isGone: true } });
  const byId = new Map(linked.map((handoff) => [handoff.id, handoff]));
  const analysis = JSON.parse(row.parsed) as StoredHandoffAnalysis;
  const { parsed: _parsed, searchText: _searchText, ...fields } = row;
  return {
    ...fields,
    timestamp: row.timestamp?.toISOString() ?? null,
    commitTime: row.commitTime?.toISOString() ?? null,
    fileMtime: row.fileMtime?.toISOString() ?? null,
    goneAt: row.goneAt?.toISOString() ?? null,
    firstSeenAt: row.firstSeenAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    findings: row.findings.map((finding) => ({ ...finding, severity: finding.severity as Severity })),
    analysis,
    branches: row.occurrences.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref),
    previous: previousEdges.map((edge) => ({
      resolution: edge.resolution,
      missingPath: edge.missingPath,
      handoff: edge.toId ? (byId.get(edge.toId) ?? null) : null,
    })),
    next: nextEdges.map((edge) => ({ resolution: edge.resolution, handoff: byId.get(edge.fromId) ?? null })).filter((edge) => edge.handoff !== null),
  };
}
export type HandoffDetail = NonNullable<Awaited<ReturnType<typeof getHandoff>>>;

export async function getOverview(db: Db) {
  const repos = await db.repo.findMany({
    select: {
      id: true,
      name: true,
      path: true,
      defaultBranch: true,
      source: { select: { lastScanAt: true, lastStatus: true, _count: { select: { issues: true } } } },
      _count: { select: { branches: true } },
    },
    orderBy: { name: "asc" },
  });
  const perRepo = await Promise.all(
    repos.map(async (repo) => {
      const [chainData, counts] = await Promise.all([
        loadRepoChains(db, repo.id),
        db.handoff.groupBy({
          by: ["repoId"],
          where: { repoId: repo.id, isGone: false },
          _count: { _all: true },
          _sum: { errorCount: true, warningCount: true },
        }),
      ]);
      const nodesById = new Map(chainData.nodes.map((node) => [node.id, node]));
      // Heads marked deprecated/superseded are not open work; resumableHeads is newest first (handoff-order.ts).
      const heads = chainData.result.resumableHeads.map((id) => nodesById.get(id)!).filter(Boolean);
      return {
        id: repo.id,
        name: repo.name,
        path: repo.path,
        defaultBranch: repo.defaultBranch,
        branches: repo._count.branches,
        lastScanAt: repo.source.lastScanAt?.toISOString() ?? null,
        lastStatus: repo.source.lastStatus,
        ingestIssues: repo.source._count.issues,
        handoffs: counts[0]?._count._all ?? 0,
        lintErrors: counts[0]?._sum.errorCount ?? 0,
        lintWarnings: counts[0]?._sum.warningCount ?? 0,
        chains: chainData.result.chains.length,
        latestId: chainData.result.latestId,
        openHeads: heads.map((node) => ({ id: node.id, path: node.path, runtime: node.runtime, phase: node.phase, name: handoffName(node), date: node.date, day: node.day, branches: node.branches, inWorkingTree: node.inWorkingTree, nextAction: node.nextAction, errorCount: node.errorCount })),
      };
    }),
  );
  const [recent, health] = await Promise.all([
    db.handoff.findMany({
      where: { isGone: false },
      select: listSelect,
      orderBy: [{ day: { sort: "desc", nulls: "last" } }, { timestamp: { sort: "desc", nulls: "last" } }],
      take: 8,
    }),
    Promise.all([
      db.handoff.count({ where: { isGone: false, errorCount: { gt: 0 } } }),
      db.handoff.count({ where: { isGone: false, errorCount: 0, warningCount: { gt: 0 } } }),
      db.handoff.count({ where: { isGone: false, errorCount: 0, warningCount: 0 } }),
      db.handoffFinding.groupBy({
        by: ["rule", "severity"],
        where: { severity: { in: ["error", "warning"] }, handoff: { isGone: false } },
        _count: { _all: true },
        orderBy: { _count: { rule: "desc" } },
        take: 6,
      }),
    ]),
  ]);
  const [withErrors, withWarnings, clean, topRules] = health;
  return {
    repos: perRepo,
    recent: recent.map(toListItem),
    health: { withErrors, withWarnings, clean, topRules: topRules.map((rule) => ({ rule: rule.rule, severity: rule.severity as Severity, count: rule._count._all })) },
    ingestIssues: perRepo.reduce((sum, repo) => sum + repo.ingestIssues, 0),
  };
}
export type Overview = Awaited<ReturnType<typeof getOverview>>;

export async function listIngestIssues(db: Db) {
  const issues = await db.ingestIssue.findMany({
    select: { id: true, path: true, version: true, refs: true, line: true, rule: true, severity: true, message: true, createdAt: true, source: { select: { id: true, kind: true, root: true, label: true } } },
    orderBy: [{ createdAt: "desc" }, { path: "asc" }],
    take: 1000,
  });
  return issues.map((issue) => ({ ...issue, refs: JSON.parse(issue.refs) as string[], createdAt: issue.createdAt.toISOString() }));
}
export type IngestIssueItem = Awaited<ReturnType<typeof listIngestIssues>>[number];

/** What changed between a handoff and the one it resumed from (goal, state, next action, results). */
export async function getChangesSincePrevious(db: Db, handoff: HandoffDetail) {
  const previous = handoff.previous.find((edge) => edge.handoff !== null)?.handoff;
  if (!previous) return null;
  const row = await db.handoff.findUnique({ where: { id: previous.id }, select: { parsed: true } });
  if (!row) return null;
  const older = (JSON.parse(row.parsed) as StoredHandoffAnalysis).parsed;
  return { previous, diff: diffHandoffs(older, handoff.analysis.parsed) };
}
export type ChangesSincePrevious = NonNullable<Awaited<ReturnType<typeof getChangesSincePrevious>>>;
