/**
 * Keeping the database current while the dashboard runs (`baton serve --watch`): every interval,
 * the same incremental scans `baton scan` runs, over what is already registered — every repo Baton
 * has scanned, and with `agents` the agent log folders as `scan --agents` finds them. A rescan with
 * nothing new costs a `for-each-ref`, a stat walk and a few SELECTs per repo (`npm run bench`), so
 * polling is cheap, and unlike file-system events it also sees branches moved by `git fetch`,
 * commits made elsewhere and logs on network folders.
 */
import { existsSync } from "node:fs";
import type { BulkWriter } from "../db/bulk";
import { scanSessions } from "../sessions/scan-sessions";
import { scanPaths } from "./scan";

export interface RescanAgents {
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
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
  /** Whether anything was read (worth a log line). */
  changed: boolean;
}

/** One incremental rescan of every registered repo (and, with `agents`, the agent log folders). */
export async function rescanRegistered(bulk: BulkWriter, agents: RescanAgents | null): Promise<RescanSummary> {
  const started = Date.now();
  const rows = await bulk.query<{ root: string }>(`SELECT "root" FROM "Source" WHERE "kind" = 'repo' ORDER BY "root"`);
  const roots = rows.map((row) => row.root);
  const present = roots.filter((root) => existsSync(root));
  const handoffs = present.length > 0 ? await scanPaths(present, { bulk }) : { repos: [] };
  const scanned = handoffs.repos.filter((repo) => repo.repoId !== null).map((repo) => ({ repoId: repo.repoId!, path: repo.path, name: repo.name }));
  const sessions = await scanSessions({ bulk, repos: scanned, agents: agents ? { env: agents.env, homeDir: agents.homeDir } : null });
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
  };
  return { ...summary, changed: summary.branchesRead > 0 || summary.handoffFilesRead > 0 || summary.agentFilesRead > 0 };
}

export interface Watcher {
  /** Resolves once the rescan running now (if any) has finished; no rescan starts after it. */
  stop(): Promise<void>;
}

/**
 * Rescans every `intervalMs` (the next one starts that long after the previous one ended, so they
 * never overlap). A failed rescan is logged and the next one runs as planned.
 */
export function startWatching(options: { bulk: BulkWriter; intervalMs: number; agents: RescanAgents | null; log: (text: string) => void }): Watcher {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const reportedMissing = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = rescanRegistered(options.bulk, options.agents)
      .then((summary) => {
        if (summary.changed) {
          options.log(
            `rescan: ${summary.handoffsNew} new handoff${summary.handoffsNew === 1 ? "" : "s"} (${summary.branchesRead} branch${summary.branchesRead === 1 ? "" : "es"} read), ` +
              `${summary.agentFilesRead} agent log file${summary.agentFilesRead === 1 ? "" : "s"} read, ${summary.sessionsTouched} session${summary.sessionsTouched === 1 ? "" : "s"} updated (${summary.durationMs} ms)`,
          );
        }
        for (const root of summary.missing) {
          if (!reportedMissing.has(root)) options.log(`rescan: ${root} is registered but missing; its handoffs stay as last scanned`);
          reportedMissing.add(root);
        }
      })
      .catch((error: unknown) => options.log(`rescan failed: ${error instanceof Error ? error.message : String(error)}`))
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
