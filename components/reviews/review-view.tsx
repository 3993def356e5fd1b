"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { TeamRole } from "@/lib/core/access/actor";
import { personName } from "@/lib/core/access/display-name";
import { leaseLeft, REVIEW_STATE_LABELS, VERDICT_LABELS } from "@/lib/core/reviews/review-format";
import { availableTransitions, holdsClaim, isOpenState, otherHolder, roleMay } from "@/lib/core/reviews/review-rules";
import { RELEASE_HINT, VERDICT_KINDS } from "@/lib/core/reviews/review-states.data";
import type { RenderedReview } from "@/lib/server/reviews/render-review";
import { ResumeDialog } from "../resume/resume-dialog";
import { RuntimeBadge } from "../handoffs/runtime-badge";
import { fetchReview, postReview } from "./review-api";
import { ClaimHolder } from "./review-card";
import { CommentComposer, SecretsMaskedNote } from "./review-comments";
import { ReviewHandoff } from "./review-handoff";
import { ReviewStateBadge } from "./review-state-badge";
import { refusalText, useLeaseHeartbeat, useReviewActions } from "./use-review-actions";
import { useNow } from "./use-now";
import { When } from "@/components/ui/when";

export interface PageActor {
  id: string;
  name: string;
  role: TeamRole;
}

const button = "rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 disabled:opacity-40 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
const primary = "rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900";

