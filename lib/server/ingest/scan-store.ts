/**
 * Writes of one repo scan that are not the handoff rows themselves: the working-tree file states, the
 * branch rows, and the refs of blobs that could not be read.
 */
import { randomUUID } from "node:crypto";
import type { BulkWriter } from "../db/bulk";
import type { GitRef } from "../git";

const WORKTREE = "";

/**
 * An unreadable blob (binary, too large, invalid UTF-8) is read once and its errors kept, listing
 * the branches that hold it. Branches move: re-derive that list from the branches read again this
 * scan, and when no branch holds the blob any more drop its errors and its failed state (should it
 * come back, it is read and reported again).
 */
export async function refreshFailedBlobRefs(
  bulk: BulkWriter,
  sourceId: string,
  { changedRefs, goneBranches, refEntries }: { changedRefs: readonly GitRef[]; goneBranches: readonly { name: string }[]; refEntries: ReadonlyMap<string, { path: string; sha: string }[]> },
) {
  const reread = new Set([...changedRefs.map((ref) => ref.name), ...goneBranches.map((branch) => branch.name)]);
  const holders = new Map<string, string[]>();
  for (const ref of changedRefs) {
    for (const entry of refEntries.get(ref.name) ?? []) {
      const key = `${entry.path}\0${entry.sha}`;
      const list = holders.get(key);
      if (list) list.push(ref.name);
      else holders.set(key, [ref.name]);
    }
  }
  const rows = await bulk.query<{ path: string; version: string; refs: string }>(
    `SELECT DISTINCT "path", "version", "refs" FROM "IngestIssue" WHERE "sourceId" = ? AND "version" <> ?`,
    [sourceId, WORKTREE],
  );
  for (const row of rows) {
    let previous: string[] = [];
    try {
      const parsedRefs: unknown = JSON.parse(row.refs);
      if (Array.isArray(parsedRefs)) previous = parsedRefs.filter((ref): ref is string => typeof ref === "string");
    } catch {
      previous = [];
    }
    const next = [...new Set([...previous.filter((ref) => !reread.has(ref)), ...(holders.get(`${row.path}\0${row.version}`) ?? [])])].sort();
    if (next.length === 0) {
      await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "path" = ? AND "version" = ?`, [sourceId, row.path, row.version]);
      await bulk.execute(`DELETE FROM "FileState" WHERE "sourceId" = ? AND "path" = ? AND "version" = ? AND "status" = 'failed'`, [sourceId, row.path, row.version]);
    } else if (JSON.stringify(next) !== JSON.stringify([...previous].sort())) {
      await bulk.execute(`UPDATE "IngestIssue" SET "refs" = ? WHERE "sourceId" = ? AND "path" = ? AND "version" = ?`, [JSON.stringify(next), sourceId, row.path, row.version]);
    }
  }
}

export async function upsertFileState(
  bulk: BulkWriter,
  sourceId: string,
  filePath: string,
  size: number,
  mtimeMs: number,
  blobSha: string | null,
  status: string,
  scanRunId: string | null,
  now: Date,
) {
  await bulk.execute(
    `INSERT INTO "FileState" ("sourceId", "path", "version", "size", "mtimeMs", "blobSha", "status", "issueCount", "scanRunId", "updatedAt")
     VALUES (?, ?, '', ?, ?, ?, ?, 0, ?, ?)
     ON CONFLICT ("sourceId", "path", "version") DO UPDATE SET "size" = excluded."size", "mtimeMs" = excluded."mtimeMs",
       "blobSha" = excluded."blobSha", "status" = excluded."status", "scanRunId" = excluded."scanRunId", "updatedAt" = excluded."updatedAt"`,
    [sourceId, filePath, size, mtimeMs, blobSha, status, scanRunId, now],
  );
}

export async function upsertBranch(bulk: BulkWriter, repoId: string, ref: GitRef) {
  const now = new Date();
  await bulk.execute(
    `INSERT INTO "Branch" ("id", "repoId", "name", "isRemote", "headSha", "scannedSha", "headTime", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ("repoId", "name") DO UPDATE SET "isRemote" = excluded."isRemote", "headSha" = excluded."headSha",
       "scannedSha" = excluded."scannedSha", "headTime" = excluded."headTime", "updatedAt" = excluded."updatedAt"`,
    [randomUUID(), repoId, ref.name, ref.isRemote, ref.sha, ref.sha, new Date(ref.time), now],
  );
}
