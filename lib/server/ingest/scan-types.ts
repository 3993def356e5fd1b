/** The shapes of one repo scan (scan-repo.ts): its options, progress events and result. */
import type { BulkWriter } from "../db/bulk";
import type { DeriveResult } from "./derive-repo";
import type { RepoDiscovery } from "./discovery-facts";

export type ScanProgress =
  | { phase: "repo"; repo: string }
  | { phase: "refs"; repo: string; branches: number; changed: number }
  | { phase: "read"; repo: string; done: number; total: number }
  | { phase: "derive"; repo: string };

export interface ScanError {
  path: string;
  message: string;
  line?: number | null;
  refs?: string[];
}

export interface RepoScanResult {
  repoId: string | null;
  sourceId: string | null;
  path: string;
  name: string;
  status: "ok" | "partial" | "failed";
  durationMs: number;
  stats: {
    branches: number;
    branchesRead: number;
    branchesGone: number;
    worktreeFiles: number;
    filesRead: number;
    filesSkipped: number;
    handoffsNew: number;
    /** Stored contents read and processed again (older READER_VERSION, or holding a newly known secret). */
    handoffsReread: number;
    failed: number;
    derived: boolean;
    /** The discovery settings changed since the last scan, so every branch was read again. */
    rediscovered: boolean;
  };
  errors: ScanError[];
  derive: DeriveResult | null;
  /** Where the scan looked and what discovery found beside the handoffs (docs/cli.md, `scan.repos[].discovery`). */
  discovery: RepoDiscovery | null;
}

export type { RepoDiscovery };

export function emptyStats(): RepoScanResult["stats"] {
  return { branches: 0, branchesRead: 0, branchesGone: 0, worktreeFiles: 0, filesRead: 0, filesSkipped: 0, handoffsNew: 0, handoffsReread: 0, failed: 0, derived: false, rediscovered: false };
}

export interface ScanRepoOptions {
  bulk: BulkWriter;
  globs?: string[];
  scanRunId?: string;
  onProgress?: (event: ScanProgress) => void;
  /**
   * A remote's bare mirror (lib/server/remotes): no working tree, every branch from git objects,
   * `.baton.json` from HEAD's tree; registered as a Source of kind "remote" named `name`, so it is a
   * repository of its own and `rescan` of checkouts leaves it alone.
   */
  mirror?: { name: string; branchFilter?: (branch: string) => boolean };
}

