/**
 * The documented `scan --json` document (docs/cli.md), built from the database with the same queries
 * the pages use. Field names are a contract: add, never rename.
 */
import { HANDOFF_COMPANION_RULE } from "../../core/handoff/documents/handoff-signals";
import { sessionNotices } from "../../core/sessions/session-notices";
import type { Severity } from "../../core/findings";
import type { TokenTotals } from "../../core/tokens";
import type { Db } from "../db/client";
import { dbTimeToIso, dbTimeToMs, parseJsonOr, toNumber } from "../sessions/session-ids";
import { sqlReaderFor, type SqlReader } from "../db/sql-reader";
import { groupBy, loadOccurrences, loadRepoChains } from "./chains";

export interface HandoffJson {
  id: string;
  repo: string;
  path: string;
  blobSha: string;
  runtime: string | null;
  date: string | null;
  /** The day a person sees: `date` (the date folder), else the UTC day of `timestamp`; null when neither. */
  day: string | null;
  timestamp: string | null;
  /** The zone written after the identity time ("PST", "+09:00"), or null: `timestamp` is always UTC. */
  timestampZone: string | null;
  phase: string | null;
  model: string | null;
  sessionId: string | null;
  branch: string | null;
  headSha: string | null;
  commitSha: string | null;
  previousPath: string | null;
  branches: string[];
  committed: boolean;
  inWorkingTree: boolean;
  lint: { rule: string; severity: Severity; line: number | null; message: string }[];
  secrets: number;
}

export interface ChainJson {
  id: string;
  repo: string;
  handoffs: string[];
  edges: { from: string; to: string }[];
  forks: { at: string; children: string[] }[];
  broken: { from: string; missing: string }[];
  heads: string[];
}

/** CONTRACTS.md "Sessions" (docs/cli.md): one per main session of the sources this scan read. */
export interface SessionJson extends TokenTotals {
  id: string;
  runtime: string;
  sessionId: string;
  /** The first human prompt, masked and at most 120 characters (docs/token-accounting.md, "Session titles"); null when none. */
  title: string | null;
  /** The root the session was read from (agent log folder, or the repo for seed state). */
  source: string;
  cwd: string | null;
  branch: string | null;
  repo: string | null;
  models: string[];
  startedAt: string | null;
  endedAt: string | null;
  contextWindow: number | null;
  contextWindowSource: "log" | "model-table" | "user" | "unknown";
  peakContextTokens: number;
  compactions: number;
  linkedHandoffs: { path: string; repo: string; method: "session-id" | "repo-branch-time" }[];
  subagents: (TokenTotals & { agentId: string; agentType: string | null; peakContextTokens: number })[];
  /** What to know beside the numbers (a session with no token counts says so). */
  notices: string[];
}

export interface SourceIssueJson {
  /** The runtime the file belongs to ("seed" for state files in a repo). */
  source: string;
  /** Absolute path. */
  file: string;
  badLines: number;
  unknownTypes: Record<string, number>;
}

export interface ScanReport {
  handoffs: HandoffJson[];
  chains: ChainJson[];
  latest: string | Record<string, string | null> | null;
  errors: { repo: string; path: string; line: number | null; rule: string; message: string; refs: string[] }[];
  sessions: SessionJson[];
  sourceIssues: SourceIssueJson[];
}

/**
 * `db` is used for the handoff half (only when there are repos); `sql` for the session half (any
 * reader: the scan's bulk writer, or sqlReaderFor(db)).
 */
