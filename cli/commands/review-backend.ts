/**
 * Where `baton review` acts: on the team server with the stored token when one is configured
 * (cli/credentials.ts; the server checks the role), else directly on the local database as the local
 * user (single-user mode: the same lib/server/reviews functions the routes call). Both answer the same
 * shapes, and both turn a refusal into a ReviewCliFailure carrying the answer (409: who holds the claim
 * until when).
 */
import { AppError } from "../../lib/server/app-error";
import { LOCAL_ACTOR } from "../../lib/core/access/actor";
import { isOpenReviewState } from "../../lib/core/reviews/review-states.data";
import { createDb, type Db } from "../../lib/server/db/client";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { reviewActor } from "../../lib/server/reviews/review-actor";
import { claimReview, releaseReview, type ClaimResult } from "../../lib/server/reviews/claim-review";
import { getReview, listReviews, reviewCounts, reviewIdForHandoff, type ReviewCounts, type ReviewDetail, type ReviewListFilters, type ReviewListItem } from "../../lib/server/reviews/review-queries";
import { addComment, transitionReview } from "../../lib/server/reviews/review-writes";
import { requireServerCredential, resolveServerCredential, serverRequest, type ServerCredential } from "../credentials";
import type { Io } from "../io";

/** A refusal (exit 1): the message, and the answer's details (heldBy, claimExpiresAt, version). */
export class ReviewCliFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ListOptions {
  state?: string;
  repo?: string;
  mine?: boolean;
  unassigned?: boolean;
  closed?: boolean;
  handoff?: string;
}

export interface ReviewBackend {
  readonly where: string;
  list(options: ListOptions): Promise<{ reviews: ReviewListItem[]; counts: ReviewCounts }>;
  /** A review id, or the id of the handoff it reviews. */
  resolveId(idOrHandoff: string): Promise<string>;
  show(id: string): Promise<ReviewDetail>;
  claim(id: string): Promise<ClaimResult>;
  release(id: string, version: number, force: boolean): Promise<{ version: number; state: string }>;
  transition(id: string, version: number, to: string, reason: string | null): Promise<{ version: number; state: string }>;
  comment(id: string, version: number, body: string, anchor: { line?: number; section?: string } | null, parentId: string | null): Promise<{ version: number; commentId: string }>;
  close(): Promise<void>;
}

function heldText(details: Record<string, unknown>): string | null {
  return typeof details.heldBy === "string" ? `claimed by ${details.heldBy} until ${String(details.claimExpiresAt)}` : null;
}

async function local<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new ReviewCliFailure(error.status === 409 ? (heldText(error.details) ?? error.message) : error.message, error.status, error.details);
    throw error;
  }
}

export async function localBackend(io: Io): Promise<ReviewBackend> {
  const target = resolveDatabaseUrl();
  const applied = await ensureDatabase(target);
  if (applied.length > 0) io.err(`database migrated: ${applied.join(", ")}`);
  const db: Db = createDb(target);
  const actor = reviewActor(LOCAL_ACTOR);
  return {
    where: "the local database",
    list: (options) =>
      local(async () => {
        const filters: ReviewListFilters = { state: options.state, repo: options.repo, mine: options.mine ? actor.id : undefined, unassigned: options.unassigned, includeClosed: options.closed || options.handoff !== undefined };
        const reviews = (await listReviews(db, filters)).filter((review) => !options.handoff || review.handoffId === options.handoff);
        return { reviews, counts: await reviewCounts(db) };
      }),
    resolveId: (idOrHandoff) =>
      local(async () => {
        if (await db.review.findUnique({ where: { id: idOrHandoff }, select: { id: true } })) return idOrHandoff;
        const byHandoff = await reviewIdForHandoff(db, idOrHandoff);
        if (byHandoff) return byHandoff;
        throw new ReviewCliFailure(`no review ${idOrHandoff} (give a review id or a handoff id; "baton review list" shows them)`, 404);
      }),
    show: (id) => local(() => getReview(db, id)),
    claim: (id) => local(() => claimReview(db, id, actor)),
    release: (id, version, force) => local(() => releaseReview(db, id, actor, version, { force })),
    transition: (id, version, to, reason) => local(() => transitionReview(db, id, actor, { version, to, reason })),
    comment: (id, version, body, anchor, parentId) => local(() => addComment(db, id, actor, { version, body, anchor, parentId })),
    close: () => db.$disconnect(),
  };
}

