/**
 * Scan one git repo's handoffs: every local and remote-tracking branch straight from git objects,
 * plus the working tree. Incremental: a branch whose head did not move is not read again (unless the
 * discovery settings changed), a working-tree file whose size and mtime did not change is not read
 * again, and a content (path + blob sha) already stored is never parsed twice. Every file gets a
 * result; one bad file never stops the scan.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Finding } from "../../core/findings";
import type { SecretFingerprint } from "../../core/handoff/secrets/mask-secrets";
import { checkRowValues } from "../../core/text/safe-values";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import type { Row } from "../db/bulk";
import { defaultBranch, listBranches, readBareRepoInfo, readBlobs, readRepoInfo, gitBlobSha } from "../git";
import { listCommitFiles } from "../git-tree-walk";
import { syncRepoReviews } from "../reviews/sync-reviews";
import { deriveRepo, type DeriveResult } from "./derive-repo";
import {
  historyPathspecs,
  loadDiscoverySettings,
  storeDiscoveryIssues,
  storeDiscoveryKey,
  updateLatestHint,
  updateNothingFound,
  leftOutIssues,
  walkIssues,
} from "./discovery-facts";
import { CONTENT_NOT_A_HANDOFF_RULE, NOT_A_HANDOFF_NAME_RULE, SKIPPED_DOCUMENT_RULES } from "../../core/handoff/documents/handoff-signals";
import { UNCONFIRMED_CONTENT_MESSAGE, unconfirmedContentKeys } from "./content-evidence";
import { withContentCandidates } from "./handoff-globs";
import { loadSkippedDocuments, SKIPPED_STATUS } from "./skipped-documents";
import { confirmProcessedIdentity, HANDOFF_CONTENT_COLUMNS, handoffContentValues, handoffId, MAX_HANDOFF_BYTES, processHandoff, type ProcessedHandoff } from "./process-handoff";
import { loadIdentityFacts } from "./identity-facts";
import { findStoredHolding, loadStaleHandoffs, readStoredSources, readStoredTexts, updateRereadHandoffs, type StoredRef } from "./reread-stored";
import { loadRepoSecrets, storeRepoSecrets } from "./repo-secrets";
import { loadBranches, loadFileStates, loadKnownHandoffs, upsertRepoSource } from "./repo-store";
import { readWorktreeFile, walkWorktree, type WorktreeWalk } from "./worktree";

export type { RepoDiscovery, RepoScanResult, ScanError, ScanProgress, ScanRepoOptions } from "./scan-types";
export { emptyStats } from "./scan-types";
import { emptyStats, type RepoScanResult, type ScanError, type ScanRepoOptions } from "./scan-types";
import { refreshFailedBlobRefs, upsertBranch, upsertFileState } from "./scan-store";

const WORKTREE = "";

const HANDOFF_COLUMNS = ["id", "repoId", "path", "blobSha", ...HANDOFF_CONTENT_COLUMNS, "committed", "inWorkingTree", "sizeBytes", "firstSeenAt", "updatedAt"];

interface Candidate {
  path: string;
  blobSha: string;
  bytes: Uint8Array | null;
  size: number;
  /** Refs that hold it in this scan (for error reports). */
  refs: Set<string>;
  fromWorktree: boolean;
  /** Why the file is left out by its name or place alone (handoff-rules.ts `leftOutByName`): never read. */
  leftOut?: string | null;
}

/** A content processed in this scan: new, or stored and read again (`storedId`). */
interface ProcessedContent {
  path: string;
  blobSha: string;
  bytes: Uint8Array;
  storedId: string | null;
  isStoredText: boolean;
  fromWorktree: boolean;
  processed: ProcessedHandoff;
}