export async function getScanReport(
  db: Db | null,
  { repoIds, sessionSourceIds = [], sql }: { repoIds: string[]; sessionSourceIds?: string[]; sql?: SqlReader },
): Promise<ScanReport> {
  const sessionReader = sql ?? (db ? sqlReaderFor(db) : null);
  const { sessions, sourceIssues } = sessionReader ? await getSessionReport(sessionReader, sessionSourceIds) : { sessions: [], sourceIssues: [] };
  if (repoIds.length === 0 || db === null) return { handoffs: [], chains: [], latest: {}, errors: [], sessions, sourceIssues };
  const repos = await db.repo.findMany({ where: { id: { in: repoIds } }, select: { id: true, path: true, sourceId: true }, orderBy: { path: "asc" } });
  const handoffs: HandoffJson[] = [];
  const chains: ChainJson[] = [];
  const latest: Record<string, string | null> = {};
  const errors: ScanReport["errors"] = [];
  for (const repo of repos) {
    const rows = await db.handoff.findMany({
      where: { repoId: repo.id, isGone: false },
      orderBy: [{ path: "asc" }, { blobSha: "asc" }],
      select: {
        id: true,
        path: true,
        blobSha: true,
        runtime: true,
        date: true,
        day: true,
        timestamp: true,
        timestampZone: true,
        phase: true,
        model: true,
        sessionId: true,
        branch: true,
        headSha: true,
        commitSha: true,
        previousPath: true,
        committed: true,
        inWorkingTree: true,
        secretCount: true,
      },
    });
    // Relations are read per repo, not per handoff: a relation `include` on 10,000 parents exceeds the
    // bind-parameter limit of the database.
    const [occurrences, findings] = await Promise.all([
      loadOccurrences(db, repo.id),
      db.handoffFinding.findMany({
        where: { handoff: { repoId: repo.id, isGone: false } },
        select: { handoffId: true, rule: true, severity: true, line: true, message: true },
        orderBy: [{ handoffId: "asc" }, { line: "asc" }, { rule: "asc" }],
      }),
    ]);
    const findingsOf = groupBy(findings, (finding) => finding.handoffId);
    // A session log kept beside the handoffs is no handoff (discovery.notHandoffs lists it).
    const companions = new Set(findings.filter((finding) => finding.rule === HANDOFF_COMPANION_RULE).map((finding) => finding.handoffId));
    for (const row of rows) {
      if (companions.has(row.id)) continue;
      const held = occurrences.get(row.id) ?? [];
      handoffs.push({
        id: row.id,
        repo: repo.path,
        path: row.path,
        blobSha: row.blobSha,
        runtime: row.runtime,
        date: row.date,
        day: row.day,
        timestamp: row.timestamp?.toISOString() ?? null,
        timestampZone: row.timestampZone,
        phase: row.phase,
        model: row.model,
        sessionId: row.sessionId,
        branch: row.branch,
        headSha: row.headSha,
        commitSha: row.commitSha,
        previousPath: row.previousPath,
        branches: held.filter((occurrence) => occurrence.kind !== "worktree").map((occurrence) => occurrence.ref).sort(),
        committed: row.committed,
        inWorkingTree: row.inWorkingTree,
        lint: (findingsOf.get(row.id) ?? []).map(({ rule, severity, line, message }) => ({ rule, severity: severity as Severity, line, message })),
        secrets: row.secretCount,
      });
    }
    const { nodes, result } = await loadRepoChains(db, repo.id);
    const pathOf = new Map(nodes.map((node) => [node.id, node.path]));
    const p = (id: string) => pathOf.get(id) ?? id;
    for (const chain of result.chains) {
      chains.push({
        id: chain.id,
        repo: repo.path,
        handoffs: chain.nodeIds.map(p),
        edges: chain.edges.map((edge) => ({ from: p(edge.from), to: p(edge.to) })),
        forks: chain.forks.map((fork) => ({ at: p(fork.at), children: fork.children.map(p) })),
        broken: chain.broken.map((broken) => ({ from: p(broken.from), missing: broken.missing })),
        heads: chain.heads.map(p),
      });
    }
    latest[repo.path] = result.latestId ? p(result.latestId) : null;
    const issues = await db.ingestIssue.findMany({ where: { sourceId: repo.sourceId }, orderBy: [{ path: "asc" }, { line: "asc" }] });
    for (const issue of issues) {
      errors.push({ repo: repo.path, path: issue.path, line: issue.line, rule: issue.rule, message: issue.message, refs: JSON.parse(issue.refs) as string[] });
    }
  }
  return { handoffs, chains, latest: repos.length === 1 ? (latest[repos[0]!.path] ?? null) : latest, errors, sessions, sourceIssues };
}

