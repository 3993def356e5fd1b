/**
 * Reads handoff files from a checkout without ever leaving the registered root: symlinks are not
 * followed unless their target is a regular file inside the root, a folder is entered only when it is
 * a real directory (never through a link), and each file is re-checked by real path when read.
 */
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isExcludedFolderName, isMarkdownName } from "../../core/discovery/handoff-rules";

export interface WorktreeFile {
  /** Repo-relative, forward slashes. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** Rules `ingest/worktree.ts` was written for (lint rules id, docs/cli.md). */
export const WORKTREE_RULES = {
  symlink: "worktree-symlink-not-followed",
  notRegular: "worktree-file-not-regular",
  folderOutside: "worktree-folder-outside",
} as const;

export interface SkippedEntry {
  path: string;
  rule: (typeof WORKTREE_RULES)[keyof typeof WORKTREE_RULES];
  reason: string;
}

export interface WorktreeWalk {
  files: WorktreeFile[];
  /** Things skipped for safety, reported to the user. */
  skipped: SkippedEntry[];
  /** `LATEST.md`-like pointers where handoffs live (when the matcher knows them). */
  hints: WorktreeFile[];
  /** Every markdown file walked (only with `collectMarkdown`), for the "nothing found" hint. */
  markdown: string[];
}

/** What the walk asks of a matcher (HandoffMatcher has all of it; a plain glob matcher the first two). */
export interface WalkMatcher {
  /** Folder prefixes that contain every match ("" = whole tree). */
  prefixes: string[];
  matches(path: string): boolean;
  /** Open this folder? Default: everything except the excluded folder names. */
  descend?(folderPath: string, name: string): boolean;
  /** A symbolic link here matters (a handoff could be it or below it): report it when it is not followed. */
  mayHold?(path: string): boolean;
  isLatestHint?(path: string): boolean;
  /** Identifies what this matcher matches; with it, folder listings are reused while unchanged. */
  key?: string;
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

const MAX_MARKDOWN = 20_000;

/** What a folder holds, as the walk classified it; reused while the folder's stamp (inode, mtime, ctime) is unchanged. */
interface FolderPlan {
  stamp: string;
  /** Holds its own `.git`: another repository, not walked. */
  nestedRepo: boolean;
  folders: string[];
  handoffs: string[];
  hints: string[];
  markdown: string[];
  links: string[];
  notRegular: string[];
}

/**
 * Plans per (root, matcher key), kept in memory for the next walk of the same root with the same
 * rules (`serve --watch`, the Rescan button): a no-change rescan stats each folder instead of
 * listing it. Adding, removing or renaming an entry changes its folder's mtime, so nothing is missed;
 * files themselves are still stat'ed every walk.
 */
const planCaches = new Map<string, Map<string, FolderPlan>>();
const MAX_CACHED_ROOTS = 64;

function planCache(key: string): Map<string, FolderPlan> {
  let cache = planCaches.get(key);
  if (cache) {
    planCaches.delete(key);
  } else {
    cache = new Map();
    if (planCaches.size >= MAX_CACHED_ROOTS) planCaches.delete(planCaches.keys().next().value!);
  }
  planCaches.set(key, cache);
  return cache;
}

/**
 * Walks the checkout from each prefix, never into excluded folders (node_modules, build output …, see
 * discovery-rules.data.ts) nor into a folder holding its own `.git` (a nested repository or worktree:
 * scan it as a repo of its own). Symbolic links are followed only to a regular file inside the root;
 * any other link where a handoff could be is reported in `skipped`, never read.
 */
export async function walkWorktree(root: string, matcher: WalkMatcher, options: { maxFiles?: number; collectMarkdown?: boolean } = {}): Promise<WorktreeWalk> {
  const maxFiles = options.maxFiles ?? 200_000;
  const realRoot = await realpath(root);
  const files: WorktreeFile[] = [];
  const hints: WorktreeFile[] = [];
  const markdown: string[] = [];
  const skipped: SkippedEntry[] = [];
  const seenDirectories = new Set<string>();
  const descend = (folder: string, name: string) => (matcher.descend ? matcher.descend(folder, name) : !isExcludedFolderName(name));
  const mayHold = (entryPath: string) => (matcher.mayHold ? matcher.mayHold(entryPath) : matcher.matches(entryPath));

  // Folder plans of the last walk with this matcher: a folder whose stamp did not change is not listed again.
  const plans = matcher.key ? planCache(`${realRoot}\0${matcher.key}`) : null;

  async function planFolder(relativeDir: string, real: string, stamp: string): Promise<FolderPlan | null> {
    const known = plans?.get(relativeDir);
    if (known && known.stamp === stamp) return known;
    let entries;
    try {
      entries = await readdir(real, { withFileTypes: true });
    } catch {
      return null;
    }
    const plan: FolderPlan = { stamp, nestedRepo: false, folders: [], handoffs: [], hints: [], markdown: [], links: [], notRegular: [] };
    if (relativeDir !== "" && entries.some((entry) => entry.name === ".git")) plan.nestedRepo = true;
    else {
      for (const entry of entries) {
        const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (descend(relative, entry.name)) plan.folders.push(relative);
        } else if (entry.isSymbolicLink()) {
          if (mayHold(relative)) plan.links.push(relative);
        } else if (!entry.isFile()) {
          if (matcher.matches(relative)) plan.notRegular.push(relative);
        } else {
          if (isMarkdownName(entry.name)) plan.markdown.push(relative);
          if (matcher.matches(relative)) plan.handoffs.push(relative);
          else if (matcher.isLatestHint?.(relative)) plan.hints.push(relative);
        }
      }
    }
    plans?.set(relativeDir, plan);
    return plan;
  }

