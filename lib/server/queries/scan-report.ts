/**
 * The documented `scan --json` document (docs/cli.md), built from the database with the same queries
 * the pages use. Field names are a contract: add, never rename.
 */
import type { Severity } from "../../core/findings";
import type { Db } from "../db/client";
import { groupBy, loadOccurrences, loadRepoChains } from "./chains";

export interface HandoffJson {
  id: string;
  repo: string;
  path: string;
  blobSha: string;
  runtime: string | null;
  date: string | null;
  timestamp: string | null;
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

export interface ScanReport {
  handoffs: HandoffJson[];
  chains: ChainJson[];
  latest: string | Record<string, string | null> | null;
  errors: { repo: string; path: string; line: number | null; rule: string; message: string; refs: string[] }[];
}

export async function getScanReport(db: Db, { repoIds }: { repoIds: string[] }): Promise<ScanReport> {
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
        timestamp: true,
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
    for (const row of rows) {
      const held = occurrences.get(row.id) ?? [];
      handoffs.push({
        id: row.id,
        repo: repo.path,
        path: row.path,
        blobSha: row.blobSha,
        runtime: row.runtime,
        date: row.date,
        timestamp: row.timestamp?.toISOString() ?? null,
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
  return { handoffs, chains, latest: repos.length === 1 ? (latest[repos[0]!.path] ?? null) : latest, errors };
}
