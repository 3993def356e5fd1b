/**
 * The six holes an attack on the team server found (issue 28), each shut and tested against a team
 * server (BATON_TEAM=1, as `baton serve --team` sets it) on a PostgreSQL database of its own, port
 * BATON_E2E_PORT + 700. The server trusts one reverse proxy, 127.0.0.2 (BATON_TRUSTED_PROXIES): requests
 * sent from that local address stand for a proxy's, the others for a client's straight to the server.
 * 1. sign-in limits: a client's own X-Forwarded-For is ignored; a per-account limit with backoff holds
 *    against many addresses, and never shuts the account's owner out (a known address still gets in);
 * 2. secrets typed into comments, verdicts and block reasons are masked before they are stored;
 * 3. revoking a token, signing a session out or removing a member ends their open event streams in 5 s;
 * 4. an 11 MB OTLP body to /otlp/<token>/… is refused 413 by Baton, and no log line holds the token;
 * 5. an unsigned webhook answers the same 401 for a mirrored repository and any other;
 * 6. a 12 MB push is stored whole; past 64 MB it is refused 413 in words.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { packSamples, type StoredSample } from "../lib/core/sessions/sample-pack";
import { expect, revealingStreams, test, oncePerRun } from "./fixtures/test";
import { freshTeamDatabase, openEventStream, rawRequest, runBaton, startTeamServer, stopServer, waitForHealth as waitForServerHealth, type RawAnswer } from "./fixtures/team-server";
import { shot } from "./screenshot";

const baseDatabaseUrl = process.env.BATON_TEST_DATABASE_URL?.startsWith("postgres") ? process.env.BATON_TEST_DATABASE_URL : undefined;
const port = Number(process.env.BATON_E2E_PORT ?? 3107) + 700;
const origin = `http://127.0.0.1:${port}`;
const PROXY = "127.0.0.2";
const ADA = { email: "ada@example.com", password: "ada's long password", name: "Ada Lovelace" };
const BEN = { email: "ben@example.com", password: "ben's long password", name: "Ben Okafor" };
const VIC = { email: "vic@example.com", password: "vic's long password", name: "Vic Ortiz" };

test.skip(!baseDatabaseUrl, "skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
oncePerRun(test, "postgres", "its team server has a PostgreSQL database of its own");
test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: ChildProcess | null = null;
let serverLog = "";
let databaseUrl = "";
let dropDatabase: (() => Promise<void>) | null = null;
let env: Record<string, string | undefined> = {};

const baton = (args: string[], input = "") => runBaton(env, args, input);
const json = (answer: RawAnswer) => JSON.parse(answer.text) as Record<string, unknown>;

/** A sign-in attempt, from a client straight to the server or (`via: PROXY`) through the trusted proxy. */
function signIn(user: { email: string; password: string }, options: { forwardedFor?: string; via?: string } = {}): Promise<RawAnswer> {
  return rawRequest({
    port,
    path: "/api/auth/sign-in/email",
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}) },
    body: Buffer.from(JSON.stringify({ email: user.email, password: user.password })),
    localAddress: options.via,
  });
}

function sessionCookie(answer: RawAnswer): string {
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const cookie = cookies.map((line) => line.split(";")[0]!).find((pair) => pair.startsWith("baton.session_token="));
  if (!cookie) throw new Error(`no session cookie (${answer.status} ${answer.text})`);
  return cookie;
}

/** A token made on the server's machine (`baton token create`), printed alone on stdout. */
function createToken(email: string, name: string): string {
  const made = baton(["token", "create", "--user", email, "--name", name]);
  expect(made.code, made.stderr).toBe(0);
  return made.stdout.trim();
}

test.beforeAll(async () => {
  // It starts a team server (a database, its migrations, `next start`): minutes on a loaded machine, not the test timeout.
  test.setTimeout(180_000);
  const database = await freshTeamDatabase(baseDatabaseUrl!, `baton_e2e_holes_${process.pid}`);
  databaseUrl = database.url;
  dropDatabase = database.drop;
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    BATON_DATA_DIR: path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data", "team-holes"),
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  expect(baton(["user", "add", ADA.email, "--name", ADA.name, "--role", "admin"], ADA.password)).toMatchObject({ code: 0 });
  expect(baton(["user", "add", BEN.email, "--name", BEN.name, "--role", "member"], BEN.password)).toMatchObject({ code: 0 });
  expect(baton(["user", "add", VIC.email, "--name", VIC.name, "--role", "viewer"], VIC.password)).toMatchObject({ code: 0 });
  expect(baton(["demo"]).code).toBe(0);
  // Everything the server prints is kept, to search for tokens (hole 4).
  server = startTeamServer(env, port, { BATON_AUTH_SECRET: "e2e-holes-secret-0123456789abcdef-0123456789", BATON_TRUSTED_PROXIES: PROXY }, (text) => (serverLog += text));
  await waitForServerHealth(origin);
});

