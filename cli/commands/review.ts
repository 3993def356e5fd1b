/**
 * `baton review list|show|claim|release|block|done|fail|comment`: the review board from the command
 * line, on the team server (stored token) or the local database (review-backend.ts). A write reads the
 * review's current version first and sends it (or the one given with --version, for a strict fence);
 * a refusal is one line and exit 1 — a held claim names who holds it until when.
 */
import { parseArgs } from "node:util";
import { leaseLeft, REVIEW_STATE_LABELS, reviewSummary } from "../../lib/core/reviews/review-format";
import { REVIEW_STATES } from "../../lib/core/reviews/review-states.data";
import { printJson, UsageError, type Io } from "../io";
import { openReviewBackend, ReviewCliFailure, type ReviewBackend } from "./review-backend";

const USAGE = `baton review <command> [options] [--server URL] [--json]

  list [--state S] [--repo R] [--mine] [--unassigned] [--closed]   open reviews (all states with --closed)
  show <review|handoff id>                                         the review, its comments, verdicts, timeline
  claim <id>                   take the claim (a 15-minute lease; claiming again renews it)
  release <id> [--force]       give the claim up (--force: an admin drops someone else's)
  block <id> --reason TEXT     in progress → blocked (you must hold the claim)
  done <id> [--reason TEXT]    in progress → completed
  fail <id> --reason TEXT      in progress or blocked → failed
  comment <id> -m TEXT [--line N] [--section KEY] [--reply COMMENT_ID]

  <id> is a review id or the id of the handoff it reviews. With a stored token (baton login) or
  BATON_SERVER + BATON_TOKEN the command acts on the team server, else on the local database.
  --version N sends that version instead of the current one (refused with 409 if the review moved on).
  States: ${REVIEW_STATES.join(", ")}.`;

const TRANSITIONS: Record<string, string> = { block: "blocked", done: "completed", fail: "failed" };

