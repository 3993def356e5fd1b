"use client";

import { useState } from "react";
import { personName } from "@/lib/core/access/display-name";
import type { RenderedReview } from "@/lib/server/reviews/render-review";
import { When } from "@/components/ui/when";

export type ReviewComment = RenderedReview["comments"][number];
type Run = (action: string, body: Record<string, unknown>, options?: { retryStale?: boolean }) => Promise<boolean>;

function CommentBody({ comment }: { comment: ReviewComment }) {
  if (comment.rendered.kind === "plain") return <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{comment.body}</p>;
  return (
    <div
      className="prose prose-sm prose-zinc max-w-none prose-code:before:content-none prose-code:after:content-none dark:prose-invert [overflow-wrap:anywhere] [&_.mention]:rounded [&_.mention]:bg-sky-100 [&_.mention]:px-0.5 [&_.mention]:font-medium [&_.mention]:text-sky-800 dark:[&_.mention]:bg-sky-900 dark:[&_.mention]:text-sky-100"
      dangerouslySetInnerHTML={{ __html: comment.rendered.html }}
    />
  );
}

export function CommentComposer({ run, anchor, parentId, onDone, placeholder = "Comment (markdown, @name to mention)" }: { run: Run; anchor?: { section?: string | null; line?: number | null }; parentId?: string; onDone?: () => void; placeholder?: string }) {
  const [body, setBody] = useState("");
  const [sending, setSending] = useState(false);
  return (
    <form
      className="space-y-1.5"
      data-testid="comment-composer"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!body.trim()) return;
        setSending(true);
        const ok = await run("comments", { body, ...(anchor ? { anchor } : {}), ...(parentId ? { parentId } : {}) }, { retryStale: true });
        setSending(false);
        if (ok) {
          setBody("");
          onDone?.();
        }
      }}
    >
      <textarea
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={2}
        maxLength={20_000}
        placeholder={placeholder}
        aria-label={parentId ? "Reply" : "Comment"}
        className="w-full rounded-lg border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <div className="flex gap-2">
        <button type="submit" disabled={sending || !body.trim()} className="rounded-lg bg-zinc-900 px-3 py-1 text-xs font-medium text-white disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900">
          {parentId ? "Reply" : "Comment"}
        </button>
        {onDone && (
          <button type="button" onClick={onDone} className="text-xs text-zinc-500 hover:underline dark:text-zinc-400">
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Says that text shows masks where a secret was typed (the secret itself was never stored). */
export function SecretsMaskedNote({ count }: { count: number }) {
  return (
    <span data-testid="secrets-masked" className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-800 dark:bg-red-950 dark:text-red-200" title="Baton replaced what looked like a secret with its type and last 4 characters before saving; the secret itself was never stored.">
      {count === 1 ? "1 secret masked" : `${count} secrets masked`}
    </span>
  );
}

/** Root comments with their replies, each resolvable; `canWrite` hides every control from a viewer. */
export function CommentThreads({ comments, all, run, canWrite, label }: { comments: ReviewComment[]; all: ReviewComment[]; run: Run; canWrite: boolean; label: string }) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  if (comments.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={label} data-testid="comment-list">
      {comments.map((root) => {
        const replies = all.filter((comment) => comment.parentId === root.id);
        return (
          <li key={root.id} data-testid="comment" data-comment-id={root.id} className={`rounded-lg border p-2.5 ${root.resolvedAt ? "border-zinc-200 bg-zinc-50 opacity-75 dark:border-zinc-700 dark:bg-zinc-800/60" : "border-sky-200 bg-sky-50/50 dark:border-sky-800 dark:bg-sky-950/40"}`}>
            <CommentItem comment={root} />
            {replies.length > 0 && (
              <ul className="mt-2 space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700" aria-label="Replies">
                {replies.map((reply) => (
                  <li key={reply.id} data-testid="comment-reply">
                    <CommentItem comment={reply} />
                  </li>
                ))}
              </ul>
            )}
            {canWrite && (
              <div className="mt-1.5 flex gap-3 text-xs">
                <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => setReplyTo(replyTo === root.id ? null : root.id)}>
                  Reply
                </button>
                <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => run(`comments/${root.id}/resolve`, { resolved: !root.resolvedAt }, { retryStale: true })}>
                  {root.resolvedAt ? "Reopen" : "Resolve"}
                </button>
              </div>
            )}
            {replyTo === root.id && (
              <div className="mt-2">
                <CommentComposer run={run} parentId={root.id} onDone={() => setReplyTo(null)} placeholder="Reply" />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function CommentItem({ comment }: { comment: ReviewComment }) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-semibold text-zinc-800 dark:text-zinc-100">{personName(comment.authorName)}</span>
        <When instant={comment.createdAt} />
        {comment.anchor.line !== null && <span className="font-mono">L{comment.anchor.line}</span>}
        {comment.isOutdated && (comment.anchor.line !== null || comment.anchor.section !== null) && <span className="text-amber-700 dark:text-amber-400">on an earlier version</span>}
        {comment.resolvedAt && <span className="text-emerald-700 dark:text-emerald-300">✓ resolved by {comment.resolvedByName}</span>}
        {comment.secretsMasked > 0 && <SecretsMaskedNote count={comment.secretsMasked} />}
      </div>
      <CommentBody comment={comment} />
    </div>
  );
}
