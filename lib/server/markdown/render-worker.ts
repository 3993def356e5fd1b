/** Rendering worker thread: markdown → sanitised HTML, one document at a time (see render-pool.ts). */
import { parentPort } from "node:worker_threads";
import { assessMarkdown } from "../../core/markdown/assess-markdown";
import type { MarkdownRenderLimits } from "../../core/markdown/render-limits.data";
import { markdownToHtml, type MarkdownRenderOutcome } from "./markdown-to-html";

export interface RenderJob {
  id: number;
  markdown: string;
  limits: MarkdownRenderLimits;
}

// One small document through every stage first, so the first real one is not timed on cold code.
markdownToHtml("# Warm-up\n\n- [x] *a* **b** `c` [d](https://example.invalid) ~~e~~\n\n| f | g |\n|---|---|\n| 1 | 2 |\n\n> h[^1]\n\n[^1]: i\n\n```ts\nj\n```\n");
parentPort?.postMessage({ ready: true });
/** The pre-check first (linear, milliseconds), then the parse only for what passes it. */
export function renderJob(markdown: string, limits: MarkdownRenderLimits): MarkdownRenderOutcome {
  const assessment = assessMarkdown(markdown, limits);
  return assessment.render ? markdownToHtml(markdown, limits) : { kind: "plain", reason: assessment.reason };
}

parentPort?.on("message", (job: RenderJob) => {
  const started = performance.now();
  const outcome = renderJob(job.markdown, job.limits);
  parentPort!.postMessage({ id: job.id, outcome, milliseconds: performance.now() - started });
});