export async function scanRepo(inputPath: string, options: ScanRepoOptions): Promise<RepoScanResult> {
  const started = Date.now();
  const { bulk } = options;
  const errors: ScanError[] = [];
  const stats = emptyStats();
  let repoPath = path.resolve(inputPath);
  const name = path.basename(repoPath);
  const { mirror } = options;
  const readInfo = mirror ? readBareRepoInfo : readRepoInfo;
  try {
    repoPath = await realpath(repoPath);
    const info = await readInfo(repoPath);
    repoPath = await realpath(info.topLevel);
  } catch (error) {
    return {
      repoId: null,
      sourceId: null,
      path: repoPath,
      name,
      status: "failed",
      durationMs: Date.now() - started,
      stats,
      errors: [{ path: repoPath, message: `not a readable git repository: ${(error as Error).message}` }],
      derive: null,
      discovery: null,
    };
  }
  const info = await readInfo(repoPath);
  const repoName = mirror?.name ?? path.basename(repoPath);
  options.onProgress?.({ phase: "repo", repo: repoPath });

  const { sourceId, repoId, globs } = await upsertRepoSource(bulk, repoPath, repoName, options.globs ?? null, mirror ? "remote" : "repo");
  const settings = await loadDiscoverySettings(bulk, repoPath, sourceId, globs, !mirror);
  const { matcher } = settings;
  // Where handoffs live, and every other markdown file to judge by its content (handoff-globs.ts).
  const reader = withContentCandidates(matcher);
  stats.rediscovered = settings.changed;

  // 1. Branches: which heads moved since the last scan (all of them when what counts as a handoff changed).
  const allRefs = await listBranches(repoPath);
  const refs = mirror?.branchFilter ? allRefs.filter((ref) => mirror.branchFilter!(ref.name)) : allRefs;
  stats.branches = refs.length;
  const stored = await loadBranches(bulk, repoId);
  const storedByName = new Map(stored.map((branch) => [branch.name, branch]));
  const changedRefs = settings.changed ? refs : refs.filter((ref) => storedByName.get(ref.name)?.scannedSha !== ref.sha);
  const goneBranches = stored.filter((branch) => !refs.some((ref) => ref.name === branch.name));
  stats.branchesRead = changedRefs.length;
  stats.branchesGone = goneBranches.length;
  options.onProgress?.({ phase: "refs", repo: repoPath, branches: refs.length, changed: changedRefs.length });

  // Whole trees, each distinct folder read once across branches; excluded folders never opened.
  const refEntries = new Map<string, { path: string; sha: string }[]>();
  const filesByCommit = await listCommitFiles(
    repoPath,
    changedRefs.map((ref) => ref.sha),
    // Files left out by their name alone are listed too (never read): discovery.notHandoffs.
    { descend: matcher.descend, accept: (filePath) => reader.matches(filePath) || matcher.leftOut(filePath) !== null },
  );
  for (const ref of changedRefs) refEntries.set(ref.name, filesByCommit.get(ref.sha) ?? []);

  // 2. Working tree: stat everything, read only what changed.
  const walk: WorktreeWalk = mirror ? { files: [], skipped: [], hints: [], markdown: [] } : await walkWorktree(repoPath, reader, { collectMarkdown: true });
  for (const skipped of walk.skipped) errors.push({ path: skipped.path, message: skipped.reason });
  for (const issue of settings.config.issues) errors.push({ path: settings.config.file ?? ".baton.json", message: issue.message, line: issue.line });
  stats.worktreeFiles = walk.files.length;
  const fileStates = await loadFileStates(bulk, sourceId);
  const worktreeStates = new Map(fileStates.filter((state) => state.version === WORKTREE).map((state) => [state.path, state]));
  const failedBlobs = new Set(fileStates.filter((state) => state.version !== WORKTREE && state.status === "failed").map((state) => `${state.path}\0${state.version}`));
  // Contents read before and found not to be handoffs (handoff-signals.ts): read again only under new rules.
  const skippedBlobs = new Set(
    settings.changed ? [] : fileStates.filter((state) => state.version !== WORKTREE && state.status === SKIPPED_STATUS).map((state) => `${state.path}\0${state.version}`),
  );

  const worktreeNow: { path: string; blobSha: string | null; mtimeMs: number; size: number; bytes: Buffer | null; changed: boolean }[] = [];
  for (const file of walk.files) {
    const previous = worktreeStates.get(file.path);
    // Unchanged size and mtime: same content as last time (also for files that failed then: they fail the same way).
    // New rules or globs read every file again: one judged an ordinary document before may be a handoff now.
    if (previous && previous.status !== "gone" && previous.size === file.size && previous.mtimeMs === file.mtimeMs && !settings.changed) {
      worktreeNow.push({ path: file.path, blobSha: previous.blobSha, mtimeMs: file.mtimeMs, size: file.size, bytes: null, changed: false });
      continue;
    }
    try {
      const { bytes, size } = await readWorktreeFile(repoPath, file.path, MAX_HANDOFF_BYTES);
      stats.filesRead++;
      worktreeNow.push({ path: file.path, blobSha: bytes ? gitBlobSha(bytes) : null, mtimeMs: file.mtimeMs, size, bytes, changed: true });
    } catch (error) {
      errors.push({ path: file.path, message: `could not read: ${(error as Error).message}` });
    }
  }
  const walkedPaths = new Set(walk.files.map((file) => file.path));
  const worktreeGone = [...worktreeStates.values()].filter((state) => state.status !== "gone" && !walkedPaths.has(state.path));
  const worktreeChanged = worktreeNow.some((file) => file.changed) || worktreeGone.length > 0;

  // 3. Contents not stored yet.
  const known = await loadKnownHandoffs(bulk, repoId);
  const candidates = new Map<string, Candidate>();
  for (const file of worktreeNow) {
    if (!file.changed) continue;
    if (file.blobSha === null) {
      // Too large to read: record it without loading it.
      candidates.set(`${file.path}\0size:${file.size}`, { path: file.path, blobSha: `oversize-${file.size}`, bytes: null, size: file.size, refs: new Set(["(working tree)"]), fromWorktree: true });
      continue;
    }
    const key = `${file.path}\0${file.blobSha}`;
    if (known.has(key) || failedBlobs.has(key) || skippedBlobs.has(key)) continue;
    candidates.set(key, { path: file.path, blobSha: file.blobSha, bytes: file.bytes, size: file.size, refs: new Set(["(working tree)"]), fromWorktree: true });
  }
  for (const [refName, entries] of refEntries) {
    for (const entry of entries) {
      const key = `${entry.path}\0${entry.sha}`;
      if (known.has(key) || failedBlobs.has(key) || skippedBlobs.has(key)) continue;
      const candidate = candidates.get(key) ?? { path: entry.path, blobSha: entry.sha, bytes: null, size: 0, refs: new Set<string>(), fromWorktree: false, leftOut: matcher.leftOut(entry.path) };
      candidate.refs.add(refName);
      candidates.set(key, candidate);
    }
  }
  const blobsToRead = [...new Set([...candidates.values()].filter((candidate) => !candidate.fromWorktree && !candidate.leftOut).map((candidate) => candidate.blobSha))];
  const blobs = await readBlobs(repoPath, blobsToRead, MAX_HANDOFF_BYTES);
  stats.filesRead += blobsToRead.length;

  // 4. Parse and write. Secrets are masked with the repo's fingerprints, so a value found in one
  // handoff is masked in all of them (repo-secrets.ts).
  const now = new Date();
  const handoffRows: Row[] = [];
  /** The candidate each handoff row was made from (same order). */
  const rowCandidates: { key: string; candidate: Candidate }[] = [];
  const failedStates: Row[] = [];
  const issueRows: Row[] = [];
  /** Contents read this scan and found not to be handoffs; `storedIds` were stored as handoffs by an older reader. */
  const skippedNow = new Set<string>();
  const skippedStoredIds: string[] = [];
  const newIds = new Map<string, string>();
  const secrets = await loadRepoSecrets(bulk, repoId);
  const processedContents = new Map<string, ProcessedContent>();
  let freshSecrets: SecretFingerprint[] = [];
  const processContent = (content: Omit<ProcessedContent, "processed">) => {
    const processed = processHandoff(content.path, content.bytes, { ...secrets.maskOptions(), countExistingMasks: content.isStoredText }, { explicit: matcher.isExplicit(content.path) });
    if (processed.ok) freshSecrets.push(...secrets.learn(processed.fingerprints));
    return processed;
  };
  let done = 0;
  for (const [key, candidate] of candidates) {
    done++;
    if (done % 500 === 0) options.onProgress?.({ phase: "read", repo: repoPath, done, total: candidates.size });
    if (candidate.leftOut) {
      recordSkip(key, candidate, { rule: NOT_A_HANDOFF_NAME_RULE, severity: "info", line: null, message: candidate.leftOut });
      continue;
    }
    let bytes = candidate.bytes;
    let size = candidate.size;
    if (!candidate.fromWorktree) {
      const blob = blobs.get(candidate.blobSha);
      bytes = blob?.bytes ?? null;
      size = blob?.size ?? 0;
      if (!blob) {
        recordFailure(candidate, [{ rule: "file-unreadable", severity: "error", line: null, message: "git object could not be read" }]);
        continue;
      }
    }
    if (bytes === null) {
      recordFailure(candidate, [
        { rule: "file-too-large", severity: "warning", line: null, message: `${size} bytes is over the ${MAX_HANDOFF_BYTES}-byte limit for a handoff; not read` },
      ]);
      continue;
    }
    const content = { path: candidate.path, blobSha: candidate.blobSha, bytes, storedId: null, isStoredText: false, fromWorktree: candidate.fromWorktree };
    const processed = processContent(content);
    if (!processed.ok) {
      if (processed.notHandoff) recordSkip(key, candidate, processed.notHandoff);
      else recordFailure(candidate, processed.issues);
      continue;
    }
    processedContents.set(key, { ...content, processed });
  }

  // Contents stored by an older READER_VERSION are read again from git or the working tree and
  // processed like new ones; then, while processing finds secret values the repo did not know, every
  // content (of this scan or stored) holding one unmasked is processed again with them.
  const worktreeByPath = new Map(worktreeNow.map((file) => [file.path, { blobSha: file.blobSha, bytes: file.bytes }]));
  const processStored = async (refs: StoredRef[]) => {
    for (const source of await readStoredSources(bulk, repoPath, refs, worktreeByPath)) {
      let content: Omit<ProcessedContent, "processed"> = { ...source, storedId: source.id, fromWorktree: false };
      let processed = processContent(content);
      if (!processed.ok && processed.notHandoff) {
        // Stored as a handoff by an older reader: no longer one. Its row goes; the skip is reported.
        const key = `${source.path}\0${source.blobSha}`;
        known.delete(key);
        skippedStoredIds.push(source.id);
        recordSkip(key, { ...storedCandidate(content), fromWorktree: worktreeByPath.get(source.path)?.blobSha === source.blobSha }, processed.notHandoff);
        continue;
      }
      if (!processed.ok && !source.isStoredText) {
        // The source no longer decodes as it did (it was stored, so it did once): keep the stored text.
        const [fallback] = await readStoredTexts(bulk, [source]);
        if (fallback) {
          content = { ...fallback, storedId: fallback.id, fromWorktree: false };
          processed = processContent(content);
        }
      }
      if (processed.ok) processedContents.set(`${source.path}\0${source.blobSha}`, { ...content, processed });
    }
  };
  await processStored(await loadStaleHandoffs(bulk, repoId));
  // What counts as a handoff changed (rules, globs, ignores): a stored handoff that now only its content
  // could make one (a glob removed, a settings file broken) is judged again by its content.
  if (settings.changed) {
    const byContentOnly = [...known].map(([key, id]) => ({ id, path: key.slice(0, key.indexOf("\0")), blobSha: key.slice(key.indexOf("\0") + 1) }));
    await processStored(byContentOnly.filter((ref) => !matcher.matches(ref.path) && !processedContents.has(`${ref.path}\0${ref.blobSha}`)));
  }
  // Each round only adds values the repo did not know; a content's own detections do not depend on
  // the known set, so this settles in two or three rounds. The cap is a guard, not a limit hit.
  for (let round = 0; round < 8 && freshSecrets.length > 0; round += 1) {
    const fresh = freshSecrets;
    freshSecrets = [];
    for (const [key, content] of processedContents) {
      if (!secrets.holdsAny(new TextDecoder().decode(content.bytes), fresh)) continue;
      const processed = processContent(content);
      if (processed.ok) processedContents.set(key, { ...content, processed });
    }
    const skip = new Set([...processedContents.values()].map((content) => content.storedId).filter((id): id is string => id !== null));
    await processStored(await findStoredHolding(bulk, repoId, secrets, fresh, skip));
  }

  // Identity values found by their shape are confirmed with the repository before anything is stored.
  const identityFacts = await loadIdentityFacts(repoPath, { refs: allRefs, isShallow: info.isShallow, parsed: [...processedContents.values()].map((content) => content.processed.analysis.parsed) });
  for (const content of processedContents.values()) confirmProcessedIdentity(content.processed, identityFacts);
  // A file found by its content alone stays only when the repository confirms it (content-evidence.ts).
  const mtimes = new Map(worktreeNow.map((file) => [file.path, file.mtimeMs]));
  // Found by no folder, name or glob: read for its content alone (handoff-globs.ts `byContent`).
  const isByContent = (filePath: string) => matcher.byContent(filePath);
  const knownPaths = [...known.keys()].map((key) => key.slice(0, key.indexOf("\0")));
  for (const key of await unconfirmedContentKeys(repoPath, processedContents, identityFacts, isByContent, (filePath) => mtimes.get(filePath) ?? null, knownPaths)) {
    const content = processedContents.get(key)!;
    processedContents.delete(key);
    if (content.storedId !== null) {
      known.delete(key);
      skippedStoredIds.push(content.storedId);
    }
    recordSkip(key, candidates.get(key) ?? storedCandidate(content), { rule: CONTENT_NOT_A_HANDOFF_RULE, severity: "info", line: null, message: UNCONFIRMED_CONTENT_MESSAGE });
  }

  const rereadRows: Row[] = [];
  for (const [key, content] of processedContents) {
    const values = handoffContentValues(content.path, content.processed);
    if (content.storedId !== null) {
      const changes = checkRowValues(values, HANDOFF_CONTENT_COLUMNS);
      if (changes.length > 0) recordIssue(storedCandidate(content), { rule: "handoff-bad-value", severity: "warning", line: null, message: `stored with a change: ${changes.join("; ")}` });
      rereadRows.push([...values, now, content.storedId]);
      continue;
    }
    const id = handoffId(repoPath, content.path, content.blobSha);
    newIds.set(key, id);
    const row: Row = [id, repoId, content.path, content.blobSha, ...values, false, content.fromWorktree, content.bytes.byteLength, now, now];
    // Every value is checked once before it is written (lib/core/text/safe-values.ts): decoding
    // already refused NULs, this catches what parsing derived (a title cut inside a surrogate pair).
    const candidate = candidates.get(key) ?? storedCandidate(content);
    const changes = checkRowValues(row, HANDOFF_COLUMNS);
    if (changes.length > 0) recordIssue(candidate, { rule: "handoff-bad-value", severity: "warning", line: null, message: `stored with a change: ${changes.join("; ")}` });
    handoffRows.push(row);
    rowCandidates.push({ key, candidate });
  }
  stats.handoffsNew = handoffRows.length;
  stats.handoffsReread = rereadRows.length;

  /** A stored content read again has no candidate of this scan: its issues name no ref. */
  function storedCandidate(content: Omit<ProcessedContent, "processed">): Candidate {
    return { path: content.path, blobSha: content.blobSha, bytes: null, size: content.bytes.byteLength, refs: new Set(), fromWorktree: content.fromWorktree };
  }

  function recordIssue(candidate: Candidate, issue: Finding) {
    const refs = [...candidate.refs];
    const version = candidate.fromWorktree ? WORKTREE : candidate.blobSha;
    errors.push({ path: candidate.path, message: issue.message, line: issue.line, refs });
    issueRows.push([sourceId, candidate.path, version, JSON.stringify(refs), issue.line, issue.rule, issue.severity, issue.message, options.scanRunId ?? null, now]);
  }

  /** A content that is not a handoff: reported (info), remembered so it is not read again, never an error. */
  function recordSkip(key: string, candidate: Candidate, issue: Finding) {
    skippedNow.add(key);
    const refs = [...candidate.refs];
    const version = candidate.fromWorktree ? WORKTREE : candidate.blobSha;
    if (!candidate.fromWorktree) {
      failedStates.push([sourceId, candidate.path, version, candidate.size, null, candidate.blobSha, SKIPPED_STATUS, 1, options.scanRunId ?? null, now]);
    }
    // An ordinary document read for its content: remembered (not read again), never listed.
    if (issue.rule === CONTENT_NOT_A_HANDOFF_RULE) return;
    issueRows.push([sourceId, candidate.path, version, JSON.stringify(refs), issue.line, issue.rule, issue.severity, issue.message, options.scanRunId ?? null, now]);
  }

  function recordFailure(candidate: Candidate, issues: Finding[]) {
    stats.failed++;
    const refs = [...candidate.refs];
    const version = candidate.fromWorktree ? WORKTREE : candidate.blobSha;
    if (!candidate.fromWorktree) {
      failedStates.push([sourceId, candidate.path, version, candidate.size, null, candidate.blobSha, "failed", issues.length, options.scanRunId ?? null, now]);
    }
    for (const issue of issues) {
      errors.push({ path: candidate.path, message: issue.message, line: issue.line, refs });
      issueRows.push([sourceId, candidate.path, version, JSON.stringify(refs), issue.line, issue.rule, issue.severity, issue.message, options.scanRunId ?? null, now]);
    }
  }

  const lookupId = (filePath: string, blobSha: string) => known.get(`${filePath}\0${blobSha}`) ?? newIds.get(`${filePath}\0${blobSha}`);
  const somethingChanged =
    changedRefs.length > 0 || goneBranches.length > 0 || worktreeChanged || handoffRows.length > 0 || rereadRows.length > 0 || failedStates.length > 0 || skippedStoredIds.length > 0;

  await bulk.transaction(async () => {
    await bulk.execute(`UPDATE "Repo" SET "headSha" = ?, "headBranch" = ?, "isShallow" = ?, "defaultBranch" = ? WHERE "id" = ?`, [
      info.headSha,
      info.headBranch,
      info.isShallow,
      await defaultBranch(repoPath, refs),
      repoId,
    ]);
    if (!somethingChanged) return;
    // One handoff that cannot be stored (whatever slipped past the value checks) is an issue of its
    // file; the others are stored (lib/server/db/isolate.ts).
    const rowIndexes = handoffRows.map((_, index) => index);
    await writeIsolated(
      bulk,
      rowIndexes,
      (indexes) => bulk.insert("Handoff", HANDOFF_COLUMNS, indexes.map((index) => handoffRows[index]!), { ignoreConflicts: true }),
      (index, error) => {
        const { key, candidate } = rowCandidates[index]!;
        newIds.delete(key);
        stats.handoffsNew--;
        recordFailure(candidate, [{ rule: "handoff-not-stored", severity: "error", line: null, message: `could not be stored: ${writeFailureMessage(error)}` }]);
      },
    );
    await updateRereadHandoffs(bulk, rereadRows);
    if (skippedStoredIds.length > 0) await bulk.deleteWhereIn("Handoff", "id", skippedStoredIds);
    if (settings.changed) {
      // New rules: what was skipped and is read now (as a handoff, or skipped again) reports afresh.
      const rules = SKIPPED_DOCUMENT_RULES.map(() => "?").join(", ");
      for (const key of [...processedContents.keys(), ...skippedNow]) {
        const [filePath, blobSha] = key.split("\0") as [string, string];
        await bulk.execute(`DELETE FROM "FileState" WHERE "sourceId" = ? AND "path" = ? AND "version" = ? AND "status" = ?`, [sourceId, filePath, blobSha, SKIPPED_STATUS]);
        await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "path" = ? AND "version" = ? AND "rule" IN (${rules})`, [sourceId, filePath, blobSha, ...SKIPPED_DOCUMENT_RULES]);
      }
    }
    await storeRepoSecrets(bulk, repoId, secrets, now);
    await bulk.insert(
      "FileState",
      ["sourceId", "path", "version", "size", "mtimeMs", "blobSha", "status", "issueCount", "scanRunId", "updatedAt"],
      failedStates,
      { ignoreConflicts: true },
    );
    // Issues of the files read this scan replace that file's earlier issues.
    const rereadPaths = [...new Set([...candidates.values()].map((candidate) => candidate.path))];
    for (const filePath of rereadPaths) {
      await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "path" = ? AND "version" = ?`, [sourceId, filePath, WORKTREE]);
    }
    await bulk.insert("IngestIssue", ["sourceId", "path", "version", "refs", "line", "rule", "severity", "message", "scanRunId", "createdAt"], issueRows);
    if (changedRefs.length > 0 || goneBranches.length > 0) await refreshFailedBlobRefs(bulk, sourceId, { changedRefs, goneBranches, refEntries });

    // Occurrences: replace those of every branch read again or gone, and of the working tree.
    for (const ref of [...changedRefs.map((changed) => changed.name), ...goneBranches.map((gone) => gone.name)]) {
      await bulk.execute(
        `DELETE FROM "HandoffOccurrence" WHERE "ref" = ? AND "kind" <> 'worktree' AND "handoffId" IN (SELECT "id" FROM "Handoff" WHERE "repoId" = ?)`,
        [ref, repoId],
      );
    }
    const occurrenceRows: Row[] = [];
    for (const ref of changedRefs) {
      for (const entry of refEntries.get(ref.name) ?? []) {
        const id = lookupId(entry.path, entry.sha);
        if (id) occurrenceRows.push([id, ref.isRemote ? "remote" : "local", ref.name]);
      }
    }
    if (worktreeChanged) {
      await bulk.execute(
        `DELETE FROM "HandoffOccurrence" WHERE "kind" = 'worktree' AND "handoffId" IN (SELECT "id" FROM "Handoff" WHERE "repoId" = ?)`,
        [repoId],
      );
      for (const file of worktreeNow) {
        const id = file.blobSha ? lookupId(file.path, file.blobSha) : undefined;
        if (id) occurrenceRows.push([id, "worktree", WORKTREE]);
        if (id && file.changed) {
          await bulk.execute(`UPDATE "Handoff" SET "fileMtime" = ? WHERE "id" = ?`, [new Date(file.mtimeMs), id]);
        }
      }
    }
    await bulk.insert("HandoffOccurrence", ["handoffId", "kind", "ref"], occurrenceRows, { ignoreConflicts: true });

    // Working-tree file states.
    for (const file of worktreeNow.filter((entry) => entry.changed)) {
      const skipped = file.blobSha !== null && (skippedNow.has(`${file.path}\0${file.blobSha}`) || skippedBlobs.has(`${file.path}\0${file.blobSha}`));
      const failed = file.blobSha === null || !lookupId(file.path, file.blobSha);
      await upsertFileState(bulk, sourceId, file.path, file.size, file.mtimeMs, file.blobSha, skipped ? SKIPPED_STATUS : failed ? "failed" : "ok", options.scanRunId ?? null, now);
    }
    for (const gone of worktreeGone) {
      await bulk.execute(`UPDATE "FileState" SET "status" = 'gone', "updatedAt" = ? WHERE "id" = ?`, [now, gone.id]);
      // A working-tree file that is gone (or no longer a handoff) takes its read errors with it.
      await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "path" = ? AND "version" = ?`, [sourceId, gone.path, WORKTREE]);
    }

    // Branch rows.
    if (goneBranches.length > 0) await bulk.deleteWhereIn("Branch", "id", goneBranches.map((branch) => branch.id));
    for (const ref of changedRefs) await upsertBranch(bulk, repoId, ref);
  });

  // The LATEST.md hint names a handoff by path: read it once the occurrences are current.
  const latest = await updateLatestHint(bulk, repoId, repoPath, walk.hints);
  let derive: DeriveResult | null = null;
  if (somethingChanged || latest.changed) {
    options.onProgress?.({ phase: "derive", repo: repoPath });
    derive = await deriveRepo(bulk, { repoId, repoPath, isShallow: info.isShallow, prefixes: await historyPathspecs(bulk, repoId), isExplicit: matcher.isExplicit });
    stats.derived = true;
  }
  // Every open chain head has a review; a head that got a successor completes its review as "continued".
  await syncRepoReviews(bulk, repoId);
  await storeDiscoveryIssues(
    bulk,
    sourceId,
    [...walkIssues(walk), ...leftOutIssues(walk, matcher), ...settings.config.issues.map((finding) => ({ path: settings.config.file ?? ".baton.json", finding })), ...latest.issues],
    options.scanRunId ?? null,
  );
  for (const issue of latest.issues) errors.push({ path: issue.path, message: issue.finding.message });
  const nothingFound = await updateNothingFound(bulk, { repoId, sourceId, repoPath, matcher, configFile: settings.config.file, markdown: walk.markdown });
  if (settings.changed) await storeDiscoveryKey(bulk, sourceId, matcher.key);
  stats.filesSkipped = walk.skipped.length;
  await bulk.execute(`UPDATE "Source" SET "lastScanAt" = ?, "lastStatus" = ?, "lastError" = ? WHERE "id" = ?`, [
    new Date(),
    errors.length > 0 ? "partial" : "ok",
    errors[0]?.message ?? null,
    sourceId,
  ]);
  return {
    repoId,
    sourceId,
    path: repoPath,
    name: repoName,
    status: errors.length > 0 ? "partial" : "ok",
    durationMs: Date.now() - started,
    stats,
    errors,
    derive,
    discovery: {
      config: settings.config.file,
      globs: matcher.globs,
      ignore: matcher.ignore,
      latestHint: latest.hint ? { source: latest.hint.source, path: latest.hint.path } : null,
      notHandoffs: await loadSkippedDocuments(bulk, sourceId),
      nothingFound,
    },
  };
}
