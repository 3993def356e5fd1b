/**
 * Stored handoff contents that must be processed again: those stored by an older reader version
 * (READER_VERSION, lib/core/handoff/reader-version.ts), and those that hold a secret value the repo
 * learned of after they were stored. Each is read again from its source — the working-tree file when
 * it still has that content, else the git blob by its sha (`cat-file --batch`) — and, when neither
 * has it any more (a gc'd blob, an edited uncommitted file), from the stored masked text itself, whose
 * earlier masks then still count as findings. Its row is updated in place: same id.
 */
import type { SecretFingerprint } from "../../core/handoff/secrets/mask-secrets-known";
import { READER_VERSION } from "../../core/handoff/reader-version";
import type { BulkWriter, Row } from "../db/bulk";
import { readBlobs } from "../git";
import { HANDOFF_CONTENT_COLUMNS, MAX_HANDOFF_BYTES } from "./process-handoff";
import type { RepoSecrets } from "./repo-secrets";
import { readWorktreeFile } from "./worktree";

export interface StoredRef {
  id: string;
  path: string;
  blobSha: string;
}

export interface StoredSource extends StoredRef {
  bytes: Uint8Array;
  /** True when neither git nor the working tree had the content and the stored text was used. */
  isStoredText: boolean;
}

export async function loadStaleHandoffs(bulk: BulkWriter, repoId: string): Promise<StoredRef[]> {
  return bulk.query<StoredRef>(`SELECT "id", "path", "blobSha" FROM "Handoff" WHERE "repoId" = ? AND "readerVersion" < ?`, [repoId, READER_VERSION]);
}

/**
 * Stored contents (other than `skip`) in which one of `fresh` appears unmasked. A SQL prefilter on the
 * last 4 characters narrows the rows read when every fingerprint has them.
 */
export async function findStoredHolding(
  bulk: BulkWriter,
  repoId: string,
  secrets: RepoSecrets,
  fresh: readonly SecretFingerprint[],
  skip: ReadonlySet<string>,
): Promise<StoredRef[]> {
  if (fresh.length === 0) return [];
  const suffixes = [...new Set(fresh.map((entry) => entry.last4))];
  const holding: StoredRef[] = [];
  const chunks = suffixes.includes("") ? [null] : chunk(suffixes, 50);
  const seen = new Set<string>();
  for (const suffixChunk of chunks) {
    const filter = suffixChunk ? ` AND (${suffixChunk.map(() => `"content" LIKE ? ESCAPE '\\'`).join(" OR ")})` : "";
    const parameters = suffixChunk ? suffixChunk.map((suffix) => `%${suffix.replace(/[\\%_]/g, "\\$&")}%`) : [];
    const rows = await bulk.query<StoredRef & { content: string }>(
      `SELECT "id", "path", "blobSha", "content" FROM "Handoff" WHERE "repoId" = ?${filter}`,
      [repoId, ...parameters],
    );
    for (const row of rows) {
      if (skip.has(row.id) || seen.has(row.id)) continue;
      seen.add(row.id);
      if (secrets.holdsAny(row.content, fresh)) holding.push({ id: row.id, path: row.path, blobSha: row.blobSha });
    }
  }
  return holding;
}

export async function readStoredSources(
  bulk: BulkWriter,
  repoPath: string,
  refs: readonly StoredRef[],
  worktree: ReadonlyMap<string, { blobSha: string | null; bytes: Uint8Array | null }>,
): Promise<StoredSource[]> {
  const sources: StoredSource[] = [];
  const fromGit: StoredRef[] = [];
  for (const ref of refs) {
    const file = worktree.get(ref.path);
    if (file && file.blobSha === ref.blobSha) {
      const bytes = file.bytes ?? (await readWorktreeFile(repoPath, ref.path, MAX_HANDOFF_BYTES).catch(() => ({ bytes: null }))).bytes;
      if (bytes) {
        sources.push({ ...ref, bytes, isStoredText: false });
        continue;
      }
    }
    fromGit.push(ref);
  }
  const blobs = await readBlobs(repoPath, [...new Set(fromGit.map((ref) => ref.blobSha))], MAX_HANDOFF_BYTES);
  const missing: StoredRef[] = [];
  for (const ref of fromGit) {
    const bytes = blobs.get(ref.blobSha)?.bytes;
    if (bytes) sources.push({ ...ref, bytes, isStoredText: false });
    else missing.push(ref);
  }
  sources.push(...(await readStoredTexts(bulk, missing)));
  return sources;
}

/** The stored (masked) text of each content, for when its source is gone. */
export async function readStoredTexts(bulk: BulkWriter, refs: readonly StoredRef[]): Promise<StoredSource[]> {
  const sources: StoredSource[] = [];
  for (const refChunk of chunk(refs, 200)) {
    const rows = await bulk.query<{ id: string; content: string }>(
      `SELECT "id", "content" FROM "Handoff" WHERE "id" IN (${refChunk.map(() => "?").join(", ")})`,
      refChunk.map((ref) => ref.id),
    );
    const contents = new Map(rows.map((row) => [row.id, row.content]));
    for (const ref of refChunk) {
      const content = contents.get(ref.id);
      if (content !== undefined) sources.push({ ...ref, bytes: new TextEncoder().encode(content), isStoredText: true });
    }
  }
  return sources;
}

/**
 * Rows of `[...handoffContentValues, updatedAt, id]`: a content read again keeps its id (a hash of
 * repo, path and blob), so its row is updated in place; derive recomputes the rest.
 */
export async function updateRereadHandoffs(bulk: BulkWriter, rows: readonly Row[]): Promise<void> {
  const assignments = [...HANDOFF_CONTENT_COLUMNS, "updatedAt"].map((column) => `"${column}" = ?`).join(", ");
  for (const row of rows) await bulk.execute(`UPDATE "Handoff" SET ${assignments} WHERE "id" = ?`, row);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