export function serverBackend(credential: ServerCredential): ReviewBackend {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const { status, data } = await serverRequest<Record<string, unknown>>(credential, method, route, body);
    if (status >= 200 && status < 300) return data as T;
    const details = data ?? {};
    const message = (status === 409 ? heldText(details) : null) ?? (typeof details.error === "string" ? details.error : `HTTP ${status}`);
    throw new ReviewCliFailure(`${credential.server}: ${message}`, status, details);
  };
  const path = (id: string, action = "") => `/api/reviews/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;
  return {
    where: credential.server,
    list: (options) => {
      const params = new URLSearchParams();
      if (options.state) params.set("state", options.state);
      if (options.repo) params.set("repo", options.repo);
      if (options.mine) params.set("mine", "1");
      if (options.unassigned) params.set("unassigned", "1");
      if (options.closed) params.set("closed", "1");
      if (options.handoff) params.set("handoff", options.handoff);
      return call("GET", `/api/reviews${params.size ? `?${params}` : ""}`);
    },
    resolveId: async (idOrHandoff) => {
      try {
        return (await call<{ id: string }>("GET", path(idOrHandoff))).id;
      } catch (error) {
        if (!(error instanceof ReviewCliFailure && error.status === 404)) throw error;
      }
      const { reviews } = await call<{ reviews: { id: string }[] }>("GET", `/api/reviews?handoff=${encodeURIComponent(idOrHandoff)}`);
      if (reviews[0]) return reviews[0].id;
      throw new ReviewCliFailure(`${credential.server}: no review ${idOrHandoff} (give a review id or a handoff id; "baton review list" shows them)`, 404);
    },
    show: (id) => call("GET", path(id)),
    claim: (id) => call("POST", path(id, "claim"), {}),
    release: (id, version, force) => call("POST", path(id, "release"), { version, ...(force ? { force: true } : {}) }),
    transition: (id, version, to, reason) => call("POST", path(id, "transition"), { version, to, reason }),
    comment: (id, version, body, anchor, parentId) => call("POST", path(id, "comments"), { version, body, anchor, parentId }),
    close: async () => {},
  };
}

/** The team server when a token is stored for it (or `--server` names one), else the local database. */
export async function openReviewBackend(serverFlag: string | undefined, io: Io): Promise<ReviewBackend> {
  const credential = serverFlag ? requireServerCredential(serverFlag) : resolveServerCredential(undefined);
  return credential ? serverBackend(credential) : localBackend(io);
}

/**
 * `baton resume --claim`: claims the review of the handoff about to be resumed. False (after saying
 * who holds it until when) when someone else holds it; true when claimed, or when the handoff has no
 * open review (a warning: nothing to claim).
 */
export async function claimForResume(handoffId: string, serverFlag: string | undefined, io: Io): Promise<boolean> {
  const backend = await openReviewBackend(serverFlag, io);
  try {
    const { reviews } = await backend.list({ handoff: handoffId });
    const review = reviews.find((candidate) => isOpenReviewState(candidate.state));
    if (!review) {
      io.err(`baton: this handoff has no open review on ${backend.where}; nothing claimed`);
      return true;
    }
    const claim = await backend.claim(review.id);
    io.err(`claimed review ${review.id} until ${claim.claimExpiresAt} (${backend.where})`);
    return true;
  } catch (error) {
    if (error instanceof ReviewCliFailure) {
      io.err(`baton: not resuming: ${error.message}`);
      return false;
    }
    throw error;
  } finally {
    await backend.close();
  }
}
