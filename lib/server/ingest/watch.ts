/**
 * Keeping the database current while the dashboard runs (`baton serve --watch`, the Sources page's
 * Rescan button): the same incremental scans `baton scan` runs, over exactly what is registered —
 * every repo and every agent log folder Baton has scanned before; nothing new is discovered (that
 * stays `baton scan`'s job, so a demo database never picks up the machine's own agent logs). A
 * rescan with nothing new costs a `for-each-ref`, a stat walk and a few SELECTs per source
 * (`npm run bench`), so polling is cheap, and unlike file-system events it also sees branches moved
 * by `git fetch`, commits made elsewhere and logs on network folders.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BulkWriter } from "../db/bulk";
import { resolveDatabaseUrl } from "../db/database-url";
import { classifyStorageError } from "../db/storage-errors";
import { announceScan } from "../events/scan-events";
import { scanSessions } from "../sessions/scan-sessions";
import { scanPaths } from "./scan";
import { inScanTurn } from "./scan-turn";
import { counted } from "../../core/text/counted";

export interface RescanAgents {
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}

/** The variable each agent source kind's registered root is given back in (see discover-agent-sources). */
const AGENT_ROOT_VARIABLES: Record<string, string> = {
  "claude-code": "CLAUDE_CONFIG_DIR",
  codex: "CODEX_HOME",
  "gemini-cli": "GEMINI_DATA_DIR",
  opencode: "OPENCODE_DATA_DIR",
};

/**
 * Discovery settings that find exactly the registered agent folders: each kind's roots in its
 * variable, and a home folder that does not exist so no default folder is looked at. Null when no
 * agent folder is registered.
 */
export async function registeredAgents(bulk: BulkWriter): Promise<RescanAgents | null> {
  const rows = await bulk.query<{ kind: string; root: string }>(
    `SELECT "kind", "root" FROM "Source" WHERE "kind" IN (${Object.keys(AGENT_ROOT_VARIABLES).map(() => "?").join(", ")}) ORDER BY "root"`,
    Object.keys(AGENT_ROOT_VARIABLES),
  );
  if (rows.length === 0) return null;
  const env: Record<string, string> = {};
  for (const row of rows) {
    const variable = AGENT_ROOT_VARIABLES[row.kind]!;
    env[variable] = env[variable] ? `${env[variable]},${row.root}` : row.root;
  }
  return { env, homeDir: path.join(os.tmpdir(), "baton-registered-only", "no-home") };
}

export interface RescanSummary {
  repos: number;
  /** Repo roots registered but missing on disk (not scanned, so their data stays as it was). */
  missing: string[];
  handoffsNew: number;
  branchesRead: number;
  handoffFilesRead: number;
  agentFilesRead: number;
  sessionsTouched: number;
  durationMs: number;
  /** What discovery noticed about the agent log folders (a variable naming nothing, links not followed). */
  notices: string[];
  /** Whether anything was read (worth a log line). */
  changed: boolean;
}

/**
 * One incremental rescan of every registered repo and, by default, every registered agent log
 * folder (`agents`: other discovery settings, or null for none).
 */
export async function rescanRegistered(bulk: BulkWriter, agents: RescanAgents | null | "registered" = "registered"): Promise<RescanSummary> {
  const started = Date.now();
  const rows = await bulk.query<{ root: string }>(`SELECT "root" FROM "Source" WHERE "kind" = 'repo' ORDER BY "root"`);
  const roots = rows.map((row) => row.root);
  const present = roots.filter((root) => existsSync(root));
  const handoffs = present.length > 0 ? await scanPaths(present, { bulk }) : { repos: [], interruptedScans: [] };
  const scanned = handoffs.repos.filter((repo) => repo.repoId !== null).map((repo) => ({ repoId: repo.repoId!, path: repo.path, name: repo.name }));
  const agentSettings = agents === "registered" ? await registeredAgents(bulk) : agents;
  const sessions = await scanSessions({ bulk, repos: scanned, agents: agentSettings });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const summary = {
    repos: present.length,
    missing: roots.filter((root) => !present.includes(root)),
    handoffsNew: sum(handoffs.repos.map((repo) => repo.stats.handoffsNew)),
    branchesRead: sum(handoffs.repos.map((repo) => repo.stats.branchesRead)),
    handoffFilesRead: sum(handoffs.repos.map((repo) => repo.stats.filesRead)),
    agentFilesRead: sum(sessions.agents?.sources.map((source) => source.stats.filesRead) ?? []),
    sessionsTouched: sum(sessions.agents?.sources.map((source) => source.stats.sessionsTouched) ?? []),
    durationMs: Date.now() - started,
    notices: [
      ...[...handoffs.interruptedScans, ...sessions.interruptedScans].map((scan) => `an earlier ${scan.kind} scan (started ${scan.startedAt}) stopped before it finished (its process was killed); closed as interrupted`),
      ...(sessions.agents?.issues ?? []).map((issue) => issue.message),
    ],
  };
  const changed = summary.branchesRead > 0 || summary.handoffFilesRead > 0 || summary.agentFilesRead > 0;
  // Open pages refetch what changed (the live bus); a rescan of nothing announces nothing.
  if (changed) await announceScan(bulk, { since: new Date(started), scanId: "scanRunId" in handoffs ? handoffs.scanRunId : sessions.scanRunId });
  return { ...summary, changed };
}

export interface Watcher {
  /** Resolves once the rescan running now (if any) has finished; no rescan starts after it. */
  stop(): Promise<void>;
}

/**
 * Rescans every `intervalMs` (the next one starts that long after the previous one ended, so they
 * never overlap). A failed rescan is logged and the next one runs as planned.
 */
export function startWatching(options: { bulk: BulkWriter; intervalMs: number; agents?: RescanAgents | null | "registered"; log: (text: string) => void }): Watcher {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const reportedMissing = new Set<string>();
  const reportedNotices = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = inScanTurn(() => rescanRegistered(options.bulk, options.agents ?? "registered"))
      .then((summary) => {
        if (summary.changed) {
          options.log(
            `rescan: ${counted(summary.handoffsNew, "new handoff")} (${counted(summary.branchesRead, "branch", "branches")} read), ` +
              `${counted(summary.agentFilesRead, "agent log file")} read, ${counted(summary.sessionsTouched, "session")} updated (${summary.durationMs} ms)`,
          );
        }
        for (const root of summary.missing) {
          if (!reportedMissing.has(root)) options.log(`rescan: ${root} is registered but missing; its handoffs stay as last scanned`);
          reportedMissing.add(root);
        }
        for (const notice of summary.notices) {
          if (!reportedNotices.has(notice)) options.log(`rescan: ${notice}`);
          reportedNotices.add(notice);
        }
      })
      .catch((error: unknown) => options.log(`rescan failed: ${classifyStorageError(error, resolveDatabaseUrl())?.message ?? (error instanceof Error ? error.message.split("\n")[0] : String(error))}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