export type { SqlReader };

interface SessionRow {
  id: string;
  parentId: string | null;
  runtime: string;
  externalId: string;
  agentId: string | null;
  agentType: string | null;
  cwd: string | null;
  branch: string | null;
  title: string | null;
  repoPath: string | null;
  models: string;
  startedAt: unknown;
  endedAt: unknown;
  requestCount: unknown;
  inputTokens: unknown;
  cacheWriteTokens: unknown;
  cacheReadTokens: unknown;
  outputTokens: unknown;
  reasoningTokens: unknown;
  contextWindow: unknown;
  contextWindowSource: string;
  peakContextTokens: unknown;
  compactionCount: unknown;
}

function totals(row: SessionRow): TokenTotals {
  return {
    requests: toNumber(row.requestCount),
    inputTokens: toNumber(row.inputTokens),
    cacheWriteTokens: toNumber(row.cacheWriteTokens),
    cacheReadTokens: toNumber(row.cacheReadTokens),
    outputTokens: toNumber(row.outputTokens),
    reasoningTokens: toNumber(row.reasoningTokens),
  };
}

/**
 * `localeCompare`'s order (the default locale and options), without its per-call set-up; made on the
 * first comparison (making one loads the locale's collation data, ~9 ms of a command's start, and a
 * rescan's report mostly compares nothing: one source, distinct start times, few files with issues).
 */
let sharedCollator: Intl.Collator | null = null;
const collator = { compare: (a: string, b: string) => (sharedCollator ??= new Intl.Collator()).compare(a, b) };

/**
 * Sessions and file issues of the given sources, in plain SQL: a CLI run is one cold process, and
 * Prisma's first queries (client start, query planning) cost more than the whole report.
 */
