/**
 * The claim lock, fencing and the scan sync against real databases: SQLite always, PostgreSQL when
 * BATON_TEST_DATABASE_URL is set (the 20 concurrent claims matter most there: many connections race
 * for one row).
 */
import { AppError } from "../app-error";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import type { ReviewActor } from "./review-actor";
import { claimReview, heartbeatReview, releaseReview } from "./claim-review";
import { getReview, listReviews, reviewCounts } from "./review-queries";
import { addComment, addVerdict, assignReview, resolveComment, transitionReview } from "./review-writes";

const ann: ReviewActor = { id: "u-ann", name: "Ann", role: "member" };
const bob: ReviewActor = { id: "u-bob", name: "Bob", role: "member" };
const vic: ReviewActor = { id: "u-vic", name: "Vic", role: "viewer" };
const ada: ReviewActor = { id: "u-ada", name: "Ada", role: "admin" };
const t0 = new Date("2026-12-02T10:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const lease = { leaseSeconds: 60 };

async function refused<T>(work: Promise<T>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

let counter = 0;
async function newReview(db: Db): Promise<string> {
  counter++;
  const review = await db.review.create({ data: { handoffId: `h-${counter}-${Math.random()}`, repoId: "repo", handoffPath: `docs/handoff/${counter}.md` } });
  return review.id;
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`reviews on ${provider.name}${provider.skip ? ` (${POSTGRES_SKIP_MESSAGE})` : ""}`, () => {
    let database: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await provider.create();
      db = createDb(database.target);
    }, 120_000);
    afterAll(async () => {
      await db?.$disconnect();
      await database?.drop();
    });

    it("20 concurrent claims: exactly one wins, the others get 409 naming the winner", async () => {
      const id = await newReview(db);
      const actors = Array.from({ length: 20 }, (_, index): ReviewActor => ({ id: `u-${index}`, name: `User ${index}`, role: "member" }));
      const results = await Promise.allSettled(actors.map((actor) => claimReview(db, id, actor, { now: t0, ...lease })));
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof claimReview>>>).value;
      for (const loss of lost) {
        expect(loss.reason).toBeInstanceOf(AppError);
        expect(loss.reason).toMatchObject({ status: 409, details: { heldBy: winner.claimedByName, claimExpiresAt: at(60).toISOString() } });
      }
      const row = await db.review.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ claimedBy: winner.claimedBy, version: 2, state: "in_progress" });
      expect(await db.reviewEvent.count({ where: { reviewId: id, kind: "claimed" } })).toBe(1);
    }, 60_000);

    it("a lease that expires mid-way: another takes it over, and the old holder's write with its old version gets 409", async () => {
      const id = await newReview(db);
      const first = await claimReview(db, id, ann, { now: t0, ...lease });
      expect(first).toMatchObject({ claimedBy: "u-ann", version: 2, state: "in_progress" });
      // Within the lease Bob is refused with Ann's name and the lease's end.
      expect(await refused(claimReview(db, id, bob, { now: at(30), ...lease }))).toMatchObject({ status: 409, details: { heldBy: "Ann", claimExpiresAt: at(60).toISOString() } });
      // Ann's lease runs out; Bob takes it over (the fencing token moves on).
      const second = await claimReview(db, id, bob, { now: at(61), ...lease });
      expect(second).toMatchObject({ claimedBy: "u-bob", version: 3 });
      // Ann, unaware, writes with the version she had: refused, nothing overwritten.
      expect(await refused(transitionReview(db, id, ann, { version: first.version, to: "completed" }, { now: at(62) }))).toMatchObject({ status: 409, details: { version: 3 } });
      expect(await refused(releaseReview(db, id, ann, first.version, { now: at(62) }))).toMatchObject({ status: 409 });
      // Even with the current version Ann may not: the claim is Bob's.
      expect(await refused(transitionReview(db, id, ann, { version: 3, to: "completed" }, { now: at(62) }))).toMatchObject({ status: 409, details: { heldBy: "Bob" } });
      expect(await refused(heartbeatReview(db, id, ann, { now: at(62), ...lease }))).toMatchObject({ status: 409, details: { heldBy: "Bob" } });
      const done = await transitionReview(db, id, bob, { version: 3, to: "completed", reason: "looks right" }, { now: at(63) });
      expect(done).toEqual({ version: 4, state: "completed", secretsMasked: 0 });
      const row = await db.review.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ state: "completed", resolution: "done", claimedBy: null });
      const kinds = (await db.reviewEvent.findMany({ where: { reviewId: id }, orderBy: { id: "asc" } })).map((event) => `${event.kind}:${event.actorName}`);
      expect(kinds).toEqual(["claimed:Ann", "expired:Ann", "claimed:Bob", "transition:Bob"]);
    });

    it("a holder's own expired lease, not taken over: transitions refuse until a new claim", async () => {
      const id = await newReview(db);
      const claim = await claimReview(db, id, ann, { now: t0, ...lease });
      expect(await refused(transitionReview(db, id, ann, { version: claim.version, to: "blocked", reason: "waiting" }, { now: at(90) }))).toMatchObject({ status: 409, message: expect.stringMatching(/claim the review first/) });
      const again = await claimReview(db, id, ann, { now: at(91), ...lease });
      await expect(transitionReview(db, id, ann, { version: again.version, to: "blocked", reason: "waiting on CI" }, { now: at(92) })).resolves.toEqual({ version: again.version + 1, state: "blocked", secretsMasked: 0 });
      expect((await db.review.findUniqueOrThrow({ where: { id } })).blockedReason).toBe("waiting on CI");
    });

    it("heartbeat renews the holder's lease without moving the version; claiming again renews too", async () => {
      const id = await newReview(db);
      const claim = await claimReview(db, id, ann, { now: t0, ...lease });
      const beat = await heartbeatReview(db, id, ann, { now: at(50), ...lease });
      expect(beat).toMatchObject({ version: claim.version, claimExpiresAt: at(110).toISOString() });
      expect(await refused(claimReview(db, id, bob, { now: at(100), ...lease }))).toMatchObject({ status: 409 });
      const renewed = await claimReview(db, id, ann, { now: at(100), ...lease });
      expect(renewed).toMatchObject({ claimedBy: "u-ann", claimExpiresAt: at(160).toISOString() });
    });

    it("force-release: an admin drops another's claim (with the current version); a member may not", async () => {
      const id = await newReview(db);
      const claim = await claimReview(db, id, ann, { now: t0, ...lease });
      expect(await refused(releaseReview(db, id, bob, claim.version, { now: at(1), force: true }))).toMatchObject({ status: 403 });
      expect(await refused(releaseReview(db, id, bob, claim.version, { now: at(1) }))).toMatchObject({ status: 409, details: { heldBy: "Ann" } });
      expect(await refused(releaseReview(db, id, ada, claim.version - 1, { now: at(1), force: true }))).toMatchObject({ status: 409 });
      const released = await releaseReview(db, id, ada, claim.version, { now: at(2), force: true });
      expect(released).toEqual({ version: claim.version + 1, state: "pending" });
      // Ann's next write carries the old version: refused.
      expect(await refused(transitionReview(db, id, ann, { version: claim.version, to: "completed" }, { now: at(3) }))).toMatchObject({ status: 409 });
      await expect(claimReview(db, id, bob, { now: at(4), ...lease })).resolves.toMatchObject({ claimedBy: "u-bob" });
      const events = await db.reviewEvent.findMany({ where: { reviewId: id, kind: "force-released" } });
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0]!.details)).toMatchObject({ holder: "Ann" });
    });

    it("a viewer may read but not claim, comment or give verdicts; admins reopen", async () => {
      const id = await newReview(db);
      expect(await refused(claimReview(db, id, vic, { now: t0 }))).toMatchObject({ status: 403 });
      expect(await refused(addComment(db, id, vic, { version: 1, body: "hi" }))).toMatchObject({ status: 403 });
      expect(await refused(addVerdict(db, id, vic, { version: 1, kind: "approve" }))).toMatchObject({ status: 403 });
      const claim = await claimReview(db, id, ann, { now: t0, ...lease });
      const failed = await transitionReview(db, id, ann, { version: claim.version, to: "failed", reason: "wrong branch" }, { now: at(1) });
      expect(await refused(transitionReview(db, id, ann, { version: failed.version, to: "pending" }, { now: at(2) }))).toMatchObject({ status: 403 });
      await expect(transitionReview(db, id, ada, { version: failed.version, to: "pending", reason: "try again" }, { now: at(2) })).resolves.toEqual({ version: failed.version + 1, state: "pending", secretsMasked: 0 });
      expect((await db.review.findUniqueOrThrow({ where: { id } })).resolution).toBeNull();
    });

    it("masks secrets typed into a comment, a verdict and a block reason before anything is stored", async () => {
      const id = await newReview(db);
      const aws = "AKIAZ7Q4R2M9X3L5K8PD";
      const github = "ghp_x9Qm2Lk7Rt4Vb8Nc3Wd6Yh1Zj5Pf0Sg2Ta4U";
      const claimed = await claimReview(db, id, ann, { now: t0, ...lease });
      const comment = await addComment(db, id, ann, { version: claimed.version, body: `use \`${aws}\` and ${github}` }, { now: at(1) });
      expect(comment.secretsMasked).toBe(2);
      const verdict = await addVerdict(db, id, ann, { version: comment.version, kind: "request_changes", body: `rotate ${aws}` }, { now: at(2) });
      expect(verdict.secretsMasked).toBe(1);
      const blocked = await transitionReview(db, id, ann, { version: verdict.version, to: "blocked", reason: `new token needed, not ${github}` }, { now: at(3) });
      expect(blocked.secretsMasked).toBe(1);
      const review = await getReview(db, id);
      expect(review.comments[0]).toMatchObject({ body: `use \`[secret:aws-access-key …${aws.slice(-4)}]\` and [secret:github-token …${github.slice(-4)}]`, secretsMasked: 2 });
      expect(review.verdicts[0]).toMatchObject({ body: `rotate [secret:aws-access-key …${aws.slice(-4)}]`, secretsMasked: 1 });
      expect(review.blockedReason).toBe(`new token needed, not [secret:github-token …${github.slice(-4)}]`);
      const stored = JSON.stringify([await db.review.findMany(), await db.reviewComment.findMany(), await db.verdict.findMany(), await db.reviewEvent.findMany()]);
      for (const secret of [aws, github]) expect(stored).not.toContain(secret);
    });

    it("comments, threads, resolve, assign and verdicts each carry the version; a stale one is refused", async () => {
      const id = await newReview(db);
      const first = await addComment(db, id, ann, { version: 1, body: "Line 3 is wrong, @bob", anchor: { line: 3, section: "goal" } }, { now: at(1) });
      expect(first.version).toBe(2);
      expect(await refused(addComment(db, id, bob, { version: 1, body: "stale" }))).toMatchObject({ status: 409, details: { version: 2 } });
      const reply = await addComment(db, id, bob, { version: 2, body: "Fixed", parentId: first.commentId }, { now: at(2) });
      expect(await refused(addComment(db, id, bob, { version: reply.version, body: "x", parentId: "nope" }))).toMatchObject({ status: 404 });
      const resolved = await resolveComment(db, id, first.commentId, ann, { version: reply.version, resolved: true }, { now: at(3) });
      const assigned = await assignReview(db, id, ann, { version: resolved.version, assigneeId: "u-bob", assigneeName: "Bob" }, { now: at(4) });
      const verdict = await addVerdict(db, id, bob, { version: assigned.version, kind: "request_changes", body: "see line 3" }, { now: at(5) });
      expect(await refused(addVerdict(db, id, bob, { version: assigned.version, kind: "approve" }))).toMatchObject({ status: 409 });
      const detail = await getReview(db, id);
      expect(detail.version).toBe(verdict.version);
      expect(detail.assignee).toBe("Bob");
      expect(detail.comments.map((comment) => [comment.body, comment.parentId === first.commentId, comment.anchor.line, comment.resolvedByName])).toEqual([
        ["Line 3 is wrong, @bob", false, 3, "Ann"],
        ["Fixed", true, null, null],
      ]);
      expect(detail.comments[0]!.mentions).toEqual(["bob"]);
      expect(detail.verdicts).toMatchObject([{ kind: "request_changes", authorName: "Bob" }]);
      expect(detail.timeline.map((event) => event.kind)).toEqual(["comment", "comment", "resolved", "assigned", "verdict"]);
      expect(await listReviews(db, { mine: "u-bob" })).toEqual(expect.arrayContaining([expect.objectContaining({ id, assignee: "Bob" })]));
    });
  });
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`reviews follow the scans on ${provider.name}${provider.skip ? ` (${POSTGRES_SKIP_MESSAGE})` : ""}`, () => {
    let database: TestDatabase;
    let db: Db;
    const H = (phase: string) => `docs/ai/handoff/claude-code/2${phase.length}112026/handoff_${phase}.md`;
    const a = H("start");
    const b = H("continued");
    const repo = new GitFixture("review-sync");
    beforeAll(async () => {
      database = await provider.create();
      db = createDb(database.target);
    }, 120_000);
    afterAll(async () => {
      await db?.$disconnect();
      await database?.drop();
    });
    const scan = () => scanPaths([repo.root], { target: database.target });

    it("opens a review per open head, follows a new content (older verdicts go stale), and completes as continued when a successor appears", async () => {
      repo.write(a, handoffMarkdown({ phase: "start", path: a })).commit("a");
      await scan();
      const [opened] = await listReviews(db);
      expect(opened).toMatchObject({ handoffPath: a, state: "pending", version: 1, repo: path.resolve(repo.root) });
      expect((await getReview(db, opened!.id)).timeline.map((event) => `${event.kind}:${event.actorName}`)).toEqual(["opened:scan"]);
      // A second scan with nothing new changes nothing.
      await scan();
      expect((await listReviews(db)).map((review) => review.version)).toEqual([1]);

      const verdict = await addVerdict(db, opened!.id, ann, { version: 1, kind: "approve" });
      expect((await getReview(db, opened!.id)).verdicts[0]!.isStale).toBe(false);

      // The head's file is edited in the working tree: the review moves to the new content.
      repo.write(a, handoffMarkdown({ phase: "start", path: a, next: "Edited next action." }));
      await scan();
      const moved = await getReview(db, opened!.id);
      expect(moved.version).toBe(verdict.version + 1);
      expect(moved.handoff?.nextAction).toMatch(/Edited next action/);
      expect(moved.verdicts[0]!.isStale).toBe(true);
      expect(moved.timeline.at(-1)?.kind).toBe("content-changed");
      expect((await listReviews(db, { stale: true })).map((review) => review.id)).toEqual([opened!.id]);

      // A successor resumes from it: the review completes as "continued", the successor gets its own.
      repo.write(b, handoffMarkdown({ phase: "continued", path: b, previous: a })).commit("b");
      await scan();
      const continued = await getReview(db, opened!.id);
      expect(continued).toMatchObject({ state: "completed", resolution: "continued", successor: { path: b } });
      expect(continued.successor?.reviewId).toBeTruthy();
      const open = await listReviews(db);
      expect(open.map((review) => [review.handoffPath, review.state])).toEqual([[b, "pending"]]);
      expect(await reviewCounts(db)).toMatchObject({ open: 1, claimed: 0, blocked: 0, byState: { pending: 1, completed: 1 } });
    }, 60_000);
  });
}
