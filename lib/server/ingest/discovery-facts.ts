/**
 * The discovery half of a repo scan (docs/cli.md, "Where handoffs are looked for"): the settings that
 * decide what a handoff is (default rules, `.baton.json`, stored `--glob`s) and whether they changed
 * since the last scan, and the facts discovery leaves on the repo: its findings (links not followed, a
 * bad settings file, a LATEST.md naming nothing), the latest hint, and the "nothing found" hint.
 */
import { NOT_A_HANDOFF_NAME_RULE } from "../../core/handoff/documents/handoff-signals";
import { handoffAnchor, minimalFolders } from "../../core/discovery/handoff-rules";
import type { LatestHint } from "../../core/discovery/latest-hint";
import type { RepoConfigResult } from "../../core/discovery/repo-config";
import type { Finding } from "../../core/findings";
import type { BulkWriter } from "../db/bulk";
import { buildDiscoveryHint, type DiscoveryHint } from "./discovery-hint";
import { createHandoffMatcher, type HandoffMatcher } from "./handoff-globs";
import { LATEST_HINT_RULE, readLatestHint } from "./latest-hint";
import { readRepoConfig } from "./repo-config";
import type { SkippedDocument } from "./skipped-documents";
import { WORKTREE_RULES, type WorktreeWalk } from "./worktree";

export interface RepoDiscovery {
  /** The repo's settings file when it has one (`.baton.json`), valid or not. */
  config: string | null;
  globs: string[];
  ignore: string[];
  /** A LATEST.md-like file's pointer: `path` null when it names no handoff Baton found. */
  latestHint: { source: string; path: string | null } | null;
  /** Only when the repo has no handoff: where Baton looked and folders that look like handoffs. */
  nothingFound: DiscoveryHint | null;
  /** Files found where handoffs live but read as another kind of document or as empty, with the reason. */
  notHandoffs: SkippedDocument[];
}

export interface DiscoverySettings {
  matcher: HandoffMatcher;
  config: RepoConfigResult;
  /** The rules, globs or ignores differ from the last scan's: every branch is read again. */
  changed: boolean;
}

export async function loadDiscoverySettings(bulk: BulkWriter, repoPath: string, sourceId: string, storedGlobs: string[], hasWorktree = true): Promise<DiscoverySettings> {
  const config = await readRepoConfig(repoPath, { hasWorktree });
  const matcher = createHandoffMatcher({ globs: [...storedGlobs, ...config.config.handoffs], ignore: config.config.ignore });
  const rows = await bulk.query<{ discoveryKey: string | null }>(`SELECT "discoveryKey" FROM "Source" WHERE "id" = ?`, [sourceId]);
  return { matcher, config, changed: (rows[0]?.discoveryKey ?? null) !== matcher.key };
}

export async function storeDiscoveryKey(bulk: BulkWriter, sourceId: string, key: string) {
  await bulk.execute(`UPDATE "Source" SET "discoveryKey" = ? WHERE "id" = ?`, [key, sourceId]);
}

/** Rules whose IngestIssue rows discovery owns: replaced as a set by each scan. */
export const DISCOVERY_ISSUE_RULES = [WORKTREE_RULES.symlink, WORKTREE_RULES.notRegular, WORKTREE_RULES.folderOutside, "config-invalid", LATEST_HINT_RULE, NOT_A_HANDOFF_NAME_RULE];

export interface DiscoveryIssue {
  path: string;
  finding: Finding;
}

export function walkIssues(walk: Pick<WorktreeWalk, "skipped">): DiscoveryIssue[] {
  return walk.skipped.map((skipped) => ({ path: skipped.path, finding: { rule: skipped.rule, severity: "warning", line: null, message: skipped.reason } }));
}

/** Working-tree files where handoffs live that their name or place leaves out (never read), each with why. */
export function leftOutIssues(walk: Pick<WorktreeWalk, "markdown">, matcher: Pick<HandoffMatcher, "leftOut">): DiscoveryIssue[] {
  return walk.markdown.flatMap((filePath) => {
    const reason = matcher.leftOut(filePath);
    return reason === null ? [] : [{ path: filePath, finding: { rule: NOT_A_HANDOFF_NAME_RULE, severity: "info" as const, line: null, message: reason } }];
  });
}

/** Replaces discovery's stored issues of a source when they differ (a no-change rescan writes nothing). */
export async function storeDiscoveryIssues(bulk: BulkWriter, sourceId: string, issues: readonly DiscoveryIssue[], scanRunId: string | null) {
  const placeholders = DISCOVERY_ISSUE_RULES.map(() => "?").join(", ");
  const stored = await bulk.query<{ path: string; rule: string; severity: string; line: number | null; message: string }>(
    `SELECT "path", "rule", "severity", "line", "message" FROM "IngestIssue" WHERE "sourceId" = ? AND "version" = '' AND "rule" IN (${placeholders})`,
    [sourceId, ...DISCOVERY_ISSUE_RULES],
  );
  const signature = (rows: { path: string; rule: string; severity: string; line: number | null; message: string }[]) =>
    rows.map((row) => [row.path, row.rule, row.severity, row.line === null ? null : Number(row.line), row.message].join("\u0000")).sort().join("\u0001");
  const next = issues.map((issue) => ({ path: issue.path, ...issue.finding }));
  if (signature(stored) === signature(next)) return;
  const now = new Date();
  await bulk.transaction(async () => {
    await bulk.execute(`DELETE FROM "IngestIssue" WHERE "sourceId" = ? AND "version" = '' AND "rule" IN (${placeholders})`, [sourceId, ...DISCOVERY_ISSUE_RULES]);
    await bulk.insert(
      "IngestIssue",
      ["sourceId", "path", "version", "refs", "line", "rule", "severity", "message", "scanRunId", "createdAt"],
      next.map((issue) => [sourceId, issue.path, "", "[]", issue.line, issue.rule, issue.severity, issue.message, scanRunId, now]),
    );
  });
}

