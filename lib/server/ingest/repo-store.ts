/**
 * SQL for the handoff ingest, written once for both providers: quoted identifiers, `?` placeholders
 * (the Postgres writer renumbers them), ON CONFLICT upserts that SQLite ≥ 3.24 and Postgres share.
 */
import { randomUUID } from "node:crypto";
import type { BulkWriter } from "../db/bulk";

export interface StoredBranch {
  id: string;
  name: string;
  isRemote: boolean;
  headSha: string;
  scannedSha: string | null;
}

export interface StoredFileState {
  id: number;
  path: string;
  version: string;
  size: number | null;
  mtimeMs: number | null;
  blobSha: string | null;
  status: string;
}

const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "t";

/** `kind`: "repo" for a checkout registered by `scan`, "remote" for a remote's bare mirror (lib/server/remotes). */
export async function upsertRepoSource(bulk: BulkWriter, repoPath: string, name: string, globs: string[] | null, kind: "repo" | "remote" = "repo") {
  const now = new Date();
  const existing = await bulk.query<{ id: string; globs: string }>(`SELECT "id", "globs" FROM "Source" WHERE "kind" = ? AND "root" = ?`, [kind, repoPath]);
  let sourceId = existing[0]?.id;
  let storedGlobs: string[] = existing[0] ? (JSON.parse(existing[0].globs) as string[]) : [];
  if (!sourceId) {
    sourceId = randomUUID();
    storedGlobs = globs ?? [];
    await bulk.execute(`INSERT INTO "Source" ("id", "kind", "root", "label", "globs", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`, [
      sourceId,
      kind,
      repoPath,
      name,
      JSON.stringify(storedGlobs),
      now,
    ]);
  } else if (globs && globs.length > 0) {
    storedGlobs = [...new Set([...storedGlobs, ...globs])];
    await bulk.execute(`UPDATE "Source" SET "globs" = ? WHERE "id" = ?`, [JSON.stringify(storedGlobs), sourceId]);
  }
  const repo = await bulk.query<{ id: string }>(`SELECT "id" FROM "Repo" WHERE "sourceId" = ?`, [sourceId]);
  let repoId = repo[0]?.id;
  if (!repoId) {
    repoId = randomUUID();
    await bulk.execute(`INSERT INTO "Repo" ("id", "sourceId", "path", "name", "createdAt") VALUES (?, ?, ?, ?, ?)`, [repoId, sourceId, repoPath, name, now]);
  }
  return { sourceId, repoId, globs: storedGlobs };
}

export async function loadBranches(bulk: BulkWriter, repoId: string): Promise<StoredBranch[]> {
  const rows = await bulk.query<StoredBranch & { isRemote: unknown }>(
    `SELECT "id", "name", "isRemote", "headSha", "scannedSha" FROM "Branch" WHERE "repoId" = ?`,
    [repoId],
  );
  return rows.map((row) => ({ ...row, isRemote: truthy(row.isRemote) }));
}

export async function loadFileStates(bulk: BulkWriter, sourceId: string): Promise<StoredFileState[]> {
  const rows = await bulk.query<StoredFileState>(
    `SELECT "id", "path", "version", "size", "mtimeMs", "blobSha", "status" FROM "FileState" WHERE "sourceId" = ?`,
    [sourceId],
  );
  return rows.map((row) => ({ ...row, size: row.size === null ? null : Number(row.size), mtimeMs: row.mtimeMs === null ? null : Number(row.mtimeMs) }));
}

export async function loadKnownHandoffs(bulk: BulkWriter, repoId: string): Promise<Map<string, string>> {
  const rows = await bulk.query<{ id: string; path: string; blobSha: string }>(`SELECT "id", "path", "blobSha" FROM "Handoff" WHERE "repoId" = ?`, [repoId]);
  return new Map(rows.map((row) => [`${row.path}\0${row.blobSha}`, row.id]));
}

export { truthy };
