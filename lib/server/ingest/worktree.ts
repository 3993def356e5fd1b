/**
 * Reads handoff files from a checkout without ever leaving the registered root: symlinks are not
 * followed unless their target stays inside the root, and every directory is checked by real path.
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
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

const MAX_MARKDOWN = 20_000;

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

  async function visit(relativeDir: string): Promise<void> {
    const absolute = path.join(realRoot, relativeDir);
    let real: string;
    try {
      real = await realpath(absolute);
    } catch {
      return;
    }
    if (!isInside(realRoot, real)) {
      skipped.push({ path: relativeDir, rule: WORKTREE_RULES.folderOutside, reason: "folder resolves outside the repository; not followed" });
      return;
    }
    if (seenDirectories.has(real)) return;
    seenDirectories.add(real);
    let entries;
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch {
      return;
    }
    if (relativeDir !== "" && entries.some((entry) => entry.name === ".git")) return;
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (descend(relative, entry.name)) await visit(relative);
        continue;
      }
      if (entry.isSymbolicLink()) {
        if (mayHold(relative)) await followLink(relative);
        continue;
      }
      if (!entry.isFile()) {
        if (matcher.matches(relative)) skipped.push({ path: relative, rule: WORKTREE_RULES.notRegular, reason: "not a regular file (a device, pipe or socket); not read" });
        continue;
      }
      if (options.collectMarkdown && markdown.length < MAX_MARKDOWN && isMarkdownName(entry.name)) markdown.push(relative);
      const isHandoff = matcher.matches(relative);
      const isHint = !isHandoff && (matcher.isLatestHint?.(relative) ?? false);
      if (!isHandoff && !isHint) continue;
      try {
        const info = await lstat(path.join(realRoot, relative));
        (isHandoff ? files : hints).push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
      } catch {
        // Deleted between readdir and lstat: it simply is not there any more.
      }
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
    if (prefix) {
      // Walk each segment of the prefix through `visit`'s checks so a symlinked `docs/` cannot escape.
      const absolute = path.join(realRoot, prefix);
      try {
        const real = await realpath(absolute);
        if (!isInside(realRoot, real)) {
          skipped.push({ path: prefix, rule: WORKTREE_RULES.folderOutside, reason: "folder resolves outside the repository; not followed" });
          continue;
        }
      } catch {
        continue;
      }
    }
    await visit(prefix);
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
