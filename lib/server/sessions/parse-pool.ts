/**
 * Parses agent files on worker threads when that pays (a large first scan), inline otherwise.
 * The main thread stores samples while workers parse, so the default is one worker per core the
 * main thread leaves free (two cores: one worker); more only oversubscribes (measured with
 * `npm run bench -- sessions`). Small scans (a rescan after an append) stay inline: starting a
 * worker and its TypeScript loader costs more than the parse.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { parseAgentFile, type AgentFileOutcome, type AgentFileTask } from "./parse-agent-file";

export interface ParsePool {
  readonly workers: number;
  run(task: AgentFileTask): Promise<AgentFileOutcome>;
  close(): Promise<void>;
}

/** Bytes to read below which workers are not worth starting. */
export const WORKER_THRESHOLD_BYTES = 48 * 1024 * 1024;

export function defaultWorkerCount(bytesToRead: number, cores = os.availableParallelism()): number {
  if (bytesToRead < WORKER_THRESHOLD_BYTES) return 0;
  return Math.max(0, Math.min(3, cores - 1));
}

export function createParsePool(workers: number): ParsePool {
  if (workers <= 0) return inlinePool();
  try {
    return workerPool(workers);
  } catch {
    // A bundler or runtime that cannot start the worker: parse inline, same results.
    return inlinePool();
  }
}

function inlinePool(): ParsePool {
  return {
    workers: 0,
    run: async (task) => parseAgentFile(task),
    close: async () => undefined,
  };
}

interface Pending {
  task: AgentFileTask;
  resolve: (outcome: AgentFileOutcome) => void;
}

function workerPool(count: number): ParsePool {
  const entry = new URL("./parse-worker-entry.mjs", import.meta.url);
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let failed: Error | null = null;
  let closing = false;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const pending = queue.shift()!;
      busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  };

  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(entry);
    worker.on("message", (outcome: AgentFileOutcome) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      pending?.resolve(outcome);
      dispatch();
    });
    // A worker that dies (an error, or an exit nobody asked for) takes its task with it; that task
    // and every later one run inline, same results.
    const giveUp = (error: Error) => {
      failed ??= error;
      const idleIndex = idle.indexOf(worker);
      if (idleIndex >= 0) idle.splice(idleIndex, 1);
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) pending.resolve(parseAgentFile(pending.task));
      for (const waiting of queue.splice(0)) waiting.resolve(parseAgentFile(waiting.task));
    };
    worker.on("error", giveUp);
    worker.on("exit", (code) => {
      if (!closing) giveUp(new Error(`parser worker exited (${code})`));
    });
    idle.push(worker);
    return worker;
  });

  return {
    workers: count,
    run(task) {
      if (failed) return Promise.resolve(parseAgentFile(task));
      return new Promise((resolve) => {
        queue.push({ task, resolve });
        dispatch();
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
