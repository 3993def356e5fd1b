/**
 * The review workflow as data: `pending → in_progress ⇄ blocked → completed | failed`, with an admin's
 * reopen. Each row says who may take it (team roles; single-user mode's local user is an admin) and
 * whether the actor must hold the review's live claim: a transition is work on the review, and only
 * the one who claimed it does that work (a member who wants it must claim it first, or ask an admin to
 * force-release). The scan's own moves (a successor appeared: "continued") are not here: no person
 * makes them (lib/server/reviews/sync-reviews.ts).
 */
import type { TeamRole } from "../access/actor";

export const REVIEW_STATES = ["pending", "in_progress", "blocked", "completed", "failed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const OPEN_REVIEW_STATES: readonly ReviewState[] = ["pending", "in_progress", "blocked"];

/** Whether a review in this state is still open (may be claimed, worked on, shown on the board). */
export function isOpenReviewState(state: string): boolean {
  return (OPEN_REVIEW_STATES as readonly string[]).includes(state);
}

/** A claim starts the work: a pending review becomes in progress (claim-review.ts's UPDATE). */
export const CLAIM_STARTS = { from: "pending", to: "in_progress" } as const satisfies { from: ReviewState; to: ReviewState };

/** Releasing a claim puts a review in progress back to pending. */
export const RELEASE_RETURNS = { from: "in_progress", to: "pending" } as const satisfies { from: ReviewState; to: ReviewState };

export interface ReviewTransition {
  from: ReviewState;
  to: ReviewState;
  /** The button's and the CLI's word for it. */
  label: string;
  roles: readonly TeamRole[];
  needsOwnClaim: boolean;
  /** The reason is required (blocked on what), optional, or not asked. */
  reason: "required" | "optional" | "none";
  /** The resolution a closed review records. */
  resolution?: "done" | "failed";
  /** What the button does, in words (its tooltip and the line under the buttons). */
  hint: string;
}

/** What Release does, beside the transitions' hints (the review page says both). */
export const RELEASE_HINT = "Release: let go of your claim so anyone can take the review; an in-progress review goes back to pending.";

const WRITERS: readonly TeamRole[] = ["admin", "member"];
const ADMINS: readonly TeamRole[] = ["admin"];

export const REVIEW_TRANSITIONS: readonly ReviewTransition[] = [
  { from: "pending", to: "in_progress", label: "Start", roles: WRITERS, needsOwnClaim: true, reason: "none", hint: "Start: you begin the work under your claim." },
  { from: "in_progress", to: "pending", label: "Put back", roles: WRITERS, needsOwnClaim: true, reason: "optional", hint: "Put back: the work goes back to pending, and you keep your claim (to pick it up again yourself)." },
  { from: "in_progress", to: "blocked", label: "Block", roles: WRITERS, needsOwnClaim: true, reason: "required", hint: "Block: the work waits on something; say what in the reason box." },
  { from: "blocked", to: "in_progress", label: "Unblock", roles: WRITERS, needsOwnClaim: true, reason: "optional", hint: "Unblock: the work goes on." },
  { from: "in_progress", to: "completed", label: "Done", roles: WRITERS, needsOwnClaim: true, reason: "optional", resolution: "done", hint: "Done: the review is finished; your claim ends." },
  { from: "in_progress", to: "failed", label: "Fail", roles: WRITERS, needsOwnClaim: true, reason: "required", resolution: "failed", hint: "Fail: the work cannot be done; say why in the reason box. Your claim ends." },
  { from: "blocked", to: "failed", label: "Fail", roles: WRITERS, needsOwnClaim: true, reason: "required", resolution: "failed", hint: "Fail: the work cannot be done; say why in the reason box. Your claim ends." },
  { from: "completed", to: "pending", label: "Reopen", roles: ADMINS, needsOwnClaim: false, reason: "optional", hint: "Reopen: the review is open again, unclaimed." },
  { from: "failed", to: "pending", label: "Reopen", roles: ADMINS, needsOwnClaim: false, reason: "optional", hint: "Reopen: the review is open again, unclaimed." },
];

/** Everything else one does on a review, with the roles that may. */
export const REVIEW_ACTIONS = {
  /** Take (or renew) the lease; also moves a pending review to in_progress. */
  claim: { roles: WRITERS },
  /** Give up one's own claim. */
  release: { roles: WRITERS },
  /** Drop someone else's claim. */
  forceRelease: { roles: ADMINS },
  heartbeat: { roles: WRITERS },
  assign: { roles: WRITERS },
  verdict: { roles: WRITERS },
  comment: { roles: WRITERS },
  resolveComment: { roles: WRITERS },
} as const satisfies Record<string, { roles: readonly TeamRole[] }>;
export type ReviewAction = keyof typeof REVIEW_ACTIONS;

export const VERDICT_KINDS = ["approve", "request_changes", "comment"] as const;
export type VerdictKind = (typeof VERDICT_KINDS)[number];

/** How long a claim lasts without a heartbeat. */
export const DEFAULT_LEASE_SECONDS = 15 * 60;
