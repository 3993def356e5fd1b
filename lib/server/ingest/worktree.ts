/**
 * Reads handoff files from a checkout without ever leaving the registered root: symlinks are not
 * followed unless their target stays inside the root, and every directory is checked by real path.
 */
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { HandoffMatcher } from "./handoff-globs";

export interface WorktreeFile {
  /** Repo-relative, forward slashes. */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface WorktreeWalk {
  files: WorktreeFile[];
  /** Things skipped for safety, reported to the user. */
  skipped: { path: string; reason: string }[];
}

/** Folders nobody keeps handoffs in, skipped when a glob has no static prefix. */
const SKIPPED_DIRECTORIES = new Set([".git", "node_modules", ".next", "dist", "build", "target", ".venv", "vendor"]);

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

export async function walkWorktree(root: string, matcher: HandoffMatcher, maxFiles = 200_000): Promise<WorktreeWalk> {
  const realRoot = await realpath(root);
  const files: WorktreeFile[] = [];
  const skipped: WorktreeWalk["skipped"] = [];
  const seenDirectories = new Set<string>();

  async function visit(relativeDir: string): Promise<void> {
    const absolute = path.join(realRoot, relativeDir);
    let real: string;
    try {
      real = await realpath(absolute);
    } catch {
      return;
    }
    if (!isInside(realRoot, real)) {
      skipped.push({ path: relativeDir, reason: "folder resolves outside the repository; not followed" });
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
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
        await visit(relative);
        continue;
      }
      if (entry.isSymbolicLink()) {
        if (!matcher.matches(relative)) continue;
        try {
          const target = await realpath(path.join(realRoot, relative));
          if (!isInside(realRoot, target)) {
            skipped.push({ path: relative, reason: "symlink points outside the repository; not followed" });
            continue;
          }
          const info = await stat(target);
          if (info.isFile()) files.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
        } catch {
          skipped.push({ path: relative, reason: "broken symlink" });
        }
        continue;
      }
      if (!entry.isFile() || !matcher.matches(relative)) continue;
      try {
        const info = await lstat(path.join(realRoot, relative));
        files.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
      } catch {
        // Deleted between readdir and lstat: it simply is not there any more.
      }
    }
  }

  for (const prefix of matcher.prefixes) {
    if (prefix) {
      // Walk each segment of the prefix through `visit`'s checks so a symlinked `docs/` cannot escape.
      const absolute = path.join(realRoot, prefix);
      try {
        const real = await realpath(absolute);
        if (!isInside(realRoot, real)) {
          skipped.push({ path: prefix, reason: "folder resolves outside the repository; not followed" });
          continue;
        }
      } catch {
        continue;
      }
    }
    await visit(prefix);
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, skipped };
}

/** Reads one file by repo-relative path, re-checking that it resolves inside the root. */
export async function readWorktreeFile(root: string, relativePath: string, maxBytes: number): Promise<{ bytes: Buffer | null; size: number }> {
  const realRoot = await realpath(root);
  const target = await realpath(path.join(realRoot, relativePath));
  if (!isInside(realRoot, target)) throw new Error("path resolves outside the repository");
  const info = await stat(target);
  if (info.size > maxBytes) return { bytes: null, size: info.size };
  return { bytes: await readFile(target), size: info.size };
}
