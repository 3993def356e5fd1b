/**
 * Parses agent files on worker threads when that pays, inline otherwise. Measured here
 * (`npm run bench -- sessions`, ~400 MB Claude corpus, shared 2-core machines): a worker needs
 * 0.3–0.45 s to start (the TypeScript loader runs inside it), and the main thread's sample writes
 * compete with the workers for the same two cores, so one or two workers were slower than parsing
 * inline on a busy machine (2.5 s inline, 3.4 s one worker, 4.2 s two) and at best ~12 % faster on a
 * quieter one (3.1 s with two, 3.5 s inline). Workers therefore start by default only with four cores or more (one per core beyond
 * the main thread and one to spare, at most three) and only for a large read; `--workers N` forces
 * them.
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
  if (bytesToRead < WORKER_THRESHOLD_BYTES || cores < 4) return 0;
  return Math.min(3, cores - 2);
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