export async function getSessionReport(sql: SqlReader, sourceIds: string[]): Promise<{ sessions: SessionJson[]; sourceIssues: SourceIssueJson[] }> {
  const sessions: SessionJson[] = [];
  const sourceIssues: SourceIssueJson[] = [];
  if (sourceIds.length === 0) return { sessions, sourceIssues };
  const sources = (await sql.query<{ id: string; kind: string; root: string }>(`SELECT "id", "kind", "root" FROM "Source" WHERE "id" IN (${sourceIds.map(() => "?").join(", ")})`, sourceIds)).sort(
    (a, b) => collator.compare(a.kind, b.kind) || collator.compare(a.root, b.root),
  );
  // One read of each kind for every source (a scan's sources are usually four, three of them empty):
  // on PostgreSQL each read is a round trip.
  const inSources = sources.map(() => "?").join(", ");
  const ids = sources.map((source) => source.id);
  const sessionRowsOf = groupBy(
    await sql.query<SessionRow & { sourceId: string }>(
      `SELECT s."sourceId", s."id", s."parentId", s."runtime", s."externalId", s."agentId", s."agentType", s."cwd", s."branch", s."title", r."path" AS "repoPath", s."models", s."startedAt", s."endedAt",
         s."requestCount", s."inputTokens", s."cacheWriteTokens", s."cacheReadTokens", s."outputTokens", s."reasoningTokens", s."contextWindow", s."contextWindowSource",
         s."peakContextTokens", s."compactionCount"
       FROM "AgentSession" s LEFT JOIN "Repo" r ON r."id" = s."repoId"
       WHERE s."sourceId" IN (${inSources}) AND s."supersededById" IS NULL`,
      ids,
    ),
    (row) => row.sourceId,
  );
  const linksBySource = groupBy(
    await sql.query<{ sourceId: string; sessionId: string; method: string; path: string; repoPath: string }>(
      `SELECT s."sourceId", l."sessionId", l."method", h."path", r."path" AS "repoPath"
       FROM "SessionHandoffLink" l JOIN "AgentSession" s ON s."id" = l."sessionId" JOIN "Handoff" h ON h."id" = l."handoffId" JOIN "Repo" r ON r."id" = h."repoId"
       WHERE s."sourceId" IN (${inSources})`,
      ids,
    ),
    (link) => link.sourceId,
  );
  const filesBySource = groupBy(
    await sql.query<{ sourceId: string; path: string; badLines: unknown; unknownTypes: string; offset: unknown; size: unknown; status: string }>(
      `SELECT "sourceId", "path", "badLines", "unknownTypes", "offset", "size", "status" FROM "FileState" WHERE "sourceId" IN (${inSources}) AND "version" = ''`,
      ids,
    ),
    (file) => file.sourceId,
  );
  for (const source of sources) {
    const rows: SessionRow[] = sessionRowsOf.get(source.id) ?? [];
    const links = linksBySource.get(source.id) ?? [];
    const files = filesBySource.get(source.id) ?? [];
    // Each row's start parsed once, not at every comparison (1,930 rows: ~20 ms of a report).
    const startOf = new Map(rows.map((row) => [row, dbTimeToMs(row.startedAt) ?? Infinity]));
    const byStart = (a: SessionRow, b: SessionRow) => startOf.get(a)! - startOf.get(b)! || collator.compare(a.agentId ?? a.externalId, b.agentId ?? b.externalId);
    const subagentsOf = groupBy(rows.filter((row) => row.parentId !== null).sort(byStart), (row) => row.parentId!);
    const linksOf = groupBy(links, (link) => link.sessionId);
    for (const row of rows.filter((entry) => entry.parentId === null).sort(byStart)) {
      sessions.push({
        id: row.id,
        runtime: row.runtime,
        sessionId: row.externalId,
        title: row.title ?? null,
        source: source.root,
        cwd: row.cwd,
        branch: row.branch,
        repo: row.repoPath,
        models: parseJsonOr<string[]>(row.models, []),
        startedAt: dbTimeToIso(row.startedAt),
        endedAt: dbTimeToIso(row.endedAt),
        ...totals(row),
        contextWindow: row.contextWindow === null ? null : toNumber(row.contextWindow),
        contextWindowSource: row.contextWindowSource as SessionJson["contextWindowSource"],
        peakContextTokens: toNumber(row.peakContextTokens),
        compactions: toNumber(row.compactionCount),
        linkedHandoffs: (linksOf.get(row.id) ?? [])
          .map((link) => ({ path: link.path, repo: link.repoPath, method: link.method as "session-id" | "repo-branch-time" }))
          .sort((a, b) => collator.compare(a.repo, b.repo) || collator.compare(a.path, b.path)),
        subagents: (subagentsOf.get(row.id) ?? []).map((agent) => ({ agentId: agent.agentId ?? "", agentType: agent.agentType, ...totals(agent), peakContextTokens: toNumber(agent.peakContextTokens) })),
        notices: sessionNotices({ runtime: row.runtime, requests: toNumber(row.requestCount) }),
      });
    }
    // Only the files with something to report are sorted (by path): usually none of thousands.
    const withIssues: { path: string; issue: SourceIssueJson }[] = [];
    for (const file of files) {
      const badLines = toNumber(file.badLines);
      const pending = file.status === "ok" && file.size !== null && toNumber(file.offset) < toNumber(file.size) ? 1 : 0;
      const unknownTypes = file.unknownTypes === "{}" ? {} : parseJsonOr<Record<string, number>>(file.unknownTypes, {});
      if (badLines + pending === 0 && Object.keys(unknownTypes).length === 0) continue;
      withIssues.push({ path: file.path, issue: { source: source.kind, file: `${source.root.replace(/\/+$/, "")}/${file.path}`, badLines: badLines + pending, unknownTypes } });
    }
    for (const entry of withIssues.sort((a, b) => collator.compare(a.path, b.path))) sourceIssues.push(entry.issue);
  }
  return { sessions, sourceIssues };
}
