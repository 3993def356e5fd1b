/**
 * The session half of `baton scan`, after the handoff half (lib/server/ingest/scan.ts): seed / MoAI
 * state in the repos just scanned, the agent log folders when asked (`--agents`), then the link step,
 * which needs both. One ScanRun (kind "agents") records it.
 */
import { randomUUID } from "node:crypto";
import { safeText } from "../../core/text/safe-values";
import type { BulkWriter } from "../db/bulk";
import { ingestLoopRecords, type LoopIngestResult } from "../agent-loop/ingest-loop-records";
import { refreshStatistics, SESSION_TABLES } from "../db/table-statistics";
import { openScanRun, type InterruptedScan } from "../ingest/scan-runs";
import { ensureRollups } from "../usage/rollups-write";
import { linkSessions, type LinkResult } from "./link-sessions";
import { scanAgentSources, type AgentScanProgress, type AgentScanResult } from "./scan-agents";
import type { SeedScanResult } from "./scan-seed-files";

export interface SessionScanOptions {
  bulk: BulkWriter;
  /** Repos whose working trees are searched for seed / MoAI state files. */
  repos?: { repoId: string; path: string; name: string }[];
  /** Agent log folders: discovered from `env` and `homeDir` (never the process's own when given). */
  agents?: { env: Readonly<Record<string, string | undefined>>; homeDir: string; workers?: number } | null;
  onProgress?: (event: AgentScanProgress | { phase: "seed"; repo: string } | { phase: "link" }) => void;
}

export interface SessionScanResult {
  scanRunId: string;
  agents: AgentScanResult | null;
  seeds: SeedScanResult[];
  links: LinkResult;
  /** The agent hooks' records read from the data folder (docs/agent-loop.md), with `--agents`. */
  loop: LoopIngestResult | null;
  /** Sources read in this scan (agent folders, repos' seed state): what `scan --json` reports on. */
  sourceIds: string[];
  status: "ok" | "partial" | "failed";
  durationMs: number;
  /** Earlier scans that never finished, closed as "interrupted" by this one (lib/server/ingest/scan-runs.ts). */
  interruptedScans: InterruptedScan[];
}

export async function scanSessions(options: SessionScanOptions): Promise<SessionScanResult> {
  const started = Date.now();
  const { bulk } = options;
  const scanRunId = randomUUID();
  const interruptedScans = await openScanRun(bulk, scanRunId, "agents");
  let status: SessionScanResult["status"] = "failed";
  try {
    // Rollups missing (a database from before them) or of an older format: rebuilt from the stored
    // requests before this scan adds to them (a no-op read otherwise).
    await ensureRollups(bulk);
    const seeds: SeedScanResult[] = [];
    for (const repo of options.repos ?? []) {
      options.onProgress?.({ phase: "seed", repo: repo.path });
      // Loaded with the first repo: an agents-only scan never needs it (nor picomatch, ~15 ms of a start).
      const { scanSeedFiles } = await import("./scan-seed-files");
      seeds.push(await scanSeedFiles(bulk, repo, scanRunId));
    }
    const agents = options.agents
      ? await scanAgentSources({ bulk, env: options.agents.env, homeDir: options.agents.homeDir, workers: options.agents.workers, scanRunId, onProgress: options.onProgress })
      : null;
    // What Baton's hooks recorded in this data folder (not the agents' folders: the data folder is Baton's own).
    const loop = options.agents ? await ingestLoopRecords(bulk) : null;
    options.onProgress?.({ phase: "link" });
    const links = await linkSessions(bulk);
    // After the writes, before anyone reads: a first ingest's tables get statistics (table-statistics.ts).
    const wrote = seeds.length > 0 || (agents?.sources.some((source) => source.stats.filesRead > 0 || source.stats.filesGone > 0 || source.stats.sessionsTouched > 0) ?? false);
    if (wrote) await refreshStatistics(bulk, SESSION_TABLES);
    const problems = [...seeds.map((seed) => seed.status), ...(agents?.sources.map((source) => source.status) ?? [])];
    status = problems.every((entry) => entry === "ok") ? "ok" : problems.some((entry) => entry !== "failed") ? "partial" : "failed";
    await bulk.execute(`UPDATE "ScanRun" SET "finishedAt" = ?, "status" = ?, "summary" = ? WHERE "id" = ?`, [
      new Date(),
      status,
      JSON.stringify({ agents: agents?.sources.map((source) => ({ kind: source.kind, root: source.root, status: source.status, stats: source.stats })) ?? [], seeds: seeds.map((seed) => ({ repo: seed.repoPath, stats: seed.stats })), links }),
      scanRunId,
    ]);
    return {
      scanRunId,
      agents,
      seeds,
      links,
      loop,
      sourceIds: [...(agents?.sources.map((source) => source.sourceId) ?? []), ...seeds.map((seed) => seed.sourceId)],
      status,
      durationMs: Date.now() - started,
      interruptedScans,
    };
  } catch (error) {
    // Recording the failure must not hide it: on a full disk or a read-only file this write fails too.
    await bulk
      .execute(`UPDATE "ScanRun" SET "finishedAt" = ?, "status" = 'failed', "summary" = ? WHERE "id" = ?`, [new Date(), JSON.stringify({ error: safeText((error as Error).message ?? String(error)) }), scanRunId])
      .catch(() => undefined);
    throw error;
  }
}
