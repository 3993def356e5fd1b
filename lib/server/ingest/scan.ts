/**
 * `baton scan`: registers and scans repos, one ScanRun for the whole command. A repo that cannot be
 * read is a failed result for that repo; the others are still scanned.
 */
import { isIsolable } from "../db/isolate";
import { randomUUID } from "node:crypto";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { resolveDatabaseUrl, type DatabaseTarget } from "../db/database-url";
import { HANDOFF_TABLES, refreshStatistics } from "../db/table-statistics";
import { emptyStats, scanRepo, type RepoScanResult, type ScanProgress } from "./scan-repo";
import { openScanRun, type InterruptedScan } from "./scan-runs";

export interface ScanCommandResult {
  scanRunId: string;
  repos: RepoScanResult[];
  durationMs: number;
  /** Earlier scans that never finished, closed as "interrupted" by this one (scan-runs.ts). */
  interruptedScans: InterruptedScan[];
}

export async function scanPaths(
  paths: string[],
  options: { globs?: string[]; onProgress?: (event: ScanProgress) => void; target?: DatabaseTarget; bulk?: BulkWriter } = {},
): Promise<ScanCommandResult> {
  const started = Date.now();
  const bulk = options.bulk ?? openBulkWriter(options.target ?? resolveDatabaseUrl());
  const scanRunId = randomUUID();
  try {
    const interruptedScans = await openScanRun(bulk, scanRunId, "handoffs");
    const repos: RepoScanResult[] = [];
    for (const repoPath of paths) {
      try {
        repos.push(await scanRepo(repoPath, { bulk, globs: options.globs, scanRunId, onProgress: options.onProgress }));
      } catch (error) {
        // A full disk or a read-only database is no repo's problem: the whole scan stops with it.
        if (!isIsolable(error)) throw error;
        repos.push({
          repoId: null,
          sourceId: null,
          path: repoPath,
          name: repoPath,
          status: "failed",
          durationMs: 0,
          stats: emptyStats(),
          errors: [{ path: repoPath, message: (error as Error).message }],
          derive: null,
          discovery: null,
        });
      }
    }
    if (repos.some((repo) => repo.stats.handoffsNew > 0 || repo.stats.derived)) await refreshStatistics(bulk, HANDOFF_TABLES);
    const status = repos.every((repo) => repo.status === "ok") ? "ok" : repos.some((repo) => repo.status !== "failed") ? "partial" : "failed";
    await bulk.execute(`UPDATE "ScanRun" SET "finishedAt" = ?, "status" = ?, "summary" = ? WHERE "id" = ?`, [
      new Date(),
      status,
      JSON.stringify(repos.map((repo) => ({ path: repo.path, status: repo.status, stats: repo.stats, errors: repo.errors.length }))),
      scanRunId,
    ]);
    return { scanRunId, repos, durationMs: Date.now() - started, interruptedScans };
  } finally {
    if (!options.bulk) await bulk.close();
  }
}
