/**
 * Parses agent files on worker threads when that pays, inline otherwise.
 *
 * A worker runs the prebuilt parser bundle (scripts/build-cli.mjs builds it; lib/server/sessions/cli-bundle.mjs says if it is fresh) when there is a fresh one and
 * answers its first task ~60 ms after it is created; without one it loads the TypeScript sources
 * through tsx, 0.3–0.45 s per worker, and workers are not started by default.
 *
 * How many: the process is CPU-bound, and every worker is a V8 isolate of its own that loads and
 * JIT-compiles the parser again (measured per thread from /proc: V8's compiler threads are a
 * fifth to a quarter of a scan's CPU). Since the parse packs each file's samples, the main thread
 * has little to write, so it parses too (scan-agents.ts: workers take the largest files, the main
 * thread the smallest, until they meet), and a worker per *other* core is enough. Measured on the
 * 402 MB bench corpus, 2-core machine, eight alternating rounds (medians; this machine drifts
 * ±25 %): one worker + the main thread 1.10 s, inline 1.25 s, two workers + the main thread
 * 1.31 s, two workers with an idle main thread (the previous default) 1.27 s. Earlier history:
 * with per-request rows to write, two workers beat both inline and one worker (2.08–2.40 s against
 * 2.43–2.58 and 2.47–2.71 s).
 */
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { freshBundle } from "./cli-bundle.mjs";
import { parseAgentGroup, type AgentFileTask, type AgentGroupOutcome } from "./parse-agent-file";

/** Set by the CLI bundle's build: the bundled worker beside it. */
declare const BATON_WORKER_FILE: string | undefined;

export interface ParsePool {
  readonly workers: number;
  /** One session's files read together (parseAgentGroup); `bytes`: what they will read, to keep the workers' queues even. */
  run(tasks: AgentFileTask[], bytes?: number): Promise<AgentGroupOutcome>;
  close(): Promise<void>;
}

/** Bytes to read below which workers are not worth starting. */
export const WORKER_THRESHOLD_BYTES = 96 * 1024 * 1024;

/** Workers beside the main thread (which parses too): one per other core, at most three. */
export function defaultWorkerCount(bytesToRead: number, cores = os.availableParallelism(), bundled?: boolean): number {
  if (bytesToRead < WORKER_THRESHOLD_BYTES || cores < 2 || !(bundled ?? workerEntry().bundled)) return 0;
  return Math.min(3, cores - 1);
}

export function createParsePool(workers: number, entry?: URL): ParsePool {
  if (workers <= 0) return inlinePool();
  try {
    return workerPool(workers, entry ?? workerEntry().url);
  } catch {
    // A bundler or runtime that cannot start the worker: parse inline, same results.
    return inlinePool();
  }
}

function inlinePool(): ParsePool {
  return {
    workers: 0,
    run: async (tasks) => parseAgentGroup(tasks),
    close: async () => undefined,
  };
}

interface Pending {
  tasks: AgentFileTask[];
  bytes: number;
  resolve: (outcome: AgentGroupOutcome) => void;
}

/**
 * The worker's module: the bundled one when running from the bundle, or when the bundle is fresh
 * (built from exactly these sources); else the sources through tsx.
 */
export function workerEntry(): { url: URL; bundled: boolean } {
  if (typeof BATON_WORKER_FILE === "string") return { url: pathToFileURL(BATON_WORKER_FILE), bundled: true };
  const bundle = freshBundle(path.resolve(import.meta.dirname, "..", "..", ".."));
  if (bundle !== null) return { url: pathToFileURL(path.join(bundle, "parse-worker.mjs")), bundled: true };
  return { url: new URL("./parse-worker-entry.mjs", import.meta.url), bundled: false };
}

/**
 * A worker inherits the process's flags, `--import tsx` included: ~150 ms of loading TypeScript
 * machinery it does not use (the bundle is JavaScript; the source entry registers tsx itself).
 */
function withoutLoaders(flags: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index]!;
    if (["--import", "--loader", "--experimental-loader", "--require", "-r"].includes(flag)) {
      index += 1;
      continue;
    }
    if (/^--(import|loader|experimental-loader|require)=/.test(flag)) continue;
    kept.push(flag);
  }
  return kept;
}

/**
 * Units (a file, or a session's files read together) sent ahead to each worker: most agent files
 * are small, and a worker that waited for the main thread's next message after each one idled for
 * most of a scan (one worker measured slower than parsing inline).
 */
export const TASKS_AHEAD = 8;

function workerPool(count: number, entry: URL): ParsePool {
  const inFlight = new Map<Worker, Pending[]>();
  const queue: Pending[] = [];
  let failed: Error | null = null;
  let closing = false;

  const queuedBytes = new Map<Worker, number>();
  const dispatch = () => {
    while (queue.length > 0) {
      // The worker with the fewest bytes queued, among those with room (replies come back in the
      // order tasks were sent).
      let target: Worker | null = null;
      for (const [worker, sent] of inFlight) {
        if (sent.length < TASKS_AHEAD && (target === null || queuedBytes.get(worker)! < queuedBytes.get(target)!)) target = worker;
      }
      if (target === null) return;
      const pending = queue.shift()!;
      inFlight.get(target)!.push(pending);
      queuedBytes.set(target, queuedBytes.get(target)! + pending.bytes);
      target.postMessage(pending.tasks);
    }
  };

  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(entry, { execArgv: withoutLoaders(process.execArgv) });
    inFlight.set(worker, []);
    queuedBytes.set(worker, 0);
    worker.on("message", (outcome: AgentGroupOutcome) => {
      const done = inFlight.get(worker)?.shift();
      if (done) queuedBytes.set(worker, queuedBytes.get(worker)! - done.bytes);
      done?.resolve(outcome);
      dispatch();
    });
    // A worker that dies (an error, or an exit nobody asked for) takes its tasks with it; they and
    // every later one run inline, same results.
    const giveUp = (error: Error) => {
      failed ??= error;
      const sent = inFlight.get(worker) ?? [];
      inFlight.delete(worker);
      for (const pending of sent) pending.resolve(parseAgentGroup(pending.tasks));
      for (const waiting of queue.splice(0)) waiting.resolve(parseAgentGroup(waiting.tasks));
    };
    worker.on("error", giveUp);
    worker.on("exit", (code) => {
      if (!closing) giveUp(new Error(`parser worker exited (${code})`));
    });
    return worker;
  });

  return {
    workers: count,
    run(tasks, bytes = 0) {
      if (failed) return Promise.resolve(parseAgentGroup(tasks));
      return new Promise((resolve) => {
        queue.push({ tasks, bytes, resolve });
        dispatch();
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
