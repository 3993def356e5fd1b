/**
 * The review rules as pure functions over the data table (review-states.data.ts): who may do what, who
 * holds a claim, how long a lease lasts, when a verdict is stale, whom a comment mentions. The server
 * (lib/server/reviews) encodes the same claim rule in its one conditional UPDATE; these functions
 * explain a refusal and drive the buttons.
 */
import type { TeamRole } from "../access/actor";
import {
  DEFAULT_LEASE_SECONDS,
  OPEN_REVIEW_STATES,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  REVIEW_TRANSITIONS,
  type ReviewAction,
  type ReviewState,
  type ReviewTransition,
} from "./review-states.data";

export function isReviewState(value: string): value is ReviewState {
  return (REVIEW_STATES as readonly string[]).includes(value);
}

export function isOpenState(state: string): boolean {
  return (OPEN_REVIEW_STATES as readonly string[]).includes(state);
}

export interface ClaimView {
  claimedBy: string | null;
  claimExpiresAt: Date | null;
}

/** Whether `actorId` holds a live claim at `now`. */
export function holdsClaim(review: ClaimView, actorId: string, now: Date): boolean {
  return review.claimedBy === actorId && review.claimExpiresAt !== null && review.claimExpiresAt.getTime() > now.getTime();
}

/** Someone else's live claim, or null when the review is free for `actorId` (free, expired or own). */
export function otherHolder(review: ClaimView, actorId: string, now: Date): { heldBy: string; claimExpiresAt: Date } | null {
  if (review.claimedBy === null || review.claimedBy === actorId || review.claimExpiresAt === null) return null;
  if (review.claimExpiresAt.getTime() <= now.getTime()) return null;
  return { heldBy: review.claimedBy, claimExpiresAt: review.claimExpiresAt };
}

export type ClaimDecision = { kind: "free" } | { kind: "renew" } | { kind: "take-over-expired"; previous: string } | { kind: "held"; heldBy: string; claimExpiresAt: Date };

/** The claim rule: free, expired or one's own → granted; someone else's live lease → held. */
export function decideClaim(review: ClaimView, actorId: string, now: Date): ClaimDecision {
  if (review.claimedBy === null) return { kind: "free" };
  if (review.claimedBy === actorId) return { kind: "renew" };
  const held = otherHolder(review, actorId, now);
  if (held) return { kind: "held", ...held };
  return { kind: "take-over-expired", previous: review.claimedBy };
}

export function roleMay(role: TeamRole, action: ReviewAction): boolean {
  return (REVIEW_ACTIONS[action].roles as readonly TeamRole[]).includes(role);
}

export function findTransition(from: string, to: string): ReviewTransition | null {
  return REVIEW_TRANSITIONS.find((transition) => transition.from === from && transition.to === to) ?? null;
}

export type TransitionCheck = { ok: true; transition: ReviewTransition } | { ok: false; status: 403 | 409 | 400; reason: string };

/** Whether `role` may move a review in `review.state` to `to` now (claim and role; the version is the server's). */
export function checkTransition(review: ClaimView & { state: string }, to: string, actor: { id: string; role: TeamRole }, now: Date, reason?: string | null): TransitionCheck {
  const transition = findTransition(review.state, to);
  if (!transition) return { ok: false, status: 409, reason: `a ${review.state} review cannot move to ${to}` };
  if (!transition.roles.includes(actor.role)) return { ok: false, status: 403, reason: `a ${actor.role} may not ${transition.label.toLowerCase()} a review` };
  if (transition.needsOwnClaim && !holdsClaim(review, actor.id, now)) {
    const held = otherHolder(review, actor.id, now);
    return { ok: false, status: 409, reason: held ? `claimed by ${held.heldBy} until ${held.claimExpiresAt.toISOString()}` : "claim the review first (your claim is missing or expired)" };
  }
  if (transition.reason === "required" && !reason?.trim()) return { ok: false, status: 400, reason: `say why (${transition.label.toLowerCase()} needs a reason)` };
  return { ok: true, transition };
}

/** The transitions to offer as buttons: those the role may take from this state, given the claim. */
export function availableTransitions(review: ClaimView & { state: string }, actor: { id: string; role: TeamRole }, now: Date): ReviewTransition[] {
  return REVIEW_TRANSITIONS.filter(
    (transition) => transition.from === review.state && transition.roles.includes(actor.role) && (!transition.needsOwnClaim || holdsClaim(review, actor.id, now)),
  );
}

/** The lease from BATON_REVIEW_LEASE_SECONDS (a positive whole number of seconds), else 15 minutes. */
export function leaseSeconds(env: Record<string, string | undefined>): number {
  const text = env.BATON_REVIEW_LEASE_SECONDS?.trim();
  if (text && /^\d{1,7}$/.test(text) && Number(text) > 0) return Number(text);
  return DEFAULT_LEASE_SECONDS;
}

export interface VerdictBasis {
  blobSha: string;
  branchHeadSha: string | null;
}

/**
 * A verdict is stale once the handoff has a new content (another blob) or its branch has new commits
 * (another head) since it was given; a branch unknown then or now cannot make it stale.
 */
export function isVerdictStale(verdict: VerdictBasis, current: VerdictBasis): boolean {
  if (verdict.blobSha !== current.blobSha) return true;
  return verdict.branchHeadSha !== null && current.branchHeadSha !== null && verdict.branchHeadSha !== current.branchHeadSha;
}

const MENTION = /(^|[^\w@/.])@([A-Za-z0-9][\w.-]{0,63})/g;

/** The distinct `@name`s a comment mentions (not e-mail addresses), in order. */
export function findMentions(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(MENTION)) names.add(match[2]!.replace(/[.-]+$/, ""));
  return [...names];
}

/**
 * Sanitised HTML with `@name` mentions wrapped in a highlight span. Only text between tags is touched
 * (never an attribute, also one holding ">"), and only names of word characters, dots and dashes are wrapped, so the result
 * stays as inert as the input. Text inside <code>/<pre> is left alone.
 */
export function highlightMentions(html: string): string {
  let inCode = 0;
  return html
    // A tag ends at the first ">" outside a quoted attribute value (a title may hold ">").
    .split(/(<(?:[^>"']|"[^"]*"|'[^']*')*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<(code|pre)\b/i.test(part)) inCode++;
        else if (/^<\/(code|pre)>/i.test(part)) inCode = Math.max(0, inCode - 1);
        return part;
      }
      if (inCode > 0) return part;
      return part.replace(MENTION, (_, lead: string, name: string) => {
        const clean = name.replace(/[.-]+$/, "");
        return `${lead}<span class="mention" data-mention="${clean}">@${clean}</span>${name.slice(clean.length)}`;
      });
    })
    .join("");
}