test.afterAll(async () => {
  await stopServer(server);
  await dropDatabase?.();
});

test("1. a client's own X-Forwarded-For does not get it past the sign-in limit", async () => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 8; attempt += 1) {
    statuses.push((await signIn({ email: ADA.email, password: "wrong password" }, { forwardedFor: `203.0.113.${attempt}` })).status);
  }
  // better-auth's limit (3 in 10 s per address) counts the socket's address, whatever the header says.
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.slice(3)).toEqual([429, 429, 429, 429, 429]);
  const right = await signIn(ADA, { forwardedFor: "203.0.113.99" });
  expect(right.status).toBe(429);
});

test("1. many addresses through a trusted proxy meet the per-account limit: 429 with a growing wait, never a wall for the owner", async () => {
  const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 150));
  let next = 1;
  const guess = () => signIn({ email: BEN.email, password: "a guess" }, { via: PROXY, forwardedFor: `192.0.2.${next++}` });
  /** Guesses from new addresses, as an attacker who honours the waits would, until the wait is at least `seconds`; the last 429. */
  const attackUntilWait = async (seconds: number): Promise<RawAnswer> => {
    for (;;) {
      const answer = await guess();
      if (answer.status === 429) {
        expect(json(answer)).toMatchObject({ code: "TOO_MANY_ATTEMPTS_FOR_ACCOUNT" });
        const wait = Number(answer.headers["retry-after"]);
        if (wait >= seconds) return answer;
        await sleep(wait);
      } else expect(answer.status).toBe(401);
    }
  };
  // Ben signs in from his usual address first: a known address for his account.
  expect((await signIn(BEN, { via: PROXY, forwardedFor: "198.51.100.7" })).status).toBe(200);

  // Five guesses from five addresses are heard (the per-address limit never sees more than one each)…
  for (let attempt = 1; attempt <= 5; attempt += 1) expect((await guess()).status).toBe(401);
  // …the sixth waits: 429 with Retry-After, and the waits double as guessing goes on.
  const first = await guess();
  expect(first.status).toBe(429);
  expect(Number(first.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  const held = await attackUntilWait(4);
  const wait = Number(held.headers["retry-after"]);
  expect(wait).toBeLessThanOrEqual(300);

  // While the account waits, the right password from a new address waits too…
  expect((await signIn(BEN, { via: PROXY, forwardedFor: "203.0.113.50" })).status).toBe(429);
  // …but Ben at his known address is not held by what others tried.
  expect((await signIn(BEN, { via: PROXY, forwardedFor: "198.51.100.7" })).status).toBe(200);
  // Backoff, not a wall: once the wait has passed, the right password from a new address gets in.
  await sleep(wait);
  expect((await signIn(BEN, { via: PROXY, forwardedFor: "203.0.113.51" })).status).toBe(200);
});

