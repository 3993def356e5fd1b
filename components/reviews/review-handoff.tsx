"use client";

import { useState } from "react";
import { placeComment, handoffSections } from "@/lib/core/reviews/review-anchors";
import type { RenderedReview } from "@/lib/server/reviews/render-review";
import { HandoffMarkdown } from "../handoffs/handoff-markdown";
import { CommentComposer, CommentThreads, type ReviewComment } from "./review-comments";

type Run = (action: string, body: Record<string, unknown>, options?: { retryStale?: boolean }) => Promise<boolean>;

/**
 * The handoff with its comments where they were written: "Rendered" shows it section by section (as the
 * handoff page renders it), each section followed by the comments on it or on one of its lines; "Lines"
 * shows the numbered source (secrets masked) with each line's comments under it. Click a line number
 * or "Comment on this section" to write one there.
 */
export function ReviewHandoff({ review, run, canWrite }: { review: RenderedReview; run: Run; canWrite: boolean }) {
  const [mode, setMode] = useState<"rendered" | "lines">("rendered");
  const [composing, setComposing] = useState<string | null>(null);
  const handoff = review.handoff;
  if (!handoff) return <p className="text-sm text-zinc-500 dark:text-zinc-400">The handoff is no longer stored.</p>;
  const lines = handoff.content.split("\n");
  const sections = handoffSections(handoff.content);
  const current = { blobSha: handoff.blobSha, lineCount: lines.length, sections };
  const roots = review.comments.filter((comment) => comment.parentId === null);
  const placed = roots.map((comment) => ({ comment, place: placeComment({ ...comment.anchor, blobSha: comment.blobSha }, current) }));
  const atLine = (line: number) => placed.filter(({ place }) => place.kind === "line" && place.line === line).map(({ comment }) => comment);
  const inRange = (start: number, end: number, key: string | null) =>
    placed.filter(({ place }) => (place.kind === "line" && place.line >= start && place.line <= end) || (place.kind === "section" && place.key === key)).map(({ comment }) => comment);
  const general = placed.filter(({ place }) => place.kind === "general").map(({ comment }) => comment);
  const outdated = placed.filter(({ place }) => place.kind === "outdated").map(({ comment }) => comment);
  const threads = (comments: ReviewComment[], label: string) => <CommentThreads comments={comments} all={review.comments} run={run} canWrite={canWrite} label={label} />;

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <div className="inline-flex overflow-hidden rounded-lg border border-zinc-300 text-xs dark:border-zinc-600" role="group" aria-label="Handoff view">
          {(["rendered", "lines"] as const).map((value) => (
            <button key={value} type="button" aria-pressed={mode === value} onClick={() => setMode(value)} className={`px-3 py-1 ${mode === value ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "bg-white dark:bg-zinc-900 dark:text-zinc-300"}`}>
              {value === "rendered" ? "Rendered" : "Lines"}
            </button>
          ))}
        </div>
        <span className="font-mono text-[11px] text-zinc-500 dark:text-zinc-400" title={handoff.blobSha}>blob {handoff.blobSha.slice(0, 8)}</span>
      </div>

      {mode === "rendered" ? (
        <div className="space-y-3">
          {review.sections.map((section) => {
            const key = `s:${section.startLine}`;
            const comments = inRange(section.startLine, section.endLine, section.key);
            return (
              <section key={key} className="group rounded-lg border border-transparent p-1 hover:border-zinc-200 dark:hover:border-zinc-700" data-section={section.key ?? ""}>
                <HandoffMarkdown rendered={section.rendered} markdown={lines.slice(section.startLine - 1, section.endLine).join("\n")} />
                <div className="mt-1 space-y-2 pl-1">
                  {threads(comments, `Comments on ${section.title ?? "the top"}`)}
                  {canWrite && section.key && (composing === key ? (
                    <CommentComposer run={run} anchor={{ section: section.key }} onDone={() => setComposing(null)} />
                  ) : (
                    <button type="button" onClick={() => setComposing(key)} className="text-xs text-sky-700 hover:underline dark:text-sky-300">
                      + Comment on “{section.title}”
                    </button>
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      ) : (
        <ol className="overflow-x-auto rounded-lg border border-zinc-200 bg-zinc-50 py-1 font-mono text-xs leading-5 dark:border-zinc-700 dark:bg-zinc-900" aria-label="Handoff lines">
          {lines.map((text, index) => {
            const line = index + 1;
            const key = `l:${line}`;
            const comments = atLine(line);
            return (
              <li key={line} id={`L${line}`} className="min-w-max">
                <div className="flex hover:bg-sky-50 dark:hover:bg-sky-950/40">
                  <button
                    type="button"
                    disabled={!canWrite}
                    data-testid={`line-${line}`}
                    title={canWrite ? `Comment on line ${line}` : undefined}
                    aria-label={canWrite ? `Comment on line ${line}` : `Line ${line}`}
                    onClick={() => setComposing(composing === key ? null : key)}
                    className="w-12 shrink-0 select-none pr-3 text-right text-zinc-600 enabled:hover:text-sky-700 disabled:cursor-default dark:text-zinc-400"
                  >
                    {line}
                  </button>
                  <span className="whitespace-pre pr-3 text-zinc-800 dark:text-zinc-200">{text || " "}</span>
                </div>
                {(comments.length > 0 || composing === key) && (
                  <div className="max-w-3xl space-y-2 py-2 pl-12 pr-3 font-sans">
                    {threads(comments, `Comments on line ${line}`)}
                    {composing === key && <CommentComposer run={run} anchor={{ line }} onDone={() => setComposing(null)} />}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}

      <div className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-700">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">General comments</h3>
        {threads(general, "General comments")}
        {canWrite && <CommentComposer run={run} />}
        {outdated.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer text-xs text-amber-700 dark:text-amber-400">{outdated.length} comment(s) on an earlier version of the handoff</summary>
            <div className="mt-2">{threads(outdated, "Comments on an earlier version")}</div>
          </details>
        )}
      </div>
    </div>
  );
}
