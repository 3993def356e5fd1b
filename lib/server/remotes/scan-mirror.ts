/**
 * Scans a remote's bare mirror into its own Repo (scanRepo's mirror mode: every branch from git objects,
 * no working tree), recorded as a ScanRun like `baton scan`.
 */
import { randomUUID } from "node:crypto";
import type { BulkWriter } from "../db/bulk";
import { scanRepo, type RepoScanResult } from "../ingest/scan-repo";

export async function scanMirror(bulk: BulkWriter, remote: { mirrorPath: string; name: string; branchFilter?: ((branch: string) => boolean) | undefined }): Promise<{ scanRunId: string; result: RepoScanResult }> {
  const scanRunId = randomUUID();
  await bulk.execute(`INSERT INTO "ScanRun" ("id", "startedAt", "kind", "status", "summary") VALUES (?, ?, 'handoffs', 'running', '{}')`, [scanRunId, new Date()]);
  let result: RepoScanResult;
  try {
    result = await scanRepo(remote.mirrorPath, { bulk, scanRunId, mirror: { name: remote.name, branchFilter: remote.branchFilter } });
  } catch (error) {
    await bulk.execute(`UPDATE "ScanRun" SET "finishedAt" = ?, "status" = 'failed', "summary" = ? WHERE "id" = ?`, [new Date(), JSON.stringify([{ path: remote.mirrorPath, error: (error as Error).message }]), scanRunId]);
    throw error;
  }
  await bulk.execute(`UPDATE "ScanRun" SET "finishedAt" = ?, "status" = ?, "summary" = ? WHERE "id" = ?`, [
    new Date(),
    result.status,
    JSON.stringify([{ path: result.path, status: result.status, stats: result.stats, errors: result.errors.length }]),
    scanRunId,
  ]);
  return { scanRunId, result };
}