test("2. secrets typed into a comment, a verdict and a block reason are masked before they are stored", async ({ browser }) => {
  const aws = `AKIA${randomBytes(12).toString("hex").toUpperCase().slice(0, 16)}`;
  const alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const github = `ghp_${[...randomBytes(36)].map((byte) => alphanumeric[byte % alphanumeric.length]).join("")}`;
  const token = createToken(BEN.email, "reviews");
  const call = async (method: string, address: string, body?: unknown) => {
    const response = await fetch(`${origin}${address}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const { body: list } = await call("GET", "/api/reviews?state=pending");
  const reviewId = (list.reviews as { id: string }[])[0]!.id;
  const claimed = await call("POST", `/api/reviews/${reviewId}/claim`, {});
  expect(claimed.status).toBe(200);
  let version = claimed.body.version as number;
  const comment = await call("POST", `/api/reviews/${reviewId}/comments`, { version, body: `Deploy with \`${aws}\` and the token ${github} (rotate both).` });
  expect(comment.status).toBe(200);
  expect(comment.body).toMatchObject({ secretsMasked: 2 });
  version = comment.body.version as number;
  const verdict = await call("POST", `/api/reviews/${reviewId}/verdicts`, { version, kind: "request_changes", body: `the key ${aws} is in the handoff` });
  expect(verdict.status).toBe(200);
  version = verdict.body.version as number;
  const blocked = await call("POST", `/api/reviews/${reviewId}/transition`, { version, to: "blocked", reason: `waiting for a new token; the old one was ${github}` });
  expect(blocked.status).toBe(200);

  // Every reader, a viewer too, gets the masks (type + last 4), never the secret.
  const viewerToken = createToken(VIC.email, "reading");
  const read = await fetch(`${origin}/api/reviews/${reviewId}`, { headers: { authorization: `Bearer ${viewerToken}` } });
  const text = await read.text();
  expect(read.status).toBe(200);
  for (const secret of [aws, github]) expect(text).not.toContain(secret);
  expect(text).toContain(`[secret:aws-access-key …${aws.slice(-4)}]`);
  expect(text).toContain(`[secret:github-token …${github.slice(-4)}]`);

  // The whole database, as pg_dump writes it: neither secret anywhere.
  const dump = spawnSync("pg_dump", ["--data-only", databaseUrl], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
  if (dump.status === 0) {
    expect(dump.stdout).toContain(`…${aws.slice(-4)}]`);
    for (const secret of [aws, github]) expect(dump.stdout).not.toContain(secret);
  } else {
    // No pg_dump on this machine: every row of every table, read back as text.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = (await client.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).rows;
    let all = "";
    for (const table of tables) all += JSON.stringify((await client.query(`SELECT * FROM "${table.name}"`)).rows);
    await client.end();
    for (const secret of [aws, github]) expect(all).not.toContain(secret);
  }

  // The page says a secret was masked.
  const context = await browser.newContext({ baseURL: origin });
  const signedIn = await signIn(VIC, { via: PROXY, forwardedFor: "198.51.100.30" });
  await context.addCookies([{ name: "baton.session_token", value: decodeURIComponent(sessionCookie(signedIn).split("=").slice(1).join("=")), url: origin }]);
  const page = revealingStreams(await context.newPage());
  await page.goto(`/reviews/${reviewId}`);
  await expect(page.getByTestId("comment").first()).toContainText(`[secret:aws-access-key …${aws.slice(-4)}]`);
  await expect(page.getByTestId("secrets-masked").first()).toHaveText("2 secrets masked");
  await expect(page.getByText(aws)).toHaveCount(0);
  await shot(page, "team-secret-masked");
  await context.close();
});

test("3. a revoked token, a signed-out session and a removed member lose their open event streams within 5 s", async () => {
  // A token revoked from the command line (another process: the news travels by PostgreSQL NOTIFY).
  const token = createToken(BEN.email, "live laptop");
  const tokenStream = await openEventStream(origin, { authorization: `Bearer ${token}` });
  const tokenId = (JSON.parse(baton(["token", "list", "--user", BEN.email, "--json"]).stdout) as { tokens: { id: string; name: string }[] }).tokens.find((entry) => entry.name === "live laptop")!.id;
  tokenStream.since();
  expect(baton(["token", "revoke", tokenId, "--user", BEN.email]).code).toBe(0);
  const tokenEnded = await Promise.race([tokenStream.ended, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5_000))]);
  test.info().annotations.push({ type: "token stream ended after (ms)", description: String(tokenEnded) });
  expect(tokenEnded).toBeLessThan(5_000);
  expect((await fetch(`${origin}/api/events`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

  // A browser session signed out.
  const cookie = sessionCookie(await signIn(BEN, { via: PROXY, forwardedFor: "198.51.100.40" }));
  const sessionStream = await openEventStream(origin, { cookie });
  sessionStream.since();
  const signOut = await fetch(`${origin}/api/auth/sign-out`, { method: "POST", headers: { cookie, origin, "content-type": "application/json" }, body: "{}" });
  expect(signOut.status).toBe(200);
  const sessionEnded = await Promise.race([sessionStream.ended, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5_000))]);
  test.info().annotations.push({ type: "session stream ended after (ms)", description: String(sessionEnded) });
  expect(sessionEnded).toBeLessThan(5_000);

  // A member removed by an admin: their token's stream ends.
  const TMP = { email: "tmp@example.com", password: "tmp's long password" };
  expect(baton(["user", "add", TMP.email, "--name", "Tam Parker", "--role", "member"], TMP.password).code).toBe(0);
  const tmpToken = createToken(TMP.email, "tmp laptop");
  const memberStream = await openEventStream(origin, { authorization: `Bearer ${tmpToken}` });
  const adaToken = createToken(ADA.email, "admin");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tmpId = (await client.query<{ id: string }>(`SELECT "id" FROM "User" WHERE "email" = $1`, [TMP.email])).rows[0]!.id;
  await client.end();
  memberStream.since();
  expect((await fetch(`${origin}/api/team/members/${tmpId}`, { method: "DELETE", headers: { authorization: `Bearer ${adaToken}` } })).status).toBe(200);
  const memberEnded = await Promise.race([memberStream.ended, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5_000))]);
  test.info().annotations.push({ type: "removed member's stream ended after (ms)", description: String(memberEnded) });
  expect(memberEnded).toBeLessThan(5_000);
  // A stream whose credential still holds stays open.
  const adaStream = await openEventStream(origin, { authorization: `Bearer ${adaToken}` });
  adaStream.since();
  expect(await Promise.race([adaStream.ended, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 3_000))])).toBe(Infinity);
  adaStream.close();
});

