/**
 * The review routes in-process, on a SQLite file: status codes and bodies as CONTRACTS.md fixes them
 * (200 / 409 `{ heldBy, claimExpiresAt }` / 409 stale `{ version }`), 415 without JSON, 403 for a viewer
 * on the team server, and the rendered parts of a review (sections, comment markdown with mentions).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../core/access/actor";
import { registerTeamActorResolver } from "../access/require-access";
import { createDb, type Db } from "../db/client";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import * as listRoute from "../../../app/api/reviews/route";
import * as detailRoute from "../../../app/api/reviews/[id]/route";
import * as claimRoute from "../../../app/api/reviews/[id]/claim/route";
import * as releaseRoute from "../../../app/api/reviews/[id]/release/route";
import * as transitionRoute from "../../../app/api/reviews/[id]/transition/route";
import * as commentsRoute from "../../../app/api/reviews/[id]/comments/route";
import * as resolveRoute from "../../../app/api/reviews/[id]/comments/[commentId]/resolve/route";
import * as verdictsRoute from "../../../app/api/reviews/[id]/verdicts/route";
import * as assignRoute from "../../../app/api/reviews/[id]/assign/route";

let database: TestDatabase;
let db: Db;
let reviewId: string;

beforeAll(async () => {
  database = await createSqliteTestDatabase();
  vi.stubEnv("DATABASE_URL", database.target.url);
  db = createDb(database.target);
  const repo = await db.source.create({ data: { kind: "repo", root: "/tmp/r", label: "r", repo: { create: { path: "/tmp/r", name: "r" } } }, include: { repo: true } });
  const content = "# Handoff\n\n## Goal\nShip **it**.\n\n## Next action\nRun the tests.\n";
  await db.handoff.create({
    data: { id: "h1", repoId: repo.repo!.id, path: "docs/handoff/a.md", blobSha: "b1", branch: "main", committed: true, inWorkingTree: false, parsed: "{}", content, searchText: "", sizeBytes: content.length, nextAction: "Run the tests." },
  });
  reviewId = (await db.review.create({ data: { handoffId: "h1", repoId: repo.repo!.id, handoffPath: "docs/handoff/a.md" } })).id;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  registerTeamActorResolver(null);
  await db?.$disconnect();
  await database?.drop();
});

const params = (id: string, commentId?: string) => ({ params: Promise.resolve({ id, ...(commentId ? { commentId } : {}) }) });
const post = (path: string, body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) => new Request(`http://127.0.0.1${path}`, { method: "POST", headers, body: JSON.stringify(body) });
const get = (path: string) => new Request(`http://127.0.0.1${path}`);
async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { reviews?: Record<string, unknown>[] } };
}

describe("review routes, single-user", () => {
  it("claims (200 with the lease), lists, transitions, refuses a stale version with 409 and the current one", async () => {
    expect((await json(await claimRoute.POST(post(`/api/reviews/${reviewId}/claim`, {}, {}), params(reviewId)))).status).toBe(415);
    const claim = await json(await claimRoute.POST(post(`/api/reviews/${reviewId}/claim`, {}), params(reviewId)));
    expect(claim).toMatchObject({ status: 200, body: { claimedBy: "local", version: 2, claimExpiresAt: expect.stringMatching(/Z$/) } });
    const list = await json(await listRoute.GET(get("/api/reviews?mine=1")));
    expect(list.body.reviews).toEqual([expect.objectContaining({ id: reviewId, handoffId: "h1", handoffPath: "docs/handoff/a.md", repo: "/tmp/r", state: "in_progress", claimedBy: "local", version: 2 })]);
    expect(list.body).toMatchObject({ counts: { open: 1, claimed: 1, blocked: 0 } });
    const stale = await json(await transitionRoute.POST(post(`/api/reviews/${reviewId}/transition`, { version: 1, to: "blocked", reason: "x" }), params(reviewId)));
    expect(stale).toMatchObject({ status: 409, body: { version: 2, error: expect.stringMatching(/stale/) } });
    expect((await json(await transitionRoute.POST(post(`/api/reviews/${reviewId}/transition`, { version: 2, to: "nowhere" }), params(reviewId)))).status).toBe(400);
    const blocked = await json(await transitionRoute.POST(post(`/api/reviews/${reviewId}/transition`, { version: 2, to: "blocked", reason: "waiting on CI" }), params(reviewId)));
    expect(blocked).toMatchObject({ status: 200, body: { version: 3, state: "blocked" } });
  });

  it("comments on a line, resolves, gives a verdict, assigns; the detail renders sections and mentions", async () => {
    const comment = await json(await commentsRoute.POST(post(`/api/reviews/${reviewId}/comments`, { version: 3, body: "Which tests, @ann?", anchor: { line: 7, section: "next-action" } }), params(reviewId)));
    expect(comment).toMatchObject({ status: 200, body: { version: 4 } });
    const commentId = comment.body.commentId as string;
    expect((await json(await resolveRoute.POST(post(`/api/reviews/${reviewId}/comments/${commentId}/resolve`, { version: 4 }), params(reviewId, commentId)))).body).toMatchObject({ version: 5 });
    expect((await json(await verdictsRoute.POST(post(`/api/reviews/${reviewId}/verdicts`, { version: 5, kind: "approve" }), params(reviewId)))).body).toMatchObject({ version: 6 });
    expect((await json(await assignRoute.POST(post(`/api/reviews/${reviewId}/assign`, { version: 6, assigneeId: "me" }), params(reviewId)))).body).toMatchObject({ version: 7 });
    const detail = await json(await detailRoute.GET(get(`/api/reviews/${reviewId}?html=1`), params(reviewId)));
    expect(detail.status).toBe(200);
    const body = detail.body as unknown as { sections: { key: string | null; startLine: number; rendered: { html: string } }[]; comments: { rendered: { html: string }; anchor: unknown; resolvedByName: string }[]; verdicts: { isStale: boolean }[]; assignee: string; timeline: { kind: string }[] };
    expect(body.sections.map((section) => [section.key, section.startLine])).toEqual([["handoff", 1], ["goal", 3], ["next-action", 6]]);
    expect(body.sections[1]!.rendered.html).toContain("<strong>it</strong>");
    expect(body.comments[0]).toMatchObject({ anchor: { line: 7, section: "next-action" }, resolvedByName: "local user" });
    expect(body.comments[0]!.rendered.html).toContain('<span class="mention" data-mention="ann">@ann</span>');
    expect(body.verdicts).toEqual([expect.objectContaining({ isStale: false })]);
    expect(body.assignee).toBe("local user");
    expect(body.timeline.map((event) => event.kind)).toEqual(["claimed", "transition", "comment", "resolved", "verdict", "assigned"]);
    expect((await json(await detailRoute.GET(get("/api/reviews/nope"), params("nope")))).status).toBe(404);
  });
});

describe("review routes on the team server", () => {
  const ann: Actor = { kind: "user", userId: "u-ann", email: "ann@example.test", name: "Ann", role: "member", tokenId: null };
  const bob: Actor = { ...ann, userId: "u-bob", email: "bob@example.test", name: "Bob" };
  const vic: Actor = { ...ann, userId: "u-vic", name: "Vic", role: "viewer" };
  let as: Actor = ann;
  beforeAll(async () => {
    vi.stubEnv("BATON_TEAM", "1");
    registerTeamActorResolver(async () => ({ actor: as, scopes: null }));
    // The single-user part left it blocked and claimed by the local user: reopen for these.
    await db.review.update({ where: { id: reviewId }, data: { state: "pending", claimedBy: null, claimedByName: null, claimExpiresAt: null } });
  });

  it("A claims; B is refused with 409 naming A and the lease's end; B cannot release it; a viewer gets 403", async () => {
    as = ann;
    const claim = await json(await claimRoute.POST(post(`/api/reviews/${reviewId}/claim`, {}), params(reviewId)));
    expect(claim).toMatchObject({ status: 200, body: { claimedBy: "u-ann" } });
    as = bob;
    const refused = await json(await claimRoute.POST(post(`/api/reviews/${reviewId}/claim`, {}), params(reviewId)));
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ heldBy: "Ann", claimExpiresAt: claim.body.claimExpiresAt }) });
    expect((await json(await releaseRoute.POST(post(`/api/reviews/${reviewId}/release`, { version: claim.body.version, force: true }), params(reviewId)))).status).toBe(403);
    as = vic;
    expect((await json(await claimRoute.POST(post(`/api/reviews/${reviewId}/claim`, {}), params(reviewId)))).status).toBe(403);
    expect((await json(await listRoute.GET(get("/api/reviews")))).status).toBe(200);
  });
});
