import type { RenderedMarkdown } from "@/lib/server/markdown/handoff-markdown";
import { HANDOFF_PAGE_LIMITS } from "./page-limits.data";

/**
 * The handoff rendered: HTML the server made off its request thread from the untrusted markdown
 * (sanitised there, see lib/server/markdown/markdown-to-html.ts), or, when the markdown is too
 * complex to render safely, the text itself in a <pre> (React escapes it) with the reason; past
 * HANDOFF_PAGE_LIMITS.plainCharacters only its start, as the source view beside it has all of it.
 */
export function HandoffMarkdown({ rendered, markdown }: { rendered: RenderedMarkdown; markdown: string }) {
  if (rendered.kind === "plain") {
    const limit = HANDOFF_PAGE_LIMITS.plainCharacters;
    return (
      <div className="space-y-3">
        <p role="note" className="rounded-lg border border-amber-300 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
          This handoff is too complex to render safely; shown as plain text.{" "}
          <span className="text-amber-800 dark:text-amber-200 [overflow-wrap:anywhere]">Reason: {rendered.reason}.</span>
        </p>
        {/* Focusable: a scrolling box a keyboard cannot reach cannot be scrolled without a mouse. */}
        <pre tabIndex={0} className="max-h-[36rem] overflow-auto whitespace-pre-wrap break-all rounded-lg border border-zinc-200 dark:border-zinc-800 bg-zinc-50 dark:bg-zinc-800/40 p-3 font-mono text-xs leading-5 text-zinc-800 dark:text-zinc-200" aria-label="Handoff as plain text">
          {markdown.length > limit ? markdown.slice(0, limit) : markdown}
        </pre>
        {markdown.length > limit && (
          <p className="text-xs italic text-zinc-500 dark:text-zinc-400">
            The first {limit.toLocaleString("en")} of {markdown.length.toLocaleString("en")} characters; the source view has all of them.
          </p>
        )}
      </div>
    );
  }
  return (
    <div
      className="prose prose-sm prose-zinc max-w-none [overflow-wrap:anywhere] prose-code:before:content-none prose-code:after:content-none prose-pre:bg-zinc-900 dark:prose-invert dark:prose-pre:bg-black/50 dark:prose-pre:ring-1 dark:prose-pre:ring-zinc-700"
      dangerouslySetInnerHTML={{ __html: rendered.html }}
    />
  );
}