test("4. an 11 MB OTLP body to /otlp/<token>/… is Baton's 413, and nothing the server logs holds the token", async () => {
  const token = createToken(BEN.email, "otlp");
  const body = Buffer.alloc(11 * 1024 * 1024, 0x61);
  const declared = await rawRequest({ port, path: `/otlp/${token}/v1/logs`, method: "POST", headers: { "content-type": "application/json", "content-length": String(body.length) }, body });
  expect(declared.status).toBe(413);
  expect(declared.text).toContain("over 5 MB");
  // The same without a Content-Length (chunked): counted as it arrives, refused at 5 MB.
  const chunks = Array.from({ length: 11 }, () => Buffer.alloc(1024 * 1024, 0x62));
  const chunked = await rawRequest({ port, path: `/otlp/${token}/v1/logs`, method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, body: chunks });
  expect(chunked.status).toBe(413);
  // A request that fails inside (a body that does not decode) is logged, if at all, without the token.
  const bad = await rawRequest({ port, path: `/otlp/${token}/v1/logs`, method: "POST", headers: { "content-type": "application/x-protobuf" }, body: Buffer.from([0xff, 0xff, 0xff]) });
  expect(bad.status).toBe(400);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(serverLog).not.toContain(token);
  expect(serverLog).not.toContain(token.slice(4, 20));
});

