/**
 * Renders markdown on one worker thread with a time limit, so no document, however hostile, holds a
 * request's thread: the request only waits for a message. One document at a time (the pages that
 * need a render are few and each content is rendered once, then cached by handoff-markdown.ts); a
 * document still running at the limit has its worker terminated, and the next document gets a new one.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { MARKDOWN_RENDER_LIMITS, type MarkdownRenderLimits } from "../../core/markdown/render-limits.data";
import type { MarkdownRenderOutcome } from "./markdown-to-html";
import type { RenderJob } from "./render-worker";

export interface PoolRender {
  outcome: MarkdownRenderOutcome;
  /** Time in the worker, or until it was stopped. */
  milliseconds: number;
  /** True when the worker was stopped at the time limit (or died): worth trying again later. */
  isTransient: boolean;
}

export interface MarkdownRenderPool {
  render(markdown: string): Promise<PoolRender>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  markdown: string;
  resolve: (result: PoolRender) => void;
  started: number;
  timer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/** Heap of one rendering worker: a document that needs more is a memory bomb, and only the worker dies. */
const WORKER_HEAP_MB = 512;
/** A worker that has not loaded its modules by then is given up on (a broken install, not a document). */
const STARTUP_LIMIT_MS = 60_000;

/**
 * The production build bundles render-worker.ts (Turbopack follows `new Worker(new URL(…))`); from the
 * sources (vitest, tsx) the worker starts from render-worker-entry.mjs, which registers tsx first: a
 * thread inherits no TypeScript loader. That path is built at run time so the bundler leaves it alone.
 */
export function spawnRenderWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, stdout: false, stderr: false };
  const here = fileURLToPath(import.meta.url);
  if (/\.tsx?$/.test(here)) return new Worker(path.join(path.dirname(here), ["render-worker-entry", "mjs"].join(".")), options);
  return new Worker(new URL("./render-worker.ts", import.meta.url), options);
}

const plain = (reason: string): MarkdownRenderOutcome => ({ kind: "plain", reason });

export function createRenderPool({ limits = MARKDOWN_RENDER_LIMITS, spawn = spawnRenderWorker }: { limits?: MarkdownRenderLimits; spawn?: () => Worker } = {}): MarkdownRenderPool {
  let thread: Thread | null = null;
  let current: Pending | null = null;
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function finish(job: Pending, outcome: MarkdownRenderOutcome, milliseconds: number, isTransient: boolean) {
    if (current !== job) return;
    clearTimeout(job.timer);
    current = null;
    thread?.worker.unref();
    job.resolve({ outcome, milliseconds, isTransient });
    void pump();
  }

  /** Stops the thread (after a time-out or a failure); the next job starts a new one. */
  function discard(stopping: Thread) {
    if (thread === stopping) thread = null;
    void stopping.worker.terminate();
  }

  function start(): Thread {
    const worker = spawn();
    const self: Thread = {
      worker,
      ready: new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the rendering worker did not start within ${STARTUP_LIMIT_MS / 1000} s`)), STARTUP_LIMIT_MS);
        timer.unref();
        // Sent once its modules are loaded: a job's time limit counts from then.
        worker.once("message", () => {
          clearTimeout(timer);
          resolve();
        });
        worker.once("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
        worker.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`the rendering worker exited with code ${code}`));
        });
      }),
    };
    // Settled by then; without a handler a rejection after the job moved on would be unhandled.
    self.ready.catch(() => undefined);
    worker.on("message", (message: { id?: number; outcome: MarkdownRenderOutcome; milliseconds: number }) => {
      if (current && message.id !== undefined && message.id === current.id) finish(current, message.outcome, message.milliseconds, false);
    });
    // Out of memory, or a crash: that document fails, the thread is replaced.
    worker.on("error", (error) => {
      const wasActive = thread === self;
      discard(self);
      if (current && wasActive) finish(current, plain(`the renderer stopped: ${error.message}`), performance.now() - current.started, true);
    });
    worker.on("exit", () => {
      if (thread !== self) return;
      thread = null;
      if (current) finish(current, plain("the renderer stopped"), performance.now() - current.started, true);
    });
    worker.unref();
    return self;
  }

  async function pump() {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) return;
    current = job;
    let active: Thread | null = null;
    try {
      active = thread ??= start();
      active.worker.ref();
      await active.ready;
    } catch (error) {
      if (active) discard(active);
      finish(job, plain(`the renderer could not start: ${error instanceof Error ? error.message : String(error)}`), 0, true);
      return;
    }
    if (current !== job) return;
    job.started = performance.now();
    const running = active;
    job.timer = setTimeout(() => {
      discard(running);
      finish(job, plain(`it took longer than ${(limits.timeLimitMs / 1000).toLocaleString("en")} s to render`), performance.now() - job.started, true);
    }, limits.timeLimitMs);
    const message: RenderJob = { id: job.id, markdown: job.markdown, limits };
    running.worker.postMessage(message);
  }

  return {
    render(markdown) {
      if (closed) return Promise.resolve({ outcome: plain("the renderer is closed"), milliseconds: 0, isTransient: true });
      return new Promise<PoolRender>((resolve) => {
        queue.push({ id: nextId++, markdown, resolve, started: performance.now() });
        void pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.resolve({ outcome: plain("the renderer is closed"), milliseconds: 0, isTransient: true });
      if (current) finish(current, plain("the renderer is closed"), 0, true);
      const stopping = thread;
      thread = null;
      await stopping?.worker.terminate();
    },
  };
}
