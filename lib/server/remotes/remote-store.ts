/**
 * The Remote rows: add (policy checked, secret made), list (never the fetch URL or the secret), remove
 * (the row, its Source and so its Repo and handoffs, and the mirror folder). Shared by the routes, the
 * Sources page and `baton remote`.
 */
import { AppError, notFound } from "../app-error";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import picomatch from "picomatch";
import { actorLabel, type Actor } from "../../core/access/actor";
import { MIN_POLL_MS } from "../../core/remotes/poll-schedule";
import { checkRemoteUrl } from "../../core/remotes/remote-url";
import { repositoryKey } from "../../core/remotes/repository-key";
import { isFetchErrorKind, type FetchErrorKind } from "../../core/remotes/fetch-error";
import type { Db } from "../db/client";
import { mirrorPath, mirrorsDirectory, remoteUrlPolicy } from "./git-policy";

const VIEW_SELECT = {
  id: true,
  name: true,
  displayUrl: true,
  branches: true,
  repoId: true,
  createdAt: true,
  createdByName: true,
  lastFetchAt: true,
  lastNewCommitAt: true,
  nextFetchAt: true,
  lastError: true,
  lastErrorKind: true,
  handoffsFound: true,
  version: true,
} as const;

export interface RemoteView {
  id: string;
  name: string;
  /** Credentials removed. */
  url: string;
  branches: string;
  repoId: string | null;
  createdAt: string;
  createdBy: string;
  lastFetchAt: string | null;
  lastNewCommitAt: string | null;
  nextFetchAt: string | null;
  lastError: string | null;
  lastErrorKind: FetchErrorKind | null;
  handoffsFound: number;
  version: number;
}

interface ViewRow {
  id: string;
  name: string;
  displayUrl: string;
  branches: string;
  repoId: string | null;
  createdAt: Date;
  createdByName: string;
  lastFetchAt: Date | null;
  lastNewCommitAt: Date | null;
  nextFetchAt: Date | null;
  lastError: string | null;
  lastErrorKind: string | null;
  handoffsFound: number;
  version: number;
}

function toView(row: ViewRow): RemoteView {
  return {
    id: row.id,
    name: row.name,
    url: row.displayUrl,
    branches: row.branches,
    repoId: row.repoId,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastFetchAt: row.lastFetchAt?.toISOString() ?? null,
    lastNewCommitAt: row.lastNewCommitAt?.toISOString() ?? null,
    nextFetchAt: row.nextFetchAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorKind: isFetchErrorKind(row.lastErrorKind) ? row.lastErrorKind : null,
    handoffsFound: row.handoffsFound,
    version: row.version,
  };
}

export async function listRemotes(db: Db): Promise<RemoteView[]> {
  const rows = await db.remote.findMany({ select: VIEW_SELECT, orderBy: { name: "asc" } });
  return rows.map(toView);
}

export async function getRemoteView(db: Db, id: string): Promise<RemoteView> {
  const row = await db.remote.findUnique({ where: { id }, select: VIEW_SELECT });
  if (!row) throw notFound(`no remote ${id}`);
  return toView(row);
}

/** Finds a remote by id or name (the CLI takes either). */
export async function findRemoteId(db: Db, idOrName: string): Promise<string> {
  const row = await db.remote.findFirst({ where: { OR: [{ id: idOrName }, { name: idOrName }] }, select: { id: true } });
  if (!row) throw notFound(`no remote named ${JSON.stringify(idOrName)}`);
  return row.id;
}

/** The branches setting: `*` (every branch) or a glob picomatch reads; refused when it cannot be read. */
export function branchFilter(glob: string): ((branch: string) => boolean) | undefined {
  if (glob === "*" || glob === "**") return undefined;
  return picomatch(glob, { dot: true });
}

function defaultName(displayUrl: string): string {
  const last = displayUrl.replace(/\/+$/, "").split(/[/:]/).pop() ?? "remote";
  return last.replace(/\.git$/, "") || "remote";
}

export interface AddRemoteInput {
  url: string;
  name?: string | undefined;
  branches?: string | undefined;
}

export interface AddedRemote {
  remote: RemoteView;
  /** Shown once, now; never again. */
  webhookSecret: string;
}

/**
 * Adds a remote after checking its URL against the policy (local paths only for admins) and that no
 * remote already names the same repository. Nothing is fetched here (fetchRemote does that).
 */
export async function addRemote(db: Db, input: AddRemoteInput, actor: Actor): Promise<AddedRemote> {
  const policy = remoteUrlPolicy({ isAdmin: actor.role === "admin" });
  const checked = checkRemoteUrl(input.url, policy);
  if (!checked.ok) throw new AppError(checked.refusal.kind === "host-not-allowed" ? 403 : 400, checked.refusal.message, { kind: checked.refusal.kind });
  const url = checked.url;
  const name = (input.name ?? defaultName(url.displayUrl)).trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new AppError(400, "a remote's name is 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit", { kind: "invalid" });
  }
  const branches = (input.branches ?? "*").trim() || "*";
  if (branches.length > 200) throw new AppError(400, "the branches glob is longer than 200 characters", { kind: "invalid" });
  try {
    picomatch.makeRe(branches);
  } catch {
    throw new AppError(400, "the branches glob cannot be read", { kind: "invalid" });
  }
  const key = repositoryKey(url.fetchUrl) ?? url.fetchUrl;
  const existing = await db.remote.findMany({ select: { name: true, fetchUrl: true } });
  const clash = existing.find((remote) => remote.name === name || (repositoryKey(remote.fetchUrl) ?? remote.fetchUrl) === key);
  if (clash) {
    throw new AppError(409, clash.name === name ? `a remote named ${name} exists` : `this repository is already a remote (${clash.name})`, { kind: "exists" });
  }
  const id = `r${randomBytes(12).toString("hex")}`;
  const webhookSecret = randomBytes(32).toString("hex");
  const now = new Date();
  const row = await db.remote.create({
    data: {
      id,
      name,
      fetchUrl: url.fetchUrl,
      displayUrl: url.displayUrl,
      branches,
      mirrorPath: mirrorPath(id),
      webhookSecret,
      createdBy: actor.userId ?? "local",
      createdByName: actorLabel(actor),
      createdAt: now,
      // Whoever adds it fetches at once (the CLI, the API); the scheduler comes a minute later.
      nextFetchAt: new Date(now.getTime() + MIN_POLL_MS),
    },
    select: VIEW_SELECT,
  });
  return { remote: toView(row), webhookSecret };
}

/** Removes a remote with everything scanned from it and its mirror folder. */
export async function removeRemote(db: Db, id: string): Promise<{ id: string; name: string }> {
  const row = await db.remote.findUnique({ where: { id }, select: { id: true, name: true, mirrorPath: true, repoId: true } });
  if (!row) throw notFound(`no remote ${id}`);
  const repo = row.repoId ? await db.repo.findUnique({ where: { id: row.repoId }, select: { sourceId: true } }) : null;
  await db.$transaction([
    db.remote.delete({ where: { id } }),
    // The Source cascades to its Repo, branches, handoffs and findings.
    db.source.deleteMany({ where: { kind: "remote", id: repo?.sourceId ?? "-" } }),
  ]);
  // Only ever a folder under <data>/mirrors (mirrorPath is built from the id, never from input).
  if (row.mirrorPath.startsWith(mirrorsDirectory() + "/")) await rm(row.mirrorPath, { recursive: true, force: true });
  return { id: row.id, name: row.name };
}