/** Paths of the repo's handoffs that some branch or the working tree holds now. */
async function livePaths(bulk: BulkWriter, repoId: string): Promise<Set<string>> {
  const rows = await bulk.query<{ path: string }>(
    `SELECT DISTINCT h."path" FROM "Handoff" h WHERE h."repoId" = ? AND EXISTS (SELECT 1 FROM "HandoffOccurrence" o WHERE o."handoffId" = h."id")`,
    [repoId],
  );
  return new Set(rows.map((row) => row.path));
}

/**
 * Reads the LATEST.md-like hints and stores the one that names a live handoff on the Repo row.
 * `changed` says whether the stored fact moved (then chains and latest are derived again).
 */
export async function updateLatestHint(
  bulk: BulkWriter,
  repoId: string,
  repoPath: string,
  hintFiles: WorktreeWalk["hints"],
): Promise<{ hint: LatestHint | null; issues: DiscoveryIssue[]; changed: boolean }> {
  const stored = await bulk.query<{ latestHintPath: string | null; latestHintSource: string | null }>(`SELECT "latestHintPath", "latestHintSource" FROM "Repo" WHERE "id" = ?`, [repoId]);
  let hint: LatestHint | null = null;
  let issues: DiscoveryIssue[] = [];
  if (hintFiles.length > 0) {
    const known = await livePaths(bulk, repoId);
    const read = await readLatestHint(repoPath, hintFiles, (candidate) => known.has(candidate));
    hint = read.hint;
    issues = read.issues;
  }
  const path = hint?.path ?? null;
  const source = hint?.source ?? null;
  const changed = (stored[0]?.latestHintPath ?? null) !== path || (stored[0]?.latestHintSource ?? null) !== source;
  if (changed) await bulk.execute(`UPDATE "Repo" SET "latestHintPath" = ?, "latestHintSource" = ? WHERE "id" = ?`, [path, source, repoId]);
  return { hint, issues, changed };
}

/**
 * Folders git history is read under for the commit that first added each handoff: the outermost
 * handoff folder of each handoff, else the file itself; the whole tree only when there are too many.
 */
export async function historyPathspecs(bulk: BulkWriter, repoId: string): Promise<string[]> {
  const rows = await bulk.query<{ path: string }>(`SELECT DISTINCT "path" FROM "Handoff" WHERE "repoId" = ?`, [repoId]);
  const anchors = minimalFolders(rows.map((row) => handoffAnchor(row.path) || row.path));
  if (anchors.length > 1000) return [""];
  // Literal: a folder named `[wip]` is a name, not a pattern.
  return anchors.map((anchor) => `:(literal)${anchor}`);
}

/** The "nothing found" hint when the repo has no live handoff and no file that failed; else null. */
export async function updateNothingFound(
  bulk: BulkWriter,
  options: { repoId: string; sourceId: string; repoPath: string; matcher: HandoffMatcher; configFile: string | null; markdown: readonly string[] },
): Promise<DiscoveryHint | null> {
  // Existence, not counts: a repo with 10,000 handoffs answers at its first row.
  const rows = await bulk.query<{ stored: string | null; live: unknown; failed: unknown }>(
    `SELECT r."discoveryHint" AS "stored",
       (SELECT COUNT(*) FROM (SELECT 1 FROM "Handoff" h JOIN "HandoffOccurrence" o ON o."handoffId" = h."id" WHERE h."repoId" = r."id" LIMIT 1) AS l) AS "live",
       (SELECT COUNT(*) FROM (SELECT 1 FROM "FileState" f WHERE f."sourceId" = ? AND f."status" = 'failed' LIMIT 1) AS x) AS "failed"
     FROM "Repo" r WHERE r."id" = ?`,
    [options.sourceId, options.repoId],
  );
  const row = rows[0];
  const found = Number(row?.live ?? 0) + Number(row?.failed ?? 0) > 0;
  const hint = found
    ? null
    : await buildDiscoveryHint({ repoRoot: options.repoPath, matcher: options.matcher, configFile: options.configFile, markdown: options.markdown, verb: "scan" });
  const text = hint ? JSON.stringify(hint) : null;
  if ((row?.stored ?? null) !== text) await bulk.execute(`UPDATE "Repo" SET "discoveryHint" = ? WHERE "id" = ?`, [text, options.repoId]);
  return hint;
}