export async function reviewCommand(argv: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        state: { type: "string" },
        repo: { type: "string" },
        mine: { type: "boolean", default: false },
        unassigned: { type: "boolean", default: false },
        closed: { type: "boolean", default: false },
        reason: { type: "string" },
        message: { type: "string", short: "m" },
        line: { type: "string" },
        section: { type: "string" },
        reply: { type: "string" },
        force: { type: "boolean", default: false },
        version: { type: "string" },
        server: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [sub, idArgument, ...extra] = positionals;
  if (values.help || sub === "help") {
    io.out(USAGE);
    return 0;
  }
  if (!sub) throw new UsageError(`review needs a command\n\n${USAGE}`);
  const known = ["list", "show", "claim", "release", "block", "done", "fail", "comment"];
  if (!known.includes(sub)) throw new UsageError(`unknown review command "${sub}"; use one of: ${known.join(", ")}`);
  if (sub !== "list" && !idArgument) throw new UsageError(`review ${sub} needs a review id (baton review list shows them)`);
  if (extra.length > 0 || (sub === "list" && idArgument)) throw new UsageError(`unexpected argument "${extra[0] ?? idArgument}"`);
  if (values.state && !(REVIEW_STATES as readonly string[]).includes(values.state)) throw new UsageError(`unknown state "${values.state}"; use one of: ${REVIEW_STATES.join(", ")}`);
  const reason = values.reason ?? (sub !== "comment" ? values.message : undefined);
  if ((sub === "block" || sub === "fail") && !reason?.trim()) throw new UsageError(`review ${sub} needs --reason "…" (say why)`);
  if (sub === "comment" && !values.message?.trim()) throw new UsageError('review comment needs -m "text"');
  const line = values.line === undefined ? undefined : Number(values.line);
  if (line !== undefined && !(Number.isSafeInteger(line) && line > 0)) throw new UsageError(`--line takes a line number, not "${values.line}"`);
  const fixedVersion = values.version === undefined ? undefined : Number(values.version);
  if (fixedVersion !== undefined && !(Number.isSafeInteger(fixedVersion) && fixedVersion > 0)) throw new UsageError(`--version takes a positive number, not "${values.version}"`);

  const backend = await openReviewBackend(values.server, io);
  try {
    if (sub === "list") {
      const result = await backend.list({ state: values.state, repo: values.repo, mine: values.mine, unassigned: values.unassigned, closed: values.closed });
      if (values.json) printJson(io, result);
      else printList(io, result.reviews, result.counts);
      return 0;
    }
    const id = await backend.resolveId(idArgument!);
    const versionNow = async () => fixedVersion ?? (await backend.show(id)).version;
    let result: unknown;
    switch (sub) {
      case "show": {
        const review = await backend.show(id);
        if (values.json) printJson(io, review);
        else printReview(io, review);
        return 0;
      }
      case "claim": {
        const claim = await backend.claim(id);
        result = claim;
        if (!values.json) io.out(`claimed ${id} until ${claim.claimExpiresAt} (${leaseLeft(claim.claimExpiresAt, Date.now())}; claim again to renew)`);
        break;
      }
      case "release": {
        const released = await backend.release(id, await versionNow(), values.force);
        result = released;
        if (!values.json) io.out(`released ${id} (now ${REVIEW_STATE_LABELS[released.state] ?? released.state})`);
        break;
      }
      case "comment": {
        const anchor = line !== undefined || values.section ? { ...(line !== undefined ? { line } : {}), ...(values.section ? { section: values.section } : {}) } : null;
        const comment = await backend.comment(id, await versionNow(), values.message!, anchor, values.reply ?? null);
        result = comment;
        if (!values.json) io.out(`commented on ${id}${line !== undefined ? ` (line ${line})` : ""}: ${comment.commentId}`);
        break;
      }
      default: {
        const moved = await backend.transition(id, await versionNow(), TRANSITIONS[sub]!, reason?.trim() || null);
        result = moved;
        if (!values.json) io.out(`${id} is now ${REVIEW_STATE_LABELS[moved.state] ?? moved.state}`);
      }
    }
    if (values.json) printJson(io, result);
    return 0;
  } catch (error) {
    if (error instanceof ReviewCliFailure) {
      if (values.json) printJson(io, { error: error.message, status: error.status, ...error.details });
      io.err(`baton: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await backend.close();
  }
}

function printList(io: Io, reviews: Awaited<ReturnType<ReviewBackend["list"]>>["reviews"], counts: Awaited<ReturnType<ReviewBackend["list"]>>["counts"]) {
  const now = Date.now();
  io.out(`${reviewSummary(counts)}`);
  if (reviews.length === 0) {
    io.out("no review matches");
    return;
  }
  for (const review of reviews) {
    const claim = review.claimedBy ? `claimed by ${review.claimedByName ?? review.claimedBy} (${leaseLeft(review.claimExpiresAt, now)})` : "unclaimed";
    io.out(`${review.id}  ${(REVIEW_STATE_LABELS[review.state] ?? review.state).padEnd(11)}  ${review.repoName ?? "?"}/${review.handoffPath}  ${claim}${review.assignee ? `  → ${review.assignee}` : ""}`);
    if (review.nextAction) io.out(`    next: ${review.nextAction.replace(/\s+/g, " ").slice(0, 160)}`);
  }
}

function printReview(io: Io, review: Awaited<ReturnType<ReviewBackend["show"]>>) {
  const now = Date.now();
  io.out(`${review.handoff?.title ?? review.handoffPath}  [${REVIEW_STATE_LABELS[review.state] ?? review.state}${review.resolution ? `: ${review.resolution}` : ""}]  version ${review.version}`);
  io.out(`  ${review.repo}/${review.handoffPath} · ${review.handoff?.branch ?? "no branch"}`);
  io.out(`  claim: ${review.claimedBy ? `${review.claimedByName ?? review.claimedBy} until ${review.claimExpiresAt} (${leaseLeft(review.claimExpiresAt, now)})` : "nobody"}; assignee: ${review.assignee ?? "nobody"}`);
  if (review.blockedReason) io.out(`  blocked: ${review.blockedReason}`);
  if (review.handoff?.nextAction) io.out(`  next: ${review.handoff.nextAction}`);
  if (review.verdicts.length > 0) io.out(`verdicts:\n${review.verdicts.map((verdict) => `  ${verdict.kind} by ${verdict.authorName}${verdict.isStale ? " (stale)" : ""}`).join("\n")}`);
  if (review.comments.length > 0) {
    io.out("comments:");
    for (const comment of review.comments) {
      const where = comment.anchor.line !== null ? ` L${comment.anchor.line}` : comment.anchor.section ? ` §${comment.anchor.section}` : "";
      io.out(`  ${comment.parentId ? "  ↳ " : ""}${comment.authorName}${where}${comment.resolvedAt ? " (resolved)" : ""}: ${comment.body.replace(/\s+/g, " ").slice(0, 200)}  [${comment.id}]`);
    }
  }
  io.out(`timeline:\n${review.timeline.map((event) => `  ${event.at}  ${event.actorName}  ${event.kind}${event.details.to ? ` → ${String(event.details.to)}` : ""}${event.details.reason ? `: ${String(event.details.reason)}` : ""}`).join("\n")}`);
}
