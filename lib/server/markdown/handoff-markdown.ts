/**
 * A handoff's markdown as the page shows it: sanitised HTML rendered off the request's thread, or the
 * plain text with the reason it was not rendered. The request's thread only hashes the text and looks
 * it up; the pre-check (assessMarkdown), the parse and the rendering run in the worker (render-pool.ts)
 * under a time limit, once per content.
 */
import { createHash } from "node:crypto";
import { MARKDOWN_RENDER_LIMITS, type MarkdownRenderLimits } from "../../core/markdown/render-limits.data";
import { createByteBoundedCache, type ByteBoundedCache } from "./render-cache";
import { createRenderPool, type MarkdownRenderPool } from "./render-pool";

export type RenderedMarkdown = { kind: "html"; html: string } | { kind: "plain"; reason: string };

/** Bump when the rendering (plugins, elements, sanitising schema, limits) changes: cached results are keyed by it. */
const RENDERER_VERSION = "2";
/** Rendered HTML kept in memory: ~10 KB per ordinary handoff, so thousands fit. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** A time-out or a crashed worker may be the machine's load, not the document: tried again after this. */
const TRANSIENT_TTL_MS = 10 * 60 * 1000;

export interface HandoffMarkdownRenderer {
  render(markdown: string): Promise<RenderedMarkdown>;
  close(): Promise<void>;
}

export function createHandoffMarkdownRenderer({ limits = MARKDOWN_RENDER_LIMITS, pool = createRenderPool({ limits }), cacheBytes = CACHE_BYTES }: { limits?: MarkdownRenderLimits; pool?: MarkdownRenderPool; cacheBytes?: number } = {}): HandoffMarkdownRenderer {
  const cache: ByteBoundedCache<RenderedMarkdown> = createByteBoundedCache({
    maxBytes: cacheBytes,
    sizeOf: (value) => (value.kind === "html" ? value.html.length : value.reason.length) * 2,
  });
  // Two requests for the same content share one render.
  const inFlight = new Map<string, Promise<RenderedMarkdown>>();

  async function renderUncached(key: string, markdown: string): Promise<RenderedMarkdown> {
    const { outcome, isTransient } = await pool.render(markdown);
    const result: RenderedMarkdown = outcome.kind === "html" ? { kind: "html", html: outcome.html } : { kind: "plain", reason: outcome.reason };
    cache.set(key, result, isTransient ? { ttlMs: TRANSIENT_TTL_MS } : {});
    return result;
  }

  return {
    render(markdown) {
      const key = createHash("sha256").update(RENDERER_VERSION).update("\0").update(markdown).digest("hex");
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderUncached(key, markdown).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    close: () => pool.close(),
  };
}

const globalForRenderer = globalThis as unknown as { batonMarkdownRenderer?: HandoffMarkdownRenderer };

/** The server's one renderer (one worker, one cache); dev reloads reuse it. */
export function renderHandoffMarkdown(markdown: string): Promise<RenderedMarkdown> {
  globalForRenderer.batonMarkdownRenderer ??= createHandoffMarkdownRenderer();
  return globalForRenderer.batonMarkdownRenderer.render(markdown);
}
