/**
 * Shared by `npm start` and `baton serve`: migrate, (optionally) seed the demo workspace, build when
 * the build is missing or older than the sources, then `next start` bound to 127.0.0.1 by default.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { isWildcardHost } from "../../core/web/host-names";
import { ensureDatabase } from "../db/ensure-database";
import { resolveDatabaseUrl } from "../db/database-url";
import { buildIsStale as isStale } from "./build-freshness.mjs";

export const projectRoot = process.env.BATON_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "..", "..", "..");

export function buildIsStale(root = projectRoot): boolean {
  return isStale(root);
}

/** How long a child asked to stop may take before it is killed, so the port never stays taken. */
const STOP_GRACE_MS = 10_000;

/**
 * Runs a child with this process's terminal. SIGINT and SIGTERM sent to this process are passed on
 * (a Ctrl-C reaches both anyway; a `kill` from a service manager reaches only us), and a child that
 * has not exited STOP_GRACE_MS later is killed. Resolves with its exit code (128 + signal number
 * when a signal ended it).
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: "inherit" });
    let killTimer: NodeJS.Timeout | undefined;
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
      killTimer ??= setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    };
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    const stopForwarding = () => {
      clearTimeout(killTimer);
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
    };
    child.on("error", (error) => {
      stopForwarding();
      reject(error);
    });
    child.on("exit", (code, signal) => {
      stopForwarding();
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0));
    });
  });
}

export interface ServeOptions {
  host: string;
  port: number;
  seedDemoIfEmpty: boolean;
  log: (text: string) => void;
  /** Rescan the registered repos and agent log folders this often while serving. */
  watchSeconds?: number | null;
}

export async function serve(options: ServeOptions): Promise<number> {
  const target = resolveDatabaseUrl();
  const applied = await ensureDatabase(target);
  if (applied.length > 0) options.log(`database migrated (${target.provider}): ${applied.join(", ")}`);
  if (options.seedDemoIfEmpty) {
    const { ensureDemoWorkspace } = await import("../demo/demo-workspace");
    const demo = await ensureDemoWorkspace({ log: options.log });
    if (demo.created) options.log(`demo workspace ready: ${demo.repos.length} repos under ${demo.directory}`);
  }
  // BATON_SERVE_HOST / _PORT: the names the server answers to (lib/server/access/access-policy.ts).
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    DATABASE_URL: target.url,
    BATON_SERVE_HOST: options.host,
    BATON_SERVE_PORT: String(options.port),
  };
  const next = path.join(projectRoot, "node_modules", "next", "dist", "bin", "next");
  if (buildIsStale()) {
    options.log("building the dashboard (first start or sources changed)…");
    // The build's own TypeScript pass is skipped (next.config.ts): starting the dashboard is not a
    // check of its sources (`npm test` and `npm run typecheck` are), and it cost a first start ~30 s.
    const code = await run(process.execPath, [next, "build"], { ...env, BATON_BUILD_SKIP_TYPECHECK: "1" });
    if (code !== 0) return code;
  }
  const database = `(database: ${target.provider === "sqlite" ? target.filePath : "PostgreSQL"})`;
  // A wildcard bind is no address to open: name this machine, as teammates reach it.
  if (isWildcardHost(options.host)) options.log(`Baton on http://${os.hostname()}:${options.port} (every interface; on this machine http://127.0.0.1:${options.port})  ${database}`);
  else options.log(`Baton on http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${options.port}  ${database}`);
  if (!options.watchSeconds) return run(process.execPath, [next, "start", "-H", options.host, "-p", String(options.port)], env);

  const { openBulkWriter } = await import("../db/bulk");
  const { startWatching } = await import("../ingest/watch");
  const bulk = openBulkWriter(target);
  options.log(`watching: registered repos and agent log folders rescanned every ${options.watchSeconds} s`);
  const watcher = startWatching({ bulk, intervalMs: options.watchSeconds * 1000, log: options.log });
  try {
    return await run(process.execPath, [next, "start", "-H", options.host, "-p", String(options.port)], env);
  } finally {
    await watcher.stop();
    await bulk.close();
  }
}