export function ReviewView({ initial, actor, assignees = [] }: { initial: RenderedReview; actor: PageActor; assignees?: { id: string; name: string }[] }) {
  const { data } = useQuery({ queryKey: queryKeys.review(initial.id), queryFn: () => fetchReview(initial.id), initialData: initial, refetchInterval: 60_000 });
  const review = data ?? initial;
  const now = useNow(5_000);
  const nowDate = new Date(now);
  const claim = { claimedBy: review.claimedBy, claimExpiresAt: review.claimExpiresAt ? new Date(review.claimExpiresAt) : null };
  const isHolder = holdsClaim(claim, actor.id, nowDate);
  const held = otherHolder(claim, actor.id, nowDate);
  const canWrite = roleMay(actor.role, "comment");
  const { run, busy, error, setError } = useReviewActions(review);
  useLeaseHeartbeat(review.id, isHolder && isOpenState(review.state), review.claimExpiresAt);
  const [reason, setReason] = useState("");
  const [resuming, setResuming] = useState(false);
  const transitions = availableTransitions({ state: review.state, ...claim }, actor, nowDate);
  const canClaim = roleMay(actor.role, "claim") && isOpenState(review.state) && !held;

  const resumeAndClaim = async () => {
    setError(null);
    try {
      await postReview(review.id, "claim", {});
      setResuming(true);
    } catch (failure) {
      setError(refusalText(failure));
    }
  };

  return (
    <div className="space-y-5">
      <nav className="text-xs text-zinc-500 dark:text-zinc-400">
        <Link href="/reviews" className="hover:underline">Reviews</Link> / {review.repoName}
      </nav>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <RuntimeBadge runtime={review.handoff?.runtime ?? null} />
          <h1 className="text-2xl font-semibold tracking-tight dark:text-zinc-100">{review.handoff?.title ?? review.handoffPath}</h1>
          <ReviewStateBadge state={review.state} />
          {review.resolution && <span className="text-xs text-zinc-500 dark:text-zinc-400">({review.resolution})</span>}
        </div>
        <p className="font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
          {review.repo}/{review.handoffPath} · {review.handoff?.branch ?? "no branch"} ·{" "}
          <Link href={`/handoffs/${review.handoffId}`} className="text-sky-700 underline decoration-sky-700/40 underline-offset-2 hover:decoration-current dark:text-sky-300 dark:decoration-sky-300/40">handoff page</Link>
        </p>
        {review.handoff?.nextAction && <p className="text-sm text-zinc-700 dark:text-zinc-300"><span className="font-medium">Next action:</span> {review.handoff.nextAction}</p>}
        {review.state === "blocked" && review.blockedReason && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">Blocked: {review.blockedReason}</p>}
        {review.successor && (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            Continued by <Link className="underline" href={review.successor.reviewId ? `/reviews/${review.successor.reviewId}` : `/handoffs/${review.successor.handoffId}`}>{review.successor.path}</Link>
          </p>
        )}
      </header>

      <section aria-label="Review state" className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span>State: <strong data-testid="review-state">{REVIEW_STATE_LABELS[review.state] ?? review.state}</strong></span>
          <span>Claim: <ClaimHolder review={review} actorId={actor.id} now={now} /></span>
          <span>Assignee: {review.assignee ? (review.assigneeId === actor.id ? "you" : personName(review.assignee)) : <span className="text-zinc-500 dark:text-zinc-400">nobody</span>}</span>
        </div>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-2">
            {canClaim && (
              <button type="button" data-testid="claim-button" disabled={busy !== null} className={primary} onClick={() => run("claim", {}, { versioned: false })}>
                {isHolder ? `Renew claim (${leaseLeft(review.claimExpiresAt, now)})` : "Claim"}
              </button>
            )}
            {canClaim && review.handoff && !review.handoff.isGone && (isHolder ? (
              // You hold the claim already: resuming needs no second claim.
              <button type="button" data-testid="resume-button" disabled={busy !== null} className={button} onClick={() => setResuming(true)}>
                Resume
              </button>
            ) : (
              <button type="button" data-testid="resume-claim-button" disabled={busy !== null} className={button} onClick={resumeAndClaim}>
                Resume &amp; claim
              </button>
            ))}
            {isHolder && (
              <button type="button" data-testid="release-button" title={RELEASE_HINT} disabled={busy !== null} className={button} onClick={() => run("release", {})}>
                Release
              </button>
            )}
            {held && roleMay(actor.role, "forceRelease") && (
              <button type="button" data-testid="force-release-button" disabled={busy !== null} className={button} onClick={() => run("release", { force: true })}>
                Force-release
              </button>
            )}
            {transitions.map((transition) => (
              <button
                key={transition.to}
                type="button"
                data-testid={`transition-${transition.to}`}
                title={transition.hint}
                disabled={busy !== null}
                className={button}
                onClick={() => {
                  if (transition.reason === "required" && !reason.trim()) return setError(`${transition.label} needs a reason: write it in the box.`);
                  void run("transition", { to: transition.to, reason: reason.trim() || null }).then((ok) => ok && setReason(""));
                }}
              >
                {transition.label}
              </button>
            ))}
            {transitions.length > 0 && (
              <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={2000} placeholder="Reason (needed to block or fail)" aria-label="Reason" className="min-w-48 flex-1 rounded-lg border border-zinc-300 px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900" />
            )}
            <select
              aria-label="Priority"
              value={String(Math.min(2, Math.max(0, review.priority)))}
              disabled={busy !== null}
              onChange={(event) => run("assign", { assigneeId: review.assigneeId, assigneeName: review.assignee, priority: Number(event.target.value) }, { retryStale: true })}
              className="rounded-lg border border-zinc-300 px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
            >
              <option value="0">Normal priority</option>
              <option value="1">High priority</option>
              <option value="2">Urgent</option>
            </select>
            {assignees.length > 1 && (
              <select
                aria-label="Assignee"
                data-testid="assignee-select"
                value={review.assigneeId ?? ""}
                disabled={busy !== null}
                onChange={(event) => run("assign", { assigneeId: event.target.value || null }, { retryStale: true })}
                className="rounded-lg border border-zinc-300 px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
              >
                <option value="">Unassigned</option>
                {review.assigneeId && !assignees.some((person) => person.id === review.assigneeId) && <option value={review.assigneeId}>{review.assignee ?? review.assigneeId}</option>}
                {assignees.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.id === actor.id ? `${person.name} (you)` : person.name}
                  </option>
                ))}
              </select>
            )}
            {review.assigneeId !== actor.id ? (
              <button type="button" className={button} disabled={busy !== null} onClick={() => run("assign", { assigneeId: "me" }, { retryStale: true })}>
                Assign to me
              </button>
            ) : (
              <button type="button" className={button} disabled={busy !== null} onClick={() => run("assign", { assigneeId: null }, { retryStale: true })}>
                Unassign
              </button>
            )}
          </div>
        )}
        {canWrite && (isHolder || transitions.length > 0) && (
          <ul className="space-y-0.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="review-action-hints">
            {isHolder && <li>{RELEASE_HINT}</li>}
            {transitions.map((transition) => (
              <li key={transition.to}>{transition.hint}</li>
            ))}
          </ul>
        )}
        {error && <p role="alert" data-testid="review-error" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
        {!canWrite && <p className="text-xs text-zinc-500 dark:text-zinc-400">You can read this review; your role ({actor.role}) cannot change it.</p>}
      </section>

      {canWrite && (
        <section aria-label="Comment on the review" className="space-y-1.5 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
          <h2 className="text-sm font-semibold">Comment</h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">A general comment (it is listed under the handoff). To comment on a section or a line, use the links beside them. Secrets you paste are masked before saving.</p>
          <CommentComposer run={run} />
        </section>
      )}

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Handoff" className="min-w-0 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
          <ReviewHandoff review={review} run={run} canWrite={canWrite} />
        </section>
        <div className="space-y-4">
          <Verdicts review={review} run={run} canWrite={canWrite} />
          <Timeline review={review} actorId={actor.id} />
        </div>
      </div>
      {resuming && review.handoff && <ResumeDialog handoffId={review.handoff.id} onClose={() => setResuming(false)} />}
    </div>
  );
}