  /**
   * `real`: the folder's real path when the caller resolved it (the root, a prefix); below that, each
   * folder is entered only when lstat says it is a directory itself (not a link), so the path stays real.
   */
  async function visit(relativeDir: string, resolved?: string): Promise<void> {
    const absolute = resolved ?? path.join(realRoot, relativeDir);
    let info;
    try {
      info = await (resolved ? stat : lstat)(absolute, { bigint: true });
    } catch {
      return;
    }
    if (!info.isDirectory()) return;
    const identity = `${info.dev}:${info.ino}`;
    if (seenDirectories.has(identity)) return;
    seenDirectories.add(identity);
    const real = absolute;
    const stamp = `${identity}:${info.mtimeNs}:${info.ctimeNs}`;
    const plan = await planFolder(relativeDir, real, stamp);
    if (!plan || plan.nestedRepo) return;
    if (options.collectMarkdown) for (const file of plan.markdown) if (markdown.length < MAX_MARKDOWN) markdown.push(file);
    for (const relative of plan.notRegular) skipped.push({ path: relative, rule: WORKTREE_RULES.notRegular, reason: "not a regular file (a device, pipe or socket); not read" });
    for (const [list, target] of [
      [plan.handoffs, files],
      [plan.hints, hints],
    ] as const) {
      for (const relative of list) {
        if (files.length >= maxFiles) return;
        try {
          const info = await lstat(path.join(realRoot, relative));
          // Replaced by something else since the folder was listed (a link, a folder): read it next time.
          if (info.isFile()) target.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
        } catch {
          // Deleted between the listing and lstat: it simply is not there any more.
        }
      }
    }
    for (const relative of plan.links) await followLink(relative);
    for (const relative of plan.folders) {
      if (files.length >= maxFiles) return;
      await visit(relative);
    }
  }

  /** A link to a regular file inside the root is read as that file; every other link is reported. */
  async function followLink(relative: string) {
    let target: string;
    try {
      target = await realpath(path.join(realRoot, relative));
    } catch {
      skipped.push({ path: relative, rule: WORKTREE_RULES.symlink, reason: "symbolic link is broken (its target does not exist); not followed" });
      return;
    }
    if (!isInside(realRoot, target)) {
      skipped.push({ path: relative, rule: WORKTREE_RULES.symlink, reason: "symbolic link points outside the repository; not followed" });
      return;
    }
    let info;
    try {
      info = await stat(target);
    } catch {
      skipped.push({ path: relative, rule: WORKTREE_RULES.symlink, reason: "symbolic link is broken (its target does not exist); not followed" });
      return;
    }
    // A link to a folder inside the repo: the folder is walked under its own path.
    if (info.isDirectory()) return;
    if (!info.isFile()) {
      skipped.push({ path: relative, rule: WORKTREE_RULES.symlink, reason: "symbolic link points to something that is not a regular file (a device, pipe or socket); not followed" });
      return;
    }
    if (matcher.matches(relative)) files.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
    else if (matcher.isLatestHint?.(relative)) hints.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
  }

  for (const prefix of matcher.prefixes) {
    // A prefix is resolved once (a symlinked `docs/` may lead outside: then it is not walked).
    let real = realRoot;
    if (prefix) {
      try {
        real = await realpath(path.join(realRoot, prefix));
      } catch {
        continue;
      }
      if (!isInside(realRoot, real)) {
        skipped.push({ path: prefix, rule: WORKTREE_RULES.folderOutside, reason: "folder resolves outside the repository; not followed" });
        continue;
      }
    }
    await visit(prefix, real);
  }
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  files.sort(byPath);
  hints.sort(byPath);
  skipped.sort(byPath);
  markdown.sort();
  return { files, skipped, hints, markdown };
}

/** Reads one file by repo-relative path, re-checking that it resolves inside the root. */
export async function readWorktreeFile(root: string, relativePath: string, maxBytes: number): Promise<{ bytes: Buffer | null; size: number }> {
  const realRoot = await realpath(root);
  const target = await realpath(path.join(realRoot, relativePath));
  if (!isInside(realRoot, target)) throw new Error("path resolves outside the repository");
  const info = await stat(target);
  // A pipe or device would block or never end: only regular files are read (the walk lists no others).
  if (!info.isFile()) throw new Error("not a regular file");
  if (info.size > maxBytes) return { bytes: null, size: info.size };
  return { bytes: await readFile(target), size: info.size };
}
