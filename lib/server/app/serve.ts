/**
 * Shared by `npm start` and `baton serve`: check the port, migrate, (optionally) seed the demo
 * workspace, build when the build is missing or older than the sources, then `next start` bound to
 * 127.0.0.1 by default, saying "Baton on …" once it listens.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { isWildcardHost } from "../../core/web/host-names";
import { ensureDatabase } from "../db/ensure-database";
import { resolveDatabaseUrl } from "../db/database-url";
import { buildIsStale as isStale } from "./build-freshness.mjs";
import { hostForAddress, portProblem, StartFailureFilter, whenListening } from "./port-check";

export const projectRoot = process.env.BATON_PROJECT_ROOT ?? path.resolve(import.meta.dirname, "..", "..", "..");

export function buildIsStale(root = projectRoot): boolean {
  return isStale(root);
}

/** How long a child asked to stop may take before it is killed, so the port never stays taken. */
const STOP_GRACE_MS = 10_000;

interface RunHooks {
  /** The child's stderr goes through this (else it is the terminal's). */
  stderr?: { write: (chunk: string) => void; end: () => void };
  /** Called once the child runs, with a way to ask whether it still does. */
  started?: (isRunning: () => boolean) => void;
}

/**
 * Runs a child with this process's terminal. SIGINT and SIGTERM sent to this process are passed on
 * (a Ctrl-C reaches both anyway; a `kill` from a service manager reaches only us), and a child that
 * has not exited STOP_GRACE_MS later is killed. Resolves with its exit code (128 + signal number
 * when a signal ended it).
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, hooks: RunHooks = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["inherit", "inherit", hooks.stderr ? "pipe" : "inherit"] });
    let running = true;
    if (hooks.stderr) {
      child.stderr!.setEncoding("utf8");
      child.stderr!.on("data", (chunk: string) => hooks.stderr!.write(chunk));
    }
    let killTimer: NodeJS.Timeout | undefined;
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
      killTimer ??= setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    };
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    const stopForwarding = () => {
      running = false;
      clearTimeout(killTimer);
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
    };
    child.on("error", (error) => {
      stopForwarding();
      reject(error);
    });
    // "close", not "exit": the piped stderr has been read to its end by then.
    child.on("close", (code, signal) => {
      stopForwarding();
      hooks.stderr?.end();
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0));
    });
    hooks.started?.(() => running);
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
  // First, before migrating or building: a port in use is then all a user sees.
  const problem = await portProblem(options.host, options.port);
  if (problem !== null) {
    options.log(`baton: ${problem}`);
    return 1;
  }
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
  const banner = isWildcardHost(options.host)
    ? `Baton on http://${os.hostname()}:${options.port} (every interface; on this machine http://127.0.0.1:${options.port})  ${database}`
    : `Baton on http://${hostForAddress(options.host)}:${options.port}  ${database}`;
  if (!options.watchSeconds) return startNext(next, env, options, banner);

  const { openBulkWriter } = await import("../db/bulk");
  const { startWatching } = await import("../ingest/watch");
  const bulk = openBulkWriter(target);
  options.log(`watching: registered repos and agent log folders rescanned every ${options.watchSeconds} s`);
  const watcher = startWatching({ bulk, intervalMs: options.watchSeconds * 1000, log: options.log });
  try {
    return await startNext(next, env, options, banner);
  } finally {
    await watcher.stop();
    await bulk.close();
  }
}

/**
 * `next start`, saying `banner` only once the server accepts connections. Should the port be taken
 * after the check (another process started in between), Next's raw failure is replaced by the same
 * one line the check gives.
 */
function startNext(next: string, env: NodeJS.ProcessEnv, options: ServeOptions, banner: string): Promise<number> {
  const filter = new StartFailureFilter();
  return run(process.execPath, [next, "start", "-H", options.host, "-p", String(options.port)], env, {
    stderr: {
      write: (chunk) => process.stderr.write(filter.push(chunk)),
      end: () => {
        const { line, rest } = filter.finish(options.host, options.port);
        if (rest) process.stderr.write(rest);
        if (line) options.log(`baton: ${line}`);
      },
    },
    started: (isRunning) => {
      void whenListening(options.host, options.port, isRunning).then((listening) => {
        if (listening) options.log(banner);
      });
    },
  });
}
