import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_ACTOR } from "../../core/access/actor";
import { createDb } from "../db/client";
import { scanPaths } from "../ingest/scan";
import { claimReview } from "../reviews/claim-review";
import { reviewActor } from "../reviews/review-actor";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { statusLine } from "./statusline";

const HANDOFF = "docs/ai/handoff/codex/01122026/handoff_start.md";

describe("baton statusline", () => {
  it("prints one line from Claude Code's context_window, with the next threshold and the open handoff", async () => {
    const repo = new GitFixture("statusline-repo");
    repo.write("README.md", "x\n").commit("init");
    repo.write(HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF })).commit("handoff");
    repo.write(".moai/config.json", JSON.stringify({ session: { context_budget: { warning_threshold_percent: 75, emergency_threshold_percent: 85 } } }));
    const env = { BATON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "baton-statusline-")), NODE_ENV: "test" as const };
    const stdin = (usage: object) => JSON.stringify({ session_id: "s", model: { id: "claude-sonnet-4-5", display_name: "Sonnet 4.5" }, workspace: { current_dir: repo.root }, context_window: { context_window_size: 200_000, current_usage: usage } });
    const line = await statusLine(stdin({ input_tokens: 3, cache_creation_input_tokens: 497, cache_read_input_tokens: 119_500, output_tokens: 30 }), { env });
    expect(line).toBe(`Sonnet 4.5 · context 60 % (handoff at 75 %) · open handoff: ${HANDOFF}`);
    // 85 % would come after Claude Code's own compaction (167,000 of 200,000): the guard asks at 78.5 %.
    expect(await statusLine(stdin({ input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 149_997 }), { env })).toContain("context 75 % (handoff at 78.5 %)");
    expect(await statusLine(stdin({ input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 159_997 }), { env })).toContain("context 80 % (past the handoff threshold: write the handoff)");
    // BATON_HANDOFF_AT=off: no guard threshold (outside a repo, no declared one either).
    expect(await statusLine(JSON.stringify({ context_window: { context_window_size: 200_000, used_percentage: 95 }, workspace: { current_dir: os.tmpdir() } }), { env: { ...env, BATON_HANDOFF_AT: "off" } })).toBe("context 95 % · no open handoff");
    // A 1M window compacts at 967,000: the repo's 85 % stays.
    expect(await statusLine(JSON.stringify({ context_window: { context_window_size: 1_000_000, used_percentage: 80 }, workspace: { current_dir: repo.root } }), { env })).toContain("context 80 % (handoff at 85 %)");
    expect(await statusLine(JSON.stringify({ context_window: { context_window_size: 200_000, used_percentage: 91 }, workspace: { current_dir: repo.root } }), { env: { ...env, BATON_HANDOFF_AT: "90" } })).toContain("context 91 % (past the handoff threshold: write the handoff)");
  });

  it("says something short, on one line, for stdin it cannot read", async () => {
    const env = { BATON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "baton-statusline-")), NODE_ENV: "test" as const };
    for (const input of ["", "garbage", "[]"]) {
      const line = await statusLine(input, { env });
      expect(line).not.toContain("\n");
      expect(line).toContain("Baton");
    }
    expect(await statusLine(JSON.stringify({ workspace: { current_dir: os.tmpdir() } }), { env })).toBe("context: no request yet · no open handoff");
  });

  describe("your review claim on the repo, instead of its open handoff", () => {
    const repo = new GitFixture("statusline-claims");
    repo.write("README.md", "x\n").commit("init");
    repo.write(HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF })).commit("handoff");
    const stdin = JSON.stringify({ model: { display_name: "Sonnet 4.5" }, workspace: { current_dir: repo.root }, context_window: { context_window_size: 1_000_000, used_percentage: 10 } });
    const freshEnv = () => ({ BATON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "baton-statusline-")), NODE_ENV: "test" as const });
    const servers: http.Server[] = [];
    afterAll(() => servers.forEach((server) => server.close()));

    /** A team server answering as /api/auth-check and /api/reviews?mine=1 do, after `delayMs`. */
    async function teamServer(reviews: object[], delayMs = 0): Promise<{ url: string; requests: string[] }> {
      const requests: string[] = [];
      const server = http.createServer((request, response) => {
        requests.push(`${request.url} ${request.headers.authorization}`);
        const body = request.url === "/api/auth-check" ? { kind: "token", userId: "u-ann", role: "member" } : { reviews, counts: {} };
        setTimeout(() => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body)), delayMs);
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
    }

    for (const provider of testProviders) it.skipIf(provider.skip)(`reads the single-user database (${provider.name}${provider.name === "sqlite" ? ", opened read-only" : ""}): the local user's live claim on this repo's handoff${provider.skip ? ` [${POSTGRES_SKIP_MESSAGE}]` : ""}`, async () => {
      const database = await provider.create();
      try {
        await scanPaths([repo.root], { target: database.target });
        const db = createDb(database.target);
        try {
          const review = await db.review.findFirstOrThrow({ where: { handoffPath: HANDOFF }, select: { id: true } });
          const claims = { kind: "database" as const, target: database.target };
          const claimTimeoutMs = 10_000; // the answer, not the time limit, is under test here
          expect(await statusLine(stdin, { env: freshEnv(), claims, claimTimeoutMs })).toContain(`open handoff: ${HANDOFF}`);
          const claimed = await claimReview(db, review.id, reviewActor(LOCAL_ACTOR), { now: new Date("2026-12-07T10:00:00Z"), leaseSeconds: 1800 });
          expect(await statusLine(stdin, { env: freshEnv(), claims, claimTimeoutMs, now: Date.parse("2026-12-07T10:05:00Z") })).toBe(`Sonnet 4.5 · context 10 % (handoff at 90 %) · your review claim: ${HANDOFF} (until ${claimed.claimExpiresAt.slice(11, 16)} UTC)`);
          // An expired claim is not yours any more.
          expect(await statusLine(stdin, { env: freshEnv(), claims, claimTimeoutMs, now: Date.parse("2026-12-07T11:00:00Z") })).toContain(`open handoff: ${HANDOFF}`);
        } finally {
          await db.$disconnect();
        }
      } finally {
        await database.drop();
      }
      if (provider.name !== "sqlite") return;
      // No database file at all: no claim, and none is created.
      const missing = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-nodb-")), "baton.db");
      expect(await statusLine(stdin, { env: freshEnv(), claims: { kind: "database", target: { provider: "sqlite", url: `file:${missing}`, filePath: missing } } })).toContain(`open handoff: ${HANDOFF}`);
    });

    it("asks the team server you are logged in to, matches the claim by the handoff's path in this checkout, and caches the answer", async () => {
      const until = new Date(Date.now() + 20 * 60_000).toISOString();
      const server = await teamServer([
        { handoffPath: HANDOFF, claimedBy: "u-ann", claimExpiresAt: until, isClaimLive: true },
        { handoffPath: "docs/ai/handoff/codex/01122026/handoff_elsewhere.md", claimedBy: "u-ann", claimExpiresAt: until },
        { handoffPath: HANDOFF, claimedBy: "u-bob", claimExpiresAt: until },
      ]);
      const env = freshEnv();
      const claims = { kind: "server" as const, server: server.url, token: "btn_test" };
      // The answer path, not the time limit (the next test's): a loaded machine may take past 300 ms.
      const claimTimeoutMs = 10_000;
      expect(await statusLine(stdin, { env, claims, claimTimeoutMs })).toContain(`your review claim: ${HANDOFF} (until ${until.slice(11, 16)} UTC)`);
      expect(server.requests.sort()).toEqual(["/api/auth-check Bearer btn_test", "/api/reviews?mine=1 Bearer btn_test"]);
      // Within the minute the answer comes from the cache: no request.
      expect(await statusLine(stdin, { env, claims, claimTimeoutMs })).toContain("your review claim:");
      expect(server.requests).toHaveLength(2);
      // Someone else's claim on it is not yours.
      const other = await teamServer([{ handoffPath: HANDOFF, claimedBy: "u-bob", claimExpiresAt: until }]);
      expect(await statusLine(stdin, { env: freshEnv(), claims: { kind: "server", server: other.url, token: "t" }, claimTimeoutMs })).toContain(`open handoff: ${HANDOFF}`);
    });

    it("`baton statusline` asks the server `baton login` stored (here BATON_SERVER + BATON_TOKEN), as `baton review` does", async () => {
      const until = new Date(Date.now() + 20 * 60_000).toISOString();
      const server = await teamServer([{ handoffPath: HANDOFF, claimedBy: "u-ann", claimExpiresAt: until }]);
      const result = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "../../../bin/baton.mjs"), "statusline"], { env: { ...process.env, ...freshEnv(), BATON_SERVER: server.url, BATON_TOKEN: "btn_cli", XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), "baton-config-")) }, stdio: ["pipe", "pipe", "ignore"] });
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.on("close", (status) => resolve({ status, stdout }));
        child.stdin.end(stdin);
      });
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toBe(`Sonnet 4.5 · context 10 % (handoff at 90 %) · your review claim: ${HANDOFF} (until ${until.slice(11, 16)} UTC)`);
      expect(server.requests).toContain("/api/reviews?mine=1 Bearer btn_cli");
    }, 120_000);

    it("never waits on a slow server past ~300 ms: the line goes out without the claim, and the log says why", async () => {
      const server = await teamServer([{ handoffPath: HANDOFF, claimedBy: "u-ann", claimExpiresAt: new Date(Date.now() + 20 * 60_000).toISOString() }], 10_000);
      const env = freshEnv();
      expect(await statusLine(stdin, { env, claims: { kind: "server", server: server.url, token: "t" } })).toContain(`open handoff: ${HANDOFF}`);
      expect(readFileSync(path.join(env.BATON_DATA_DIR, "logs", "agent-loop.log"), "utf8")).toContain(`statusline: review claim not known: ${server.url}: no answer within 300 ms`);
      const closed = await teamServer([]);
      servers.at(-1)!.close();
      expect(await statusLine(stdin, { env: freshEnv(), claims: { kind: "server", server: closed.url, token: "t" } })).toContain(`open handoff: ${HANDOFF}`);
    });
  });
});
