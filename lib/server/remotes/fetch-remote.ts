/**
 * One fetch of a remote, start to finish: the URL checked again against today's policy, its host's
 * addresses checked, `git fetch` into the bare mirror (run-git-fetch.ts), then an incremental scan of
 * the mirror, the Remote row updated (last fetch, next fetch from the activity, error in clear words,
 * handoffs found) and the change announced. Runs through the queue (at most two at once; a remote
 * already queued shares its run). Never throws for a failed fetch: the failure is stored and returned.
 */
import { notFound } from "../app-error";
import { classifyFetchError, type FetchErrorKind } from "../../core/remotes/fetch-error";
import { nextFetchAt, retryInterval } from "../../core/remotes/poll-schedule";
import { checkRemoteUrl, redactSecrets } from "../../core/remotes/remote-url";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { resolveDatabaseUrl } from "../db/database-url";
import type { Db } from "../db/client";
import { isIsolable } from "../db/isolate";
import { publish } from "../events/publish";
import { listBranches } from "../git";
import { enqueueFetch } from "./fetch-queue";
import { fetchTimeoutMs, remoteUrlPolicy } from "./git-policy";
import { branchFilter } from "./remote-store";
import { checkResolvedHost } from "./resolve-host";
import { withMirrorLock } from "./mirror-lock";
import { ensureMirror, pointHeadAtBranch, runGitFetch } from "./run-git-fetch";
import { inScanTurn } from "../ingest/scan-turn";
import { scanMirror } from "./scan-mirror";

export interface FetchOutcome {
  remoteId: string;
  ok: boolean;
  /** Some branch moved (or appeared, or went) in this fetch. */
  changed: boolean;
  error: { kind: FetchErrorKind; message: string } | null;
  handoffsFound: number;
  handoffsNew: number;
  durationMs: number;
  nextFetchAt: string;
}

export interface FetchContext {
  db: Db;
  /** The writer the scan uses; without one, each fetch opens its own (a writer is one connection, so
   * two fetches running at once must not share one). */
  bulk?: BulkWriter;
}

export function fetchRemote(remoteId: string, context: FetchContext): Promise<FetchOutcome> {
  return enqueueFetch(remoteId, () => fetchNow(remoteId, context));
}

async function headsOf(mirror: string, filter: ((branch: string) => boolean) | undefined) {
  const refs = (await listBranches(mirror)).filter((ref) => !ref.isRemote && (!filter || filter(ref.name)));
  return { key: refs.map((ref) => `${ref.name} ${ref.sha}`).sort().join("\n"), newest: refs.reduce((newest, ref) => Math.max(newest, ref.time), 0) };
}

async function fetchNow(remoteId: string, context: FetchContext): Promise<FetchOutcome> {
  if (context.bulk) return fetchWith(remoteId, context.db, context.bulk);
  const bulk = openBulkWriter(resolveDatabaseUrl());
  try {
    return await fetchWith(remoteId, context.db, bulk);
  } finally {
    await bulk.close();
  }
}

