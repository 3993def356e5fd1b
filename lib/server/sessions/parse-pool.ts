/**
 * Parses agent files on worker threads when that pays (a large first scan), inline otherwise.
 * Measured on the 2-core machines here: two workers parse a ~400 MB Claude corpus in about 60 % of
 * one thread's time while the main thread stores samples (bench/run.ts `sessions`). Small scans
 * (a rescan after an append) stay inline: starting a worker and its TypeScript loader costs more
 * than the parse.
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

export function defaultWorkerCount(bytesToRead: number): number {
  if (bytesToRead < WORKER_THRESHOLD_BYTES) return 0;
  return Math.max(0, Math.min(2, os.availableParallelism() - 0));
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
  reject: (error: Error) => void;
}

function workerPool(count: number): ParsePool {
  const entry = new URL("./parse-worker-entry.mjs", import.meta.url);
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let failed: Error | null = null;

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
    worker.on("error", (error) => {
      // A worker that dies takes its task with it; that task and the rest run inline.
      failed = error;
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) pending.resolve(parseAgentFile(pending.task));
      for (const waiting of queue.splice(0)) waiting.resolve(parseAgentFile(waiting.task));
    });
    idle.push(worker);
    return worker;
  });

  return {
    workers: count,
    run(task) {
      if (failed) return Promise.resolve(parseAgentFile(task));
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
