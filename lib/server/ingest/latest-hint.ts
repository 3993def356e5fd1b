/**
 * The repo fact "a LATEST.md says the latest handoff is X" (lib/core/discovery/latest-hint.ts), kept on
 * the Repo row (`latestHintPath`, `latestHintSource`) by each scan, for the latest-handoff rule.
 */
import { resolveLatestHint, type LatestHint } from "../../core/discovery/latest-hint";
import { finding, type Finding } from "../../core/findings";
import type { SqlReader } from "../db/sql-reader";
import { readWorktreeFile, type WorktreeFile } from "./worktree";

/** What a repo's hint says, when it names a handoff Baton found. */
export interface LatestHintFact {
  /** The handoff the hint names, repo-relative (a `Handoff.path` of this repo). */
  path: string;
  /** The hint file it came from, repo-relative. */
  source: string;
}

/** The repo's latest-handoff hint from its last scan, or null when it has none that names a handoff. */
export async function getLatestHint(reader: SqlReader, repoId: string): Promise<LatestHintFact | null> {
  const rows = await reader.query<{ latestHintPath: string | null; latestHintSource: string | null }>(
    `SELECT "latestHintPath", "latestHintSource" FROM "Repo" WHERE "id" = ?`,
    [repoId],
  );
  const row = rows[0];
  return row?.latestHintPath && row.latestHintSource ? { path: row.latestHintPath, source: row.latestHintSource } : null;
}

const HINT_MAX_BYTES = 64 * 1024;

export const LATEST_HINT_RULE = "latest-hint-unresolved";

/**
 * Reads the hint files the walk found, first by path: the first one that names a known handoff wins.
 * A hint that names nothing Baton found is a finding on that file.
 */
export async function readLatestHint(repoRoot: string, files: readonly WorktreeFile[], isKnownHandoff: (path: string) => boolean): Promise<{ hint: LatestHint | null; issues: { path: string; finding: Finding }[] }> {
  const issues: { path: string; finding: Finding }[] = [];
  let first: LatestHint | null = null;
  for (const file of files) {
    let text: string;
    try {
      const { bytes } = await readWorktreeFile(repoRoot, file.path, HINT_MAX_BYTES);
      if (!bytes) continue;
      text = bytes.toString("utf8");
    } catch {
      continue;
    }
    const hint = resolveLatestHint(file.path, text, isKnownHandoff);
    if (hint.path) return { hint, issues };
    first ??= hint;
    issues.push({
      path: file.path,
      finding: finding(
        LATEST_HINT_RULE,
        "warning",
        null,
        hint.named
          ? `names ${hint.named}, which is not a handoff Baton found (relative to this file or to the repo root); not used as the latest hint`
          : "names no handoff path (a markdown link, code span or path ending in .md); not used as the latest hint",
      ),
    });
  }
  return { hint: first, issues };
}