async function fetchWith(remoteId: string, db: Db, bulk: BulkWriter): Promise<FetchOutcome> {
  const started = Date.now();
  const remote = await db.remote.findUnique({ where: { id: remoteId } });
  if (!remote) throw notFound(`no remote ${remoteId}`);
  const filter = branchFilter(remote.branches);

  const fail = async (kind: FetchErrorKind, message: string): Promise<FetchOutcome> => {
    const now = new Date();
    const previous = remote.lastFetchAt && remote.nextFetchAt ? remote.nextFetchAt.getTime() - remote.lastFetchAt.getTime() : null;
    const next = new Date(now.getTime() + retryInterval(now, remote.lastNewCommitAt, remote.lastErrorKind ? previous : null));
    const updated = await db.remote.update({
      where: { id: remote.id },
      data: { lastFetchAt: now, nextFetchAt: next, lastError: message, lastErrorKind: kind, version: { increment: 1 } },
      select: { version: true, handoffsFound: true },
    });
    publish({ kind: "remote", id: remote.id, version: updated.version });
    return { remoteId, ok: false, changed: false, error: { kind, message }, handoffsFound: updated.handoffsFound, handoffsNew: 0, durationMs: Date.now() - started, nextFetchAt: next.toISOString() };
  };

  // The stored URL was admitted when it was added (local paths by an admin); hosts are checked again
  // against today's allow-list.
  const policy = remoteUrlPolicy({ isAdmin: true });
  const checked = checkRemoteUrl(remote.fetchUrl, policy);
  if (!checked.ok) return fail(checked.refusal.kind === "host-not-allowed" ? "host-not-allowed" : "other", `${checked.refusal.kind === "host-not-allowed" ? "host not allowed" : "refused"}: ${checked.refusal.message}`);
  const url = checked.url;
  const resolved = await checkResolvedHost(url, policy);
  if (!resolved.ok) return fail(resolved.kind, resolved.message);

  const timeoutMs = fetchTimeoutMs();
  // Across processes (the server and the CLI): one fetch and scan of a mirror at a time.
  const locked = await withMirrorLock(remote.mirrorPath, timeoutMs + 10 * 60_000, async () => {
    await ensureMirror(remote.mirrorPath);
    const before = await headsOf(remote.mirrorPath, filter);
    const result = await runGitFetch(remote.mirrorPath, url, { timeoutMs, pinned: resolved.addresses });
    if (!result.ok) {
      if (result.timedOut) {
        return { kind: "failed" as const, error: "timeout" as const, message: `timed out: no complete answer from ${url.host ?? "the repository"} within ${Math.round(timeoutMs / 1000)} s; the fetch was stopped` };
      }
      const failure = classifyFetchError(redactSecrets(result.stderr, url.secrets));
      return { kind: "failed" as const, error: failure.kind, message: redactSecrets(failure.message, url.secrets) };
    }
    await pointHeadAtBranch(remote.mirrorPath);
    const after = await headsOf(remote.mirrorPath, filter);
    const changed = before.key !== after.key;

    let handoffsNew = 0;
    let scanError: string | null = null;
    let repoId = remote.repoId;
    let scanRunId: string | null = null;
    try {
      const scan = await inScanTurn(() => scanMirror(bulk, { mirrorPath: remote.mirrorPath, name: remote.name, branchFilter: filter }));
      scanRunId = scan.scanRunId;
      repoId = scan.result.repoId ?? repoId;
      handoffsNew = scan.result.stats.handoffsNew;
      if (scan.result.status === "failed") scanError = scan.result.errors[0]?.message ?? "the scan failed";
    } catch (error) {
      if (!isIsolable(error)) throw error;
      scanError = (error as Error).message;
    }
    return { kind: "fetched" as const, changed, after, handoffsNew, scanError, repoId, scanRunId };
  });
  if (locked.kind === "failed") return fail(locked.error, locked.message);
  const { changed, after, handoffsNew, scanError, repoId, scanRunId } = locked;
  const handoffsFound = repoId ? await db.handoff.count({ where: { repoId, isGone: false } }) : 0;

  const now = new Date();
  // Activity is the newest commit the branches hold (not the time Baton first saw it), so a quiet
  // repository added today is polled as the quiet repository it is.
  const newestCommit = after.newest > 0 ? new Date(Math.min(after.newest, now.getTime())) : null;
  const lastNewCommitAt = [remote.lastNewCommitAt, newestCommit].filter((date): date is Date => date !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const next = nextFetchAt(now, lastNewCommitAt);
  const updated = await db.remote.update({
    where: { id: remote.id },
    data: {
      lastFetchAt: now,
      lastNewCommitAt,
      nextFetchAt: next,
      lastError: scanError === null ? null : `the fetch worked but the scan failed: ${scanError}`,
      lastErrorKind: scanError === null ? null : "other",
      handoffsFound,
      repoId,
      version: { increment: 1 },
    },
    select: { version: true },
  });
  publish({ kind: "remote", id: remote.id, version: updated.version });
  if (scanRunId) publish({ kind: "scan", id: scanRunId, version: 0 });
  if (repoId && handoffsNew > 0) {
    // The handoffs this fetch brought (stored by this scan), so open lists can show them live.
    const fresh = await db.handoff.findMany({ where: { repoId, firstSeenAt: { gte: new Date(started) } }, select: { id: true }, take: 500 });
    for (const handoff of fresh) publish({ kind: "handoff", id: handoff.id, version: 0 });
  }
  return {
    remoteId,
    ok: scanError === null,
    changed,
    error: scanError === null ? null : { kind: "other", message: scanError },
    handoffsFound,
    handoffsNew,
    durationMs: Date.now() - started,
    nextFetchAt: next.toISOString(),
  };
}