test("5. an unsigned webhook answers the same 401 whether or not the repository is mirrored", async () => {
  const mirrored = "https://github.com/acme/mirrored.git";
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `INSERT INTO "Remote" ("id", "name", "fetchUrl", "displayUrl", "mirrorPath", "webhookSecret", "createdBy", "createdByName") VALUES ('remote-holes', 'mirrored', $1, $1, '/nonexistent/mirrored.git', 'a-webhook-secret', 'test', 'test')`,
    [mirrored],
  );
  await client.end();
  const deliver = (cloneUrl: string, signature?: string) =>
    fetch(`${origin}/api/hooks/github`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": "push", ...(signature ? { "x-hub-signature-256": signature } : {}) },
      body: JSON.stringify({ ref: "refs/heads/main", repository: { clone_url: cloneUrl } }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
  const known = await deliver(mirrored);
  const unknown = await deliver("https://github.com/acme/not-mirrored.git");
  expect(known.status).toBe(401);
  expect(unknown).toEqual(known);
  const forged = `sha256=${"0".repeat(64)}`;
  const knownForged = await deliver(mirrored, forged);
  expect(knownForged.status).toBe(401);
  expect(await deliver("https://github.com/acme/not-mirrored.git", forged)).toEqual(knownForged);
});

test("6. a 12 MB push is stored whole; past 64 MB the answer is a 413 in words", async () => {
  const token = createToken(BEN.email, "push");
  const samples: StoredSample[] = [];
  for (let index = 0; index < 70_000; index += 1) {
    samples.push({
      key: `msg_${index.toString(36).padStart(8, "0")}_${randomBytes(24).toString("hex")}`,
      agentId: "",
      timestampMs: Date.UTC(2026, 11, 1, 9) + index * 1000,
      model: "claude-sonnet-4-5",
      contextTokens: 1000 + index,
      toolResultTokens: null,
      responseId: `req_${randomBytes(24).toString("hex")}`,
      isSidechain: false,
      inputTokens: 10,
      cacheWriteTokens: 100,
      cacheReadTokens: 1000,
      outputTokens: 50,
      reasoningTokens: 0,
    });
  }
  const payload = JSON.stringify({
    sessions: [
      { runtime: "claude-code", sessionId: "big-session-12mb", cwd: "/work/big", branch: "main", models: ["claude-sonnet-4-5"], startedAt: "2026-12-01T09:00:00.000Z", endedAt: "2026-12-02T04:00:00.000Z", logContextWindow: null, subagents: [], compactions: [], samples: packSamples(samples), requests: samples.length },
    ],
  });
  expect(payload.length).toBeGreaterThan(12 * 1024 * 1024);
  const pushed = await rawRequest({ port, path: "/api/push", method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) }, body: Buffer.from(payload) });
  expect(pushed.status, pushed.text.slice(0, 300)).toBe(200);
  expect(json(pushed)).toMatchObject({ stored: [{ sessionId: "big-session-12mb", requests: 70_000 }] });
  const listed = (await (await fetch(`${origin}/api/sessions?sessionId=big-session-12mb`, { headers: { authorization: `Bearer ${token}` } })).json()) as { sessions: { requests: number; inputTokens: number }[] };
  expect(listed.sessions).toMatchObject([{ requests: 70_000, inputTokens: 700_000 }]);

  // Past the documented 64 MB, sent without a Content-Length: counted as it arrives and refused.
  const chunks = Array.from({ length: 65 }, () => Buffer.alloc(1024 * 1024, 0x20));
  const tooBig = await rawRequest({ port, path: "/api/push", method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" }, body: chunks });
  expect(tooBig.status).toBe(413);
  expect(json(tooBig).error).toMatch(/over 64 MB/);
});

test("the review page and Connect page as people meet them: no version numbers, one claim, a comment box at the top, code in comments, no snippets for a viewer", async ({ browser }) => {
  const open = async (user: { email: string; password: string }, address: string, forwardedFor: string) => {
    const answer = await signIn(user, { via: PROXY, forwardedFor });
    expect(answer.status).toBe(200);
    const context = await browser.newContext({ baseURL: origin });
    await context.addCookies([{ name: "baton.session_token", value: decodeURIComponent(sessionCookie(answer).split("=").slice(1).join("=")), url: origin }]);
    const page = revealingStreams(await context.newPage());
    await page.goto(address);
    return page;
  };
  const token = createToken(BEN.email, "page");
  const list = (await (await fetch(`${origin}/api/reviews?state=pending`, { headers: { authorization: `Bearer ${token}` } })).json()) as { reviews: { id: string }[] };
  const reviewId = list.reviews[list.reviews.length - 1]!.id;
  const claimed = (await (await fetch(`${origin}/api/reviews/${reviewId}/claim`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" })).json()) as { version: number };
  await fetch(`${origin}/api/reviews/${reviewId}/comments`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ version: claimed.version, body: "Run `npm test` first." }) });

  const ben = await open(BEN, `/reviews/${reviewId}`, "198.51.100.60");
  await expect(ben.getByTestId("claim-holder").first()).toContainText("you");
  await expect(ben.getByText(/version \d/)).toHaveCount(0);
  await expect(ben.getByTestId("resume-claim-button")).toHaveCount(0);
  await expect(ben.getByTestId("resume-button")).toBeVisible();
  await expect(ben.getByTestId("review-action-hints")).toContainText("Release: let go of your claim");
  await expect(ben.getByTestId("review-action-hints")).toContainText("Put back: the work goes back to pending, and you keep your claim");
  // The comment box comes before the handoff, near the top of the page.
  const composerTop = (await ben.getByRole("region", { name: "Comment on the review" }).boundingBox())!.y;
  const handoffTop = (await ben.getByRole("region", { name: "Handoff" }).boundingBox())!.y;
  expect(composerTop).toBeLessThan(handoffTop);
  const code = ben.getByTestId("comment").filter({ hasText: "first." }).locator("code");
  await expect(code).toHaveText("npm test");
  expect(await code.evaluate((element) => getComputedStyle(element, "::before").content)).toMatch(/^(none|normal)$/);
  await shot(ben, "team-review-holder");
  await ben.context().close();

  const vic = await open(VIC, "/settings/connect", "198.51.100.61");
  await expect(vic.getByTestId("connect-not-allowed")).toContainText("viewer");
  await expect(vic.getByText("OTEL_EXPORTER_OTLP_ENDPOINT")).toHaveCount(0);
  await expect(vic.getByRole("button", { name: /Create token/ })).toHaveCount(0);
  await shot(vic, "team-connect-viewer");
  await vic.context().close();
});
