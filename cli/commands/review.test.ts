/**
 * `baton review …` and `baton resume --claim`: on the local database (single-user) against a scanned
 * fixture repo, and through the team server's routes with a stored token (fetch stubbed: the request
 * the CLI sends, and how it reports a 409).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db } from "../../lib/server/db/client";
import { GitFixture, handoffMarkdown } from "../../lib/server/test-support/git-fixture";
import { createSqliteTestDatabase, type TestDatabase } from "../../lib/server/test-support/test-database";
import { main } from "../baton";
import type { Io } from "../io";

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (text) => out.push(text), err: (text) => err.push(text), isTty: false };
  const code = await main(argv, io);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const first = "docs/ai/handoff/claude-code/20112026/handoff_start.md";
const other = "docs/ai/handoff/codex/21112026/handoff_other.md";

describe("baton review on the local database", () => {
  let database: TestDatabase;
  let db: Db;
  const repo = new GitFixture("review-cli");
  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    vi.stubEnv("DATABASE_URL", database.target.url);
    // No stored token: the CLI acts locally.
    vi.stubEnv("XDG_CONFIG_HOME", mkdtempSync(path.join(os.tmpdir(), "baton-review-cli-")));
    vi.stubEnv("BATON_SERVER", "");
    vi.stubEnv("BATON_TOKEN", "");
    db = createDb(database.target);
    repo.write(first, handoffMarkdown({ phase: "start", path: first }));
    repo.write(other, handoffMarkdown({ phase: "other", runtime: "codex", path: other }));
    repo.commit("handoffs");
    expect((await run(["scan", repo.root])).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await db?.$disconnect();
    await database?.drop();
  });

  const reviewOf = async (handoffPath: string) => (await db.review.findFirstOrThrow({ where: { handoffPath } })).id;

  it("lists the open reviews (text and --json)", async () => {
    const text = await run(["review", "list"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("2 open · 0 claimed · 0 blocked");
    expect(text.stdout).toContain(first);
    const json = await run(["review", "list", "--json"]);
    const parsed = JSON.parse(json.stdout) as { reviews: { handoffPath: string; state: string }[] };
    expect(parsed.reviews.map((review) => [review.handoffPath, review.state]).sort()).toEqual([[first, "pending"], [other, "pending"]].sort());
  });

  it("claim, block (needs a reason), comment on a line, show, done, release", async () => {
    const id = await reviewOf(first);
    const claim = await run(["review", "claim", id]);
    expect(claim).toMatchObject({ code: 0, stdout: expect.stringMatching(/^claimed .* until .*min left/) });
    expect((await run(["review", "block", id])).code).toBe(2);
    expect(await run(["review", "block", id, "--reason", "waiting on CI"])).toMatchObject({ code: 0, stdout: `${id} is now Blocked` });
    const comment = await run(["review", "comment", id, "-m", "Which tests, @ann?", "--line", "3"]);
    expect(comment).toMatchObject({ code: 0, stdout: expect.stringContaining("(line 3)") });
    const shown = JSON.parse((await run(["review", "show", id, "--json"])).stdout) as { state: string; blockedReason: string; comments: { anchor: { line: number }; mentions: string[] }[]; timeline: { kind: string }[] };
    expect(shown).toMatchObject({ state: "blocked", blockedReason: "waiting on CI", comments: [{ anchor: { line: 3 }, mentions: ["ann"] }] });
    expect(shown.timeline.map((event) => event.kind)).toEqual(["opened", "claimed", "transition", "comment"]);
    const text = await run(["review", "show", id]);
    expect(text.stdout).toMatch(/local user L3: Which tests, @ann\?/);
    // blocked → completed is not a move: refused, exit 1.
    expect(await run(["review", "done", id])).toMatchObject({ code: 1, stderr: expect.stringMatching(/a blocked review cannot move to completed/) });
    expect(await run(["review", "fail", id, "--reason", "wrong branch"])).toMatchObject({ code: 0, stdout: `${id} is now Failed` });
    expect((await run(["review", "release", id])).code).toBe(1);
  });

  it("someone else's live claim: claim, resume --claim and done exit 1 naming who holds it until when", async () => {
    const id = await reviewOf(other);
    const until = new Date(Date.now() + 10 * 60_000);
    await db.review.update({ where: { id }, data: { claimedBy: "u-ann", claimedByName: "Ann", claimExpiresAt: until, state: "in_progress", version: { increment: 1 } } });
    const held = await run(["review", "claim", id]);
    expect(held).toMatchObject({ code: 1, stderr: `baton: claimed by Ann until ${until.toISOString()}` });
    const json = await run(["review", "claim", id, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 409, heldBy: "Ann", claimExpiresAt: until.toISOString() });
    expect(await run(["review", "done", id])).toMatchObject({ code: 1, stderr: expect.stringContaining("claimed by Ann") });
    const resumed = await run(["resume", repo.root, other, "--claim", "--command"]);
    expect(resumed).toMatchObject({ code: 1, stdout: "", stderr: expect.stringContaining(`not resuming: claimed by Ann until ${until.toISOString()}`) });
    // Once Ann's lease is over, resume --claim takes it and prints the command.
    await db.review.update({ where: { id }, data: { claimExpiresAt: new Date(Date.now() - 1000) } });
    const taken = await run(["resume", repo.root, other, "--claim", "--command"]);
    expect(taken).toMatchObject({ code: 0, stderr: expect.stringContaining(`claimed review ${id}`) });
    expect(taken.stdout).toContain("git checkout");
    expect((await db.review.findUniqueOrThrow({ where: { id } })).claimedBy).toBe("local");
  }, 60_000);

  it("usage errors exit 2", async () => {
    expect((await run(["review"])).code).toBe(2);
    expect((await run(["review", "frobnicate"])).code).toBe(2);
    expect((await run(["review", "claim"])).code).toBe(2);
    expect((await run(["review", "comment", "x"])).code).toBe(2);
    expect((await run(["review", "list", "--state", "open"])).code).toBe(2);
    expect(await run(["review", "show", "nope"])).toMatchObject({ code: 1, stderr: expect.stringMatching(/no review nope/) });
  });
});

describe("baton review through the team server", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("sends the token and the current version; a 409 becomes one line naming the holder", async () => {
    vi.stubEnv("XDG_CONFIG_HOME", mkdtempSync(path.join(os.tmpdir(), "baton-review-cli-")));
    vi.stubEnv("BATON_SERVER", "http://team.test:3000");
    vi.stubEnv("BATON_TOKEN", "bt_secret");
    const calls: { method: string; url: string; body: unknown; auth: string | null }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, auth: new Headers(init.headers).get("authorization") });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (url.endsWith("/api/reviews/r1")) return json(200, { id: "r1", version: 7 });
      if (url.endsWith("/claim")) return json(409, { error: "claimed", heldBy: "Ann", claimExpiresAt: "2026-12-02T10:15:00.000Z" });
      if (url.endsWith("/comments")) return json(200, { version: 8, commentId: "c1" });
      return json(404, { error: "not found" });
    });
    expect(await run(["review", "claim", "r1"])).toMatchObject({ code: 1, stderr: "baton: http://team.test:3000: claimed by Ann until 2026-12-02T10:15:00.000Z" });
    expect(await run(["review", "comment", "r1", "-m", "looks good", "--section", "goal"])).toMatchObject({ code: 0 });
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", url: "http://team.test:3000/api/reviews/r1/claim", body: {}, auth: "Bearer bt_secret" },
      { method: "POST", url: "http://team.test:3000/api/reviews/r1/comments", body: { version: 7, body: "looks good", anchor: { section: "goal" }, parentId: null }, auth: "Bearer bt_secret" },
    ]);
  });
});