function Verdicts({ review, run, canWrite }: { review: RenderedReview; run: ReturnType<typeof useReviewActions>["run"]; canWrite: boolean }) {
  const [kind, setKind] = useState<(typeof VERDICT_KINDS)[number]>("approve");
  const [body, setBody] = useState("");
  return (
    <section aria-label="Verdicts" className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <h2 className="text-sm font-semibold">Verdicts</h2>
      {review.verdicts.length === 0 ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">None yet.</p>
      ) : (
        <ul className="space-y-1.5 text-sm" data-testid="verdict-list">
          {review.verdicts.map((verdict) => (
            <li key={verdict.id} className={verdict.isStale ? "opacity-60" : ""} data-testid="verdict">
              <span className={verdict.kind === "approve" ? "text-emerald-700 dark:text-emerald-300" : verdict.kind === "request_changes" ? "text-red-700 dark:text-red-300" : ""}>{VERDICT_LABELS[verdict.kind] ?? verdict.kind}</span>{" "}
              by <strong>{personName(verdict.authorName)}</strong>
              {verdict.isStale && <span className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-semibold uppercase text-amber-800" title="The handoff or its branch changed since">stale</span>}
              {verdict.secretsMasked > 0 && <> <SecretsMaskedNote count={verdict.secretsMasked} /></>}
              {verdict.body && <p className="text-xs text-zinc-600 dark:text-zinc-400">{verdict.body}</p>}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form
          className="space-y-1.5 border-t border-zinc-100 pt-2 dark:border-zinc-800"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await run("verdicts", { kind, body: body.trim() || null }, { retryStale: true })) setBody("");
          }}
        >
          <div className="flex gap-2">
            <select aria-label="Verdict" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)} className="rounded-lg border border-zinc-300 px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900">
              {VERDICT_KINDS.map((value) => (
                <option key={value} value={value}>{value === "approve" ? "Approve" : value === "request_changes" ? "Request changes" : "Comment"}</option>
              ))}
            </select>
            <button type="submit" data-testid="verdict-submit" className={primary}>Give verdict</button>
          </div>
          <input value={body} onChange={(event) => setBody(event.target.value)} maxLength={20_000} placeholder="Note (optional)" aria-label="Verdict note" className="w-full rounded-lg border border-zinc-300 px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900" />
        </form>
      )}
    </section>
  );
}

function describeEvent(event: RenderedReview["timeline"][number]): string {
  const details = event.details as Record<string, string | number | string[] | undefined>;
  const states = details.from && details.to ? ` ${REVIEW_STATE_LABELS[String(details.from)] ?? details.from} → ${REVIEW_STATE_LABELS[String(details.to)] ?? details.to}` : "";
  switch (event.kind) {
    case "opened": return "opened the review";
    case "claimed": return `claimed it${states}`;
    case "renewed": return "renewed the claim";
    case "expired": return "let the claim expire";
    case "released": return `released the claim${states}`;
    case "force-released": return `force-released ${details.holder ?? "the"}'s claim`;
    case "transition": return `moved it${states}${details.reason ? `: ${details.reason}` : ""}`;
    case "reopened": return `reopened it${details.reason ? `: ${details.reason}` : ""}`;
    case "assigned":
      if (details.priority !== undefined) return `set the priority to ${["normal", "high", "urgent"][Math.min(2, Math.max(0, Number(details.priority)))]}`;
      return details.assignee ? `assigned it to ${details.assignee}` : "unassigned it";
    case "verdict": return `gave a verdict: ${VERDICT_LABELS[String(details.verdict)] ?? details.verdict}`;
    case "comment": return `commented${details.line ? ` on line ${details.line}` : details.section ? ` on “${details.section}”` : ""}`;
    case "resolved": return "resolved a comment";
    case "unresolved": return "reopened a comment";
    case "content-changed": return "saw a new content of the handoff (older verdicts are stale)";
    case "continued": return "completed it: a successor handoff continues the work";
    case "closed": return "closed it: the handoff is no longer an open head";
    default: return event.kind;
  }
}

function Timeline({ review, actorId }: { review: RenderedReview; actorId: string }) {
  return (
    <section aria-label="Timeline" className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <h2 className="text-sm font-semibold">Timeline</h2>
      <ol className="space-y-1.5 border-l border-zinc-200 pl-3 text-xs dark:border-zinc-700" data-testid="review-timeline">
        {[...review.timeline].reverse().map((event) => (
          <li key={event.id} data-kind={event.kind}>
            <span className="font-semibold text-zinc-800 dark:text-zinc-100">{event.actorId === actorId ? "You" : personName(event.actorName)}</span> {describeEvent(event)}
            <div className="text-zinc-500 dark:text-zinc-400"><When instant={event.at} /></div>
          </li>
        ))}
      </ol>
    </section>
  );
}
