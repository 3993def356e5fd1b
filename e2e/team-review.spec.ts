/**
 * Two people on one team server (BATON_TEAM=1 as `baton serve --team` sets it, on a PostgreSQL database
 * of its own, port BATON_E2E_PORT + 600), each in their own browser context: A claims a review and B's
 * open page shows it claimed without a reload (the live stream; how fast is bench/live-bench.ts's to measure), B's claim is refused with A's name; A comments
 * on a line and B sees it; a viewer sees no mutating control and the viewer's forged POST answers 403; a
 * foreign Origin answers 403. Screenshots of the board and a review, desktop and phone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, revealingStreams, test, type Browser, type BrowserContext, type Page, oncePerRun } from "./fixtures/test";
import { adminQuery as adminQueryOn, root, runBaton, waitForHealth as waitForServerHealth } from "./fixtures/team-server";
import { shot } from "./screenshot";

const baseDatabaseUrl = process.env.BATON_TEST_DATABASE_URL?.startsWith("postgres") ? process.env.BATON_TEST_DATABASE_URL : undefined;
const port = Number(process.env.BATON_E2E_PORT ?? 3107) + 600;
const origin = `http://127.0.0.1:${port}`;
const ANN = { email: "ann@example.com", password: "ann's long password", name: "Ann" };
const BOB = { email: "bob@example.com", password: "bob's long password", name: "Bob" };
const VAL = { email: "val@example.com", password: "val's long password", name: "Val" };

test.skip(!baseDatabaseUrl, "skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
// It makes a PostgreSQL database of its own, so it runs once: in the first (SQLite) pass of npm test.
oncePerRun(test, "sqlite", "its team server has a PostgreSQL database of its own");
test.describe.configure({ mode: "serial", timeout: 240_000 });

let server: ChildProcess | null = null;
let databaseName = "";
let env: Record<string, string | undefined> = {};
let reviewId = "";

function baton(args: string[], input = ""): ReturnType<typeof runBaton> {
  return runBaton(env, args, input);
}

const adminQuery = (sql: string) => adminQueryOn(baseDatabaseUrl!, sql);
const waitForHealth = () => waitForServerHealth(origin);

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
/** Each user signs in once (the sign-in route is rate-limited per address); later contexts reuse the cookie. */
const sessions = new Map<string, StorageState>();

async function signIn(browser: Browser, user: { email: string; password: string }): Promise<void> {
  const context = await browser.newContext({ baseURL: origin });
  const page = revealingStreams(await context.newPage());
  await page.goto(`/sign-in?next=${encodeURIComponent("/reviews")}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/reviews", { timeout: 20_000 });
  sessions.set(user.email, await context.storageState());
  await context.close();
}

async function openAs(browser: Browser, user: { email: string }, address: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, storageState: sessions.get(user.email), ...(viewport ? { viewport } : {}) });
  const page = revealingStreams(await context.newPage());
  await page.goto(address);
  await expect(page).toHaveURL(`${origin}${address}`);
  return page;
}

const postFromPage = (page: Page, address: string, body: unknown) =>
  page.evaluate(
    async ({ address, body }) => {
      const response = await fetch(address, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { address, body },
  );

test.beforeAll(async ({ browser }) => {
  // It starts a team server (a database, its migrations, `next start`): minutes on a loaded machine, not the test timeout.
  test.setTimeout(180_000);
  databaseName = `baton_e2e_live_team_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(baseDatabaseUrl!);
  url.pathname = `/${databaseName}`;
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: url.toString(),
    BATON_DATA_DIR: path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data", "team-review"),
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  expect(baton(["user", "add", ANN.email, "--name", ANN.name, "--role", "admin"], ANN.password)).toMatchObject({ code: 0 });
  expect(baton(["user", "add", BOB.email, "--name", BOB.name, "--role", "member"], BOB.password)).toMatchObject({ code: 0 });
  expect(baton(["user", "add", VAL.email, "--name", VAL.name, "--role", "viewer"], VAL.password)).toMatchObject({ code: 0 });
  expect(baton(["demo"]).code).toBe(0);
  server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: { ...(env as NodeJS.ProcessEnv), BATON_TEAM: "1", BATON_AUTH_SECRET: "e2e-live-team-secret-0123456789abcdef-012345", BATON_SERVE_HOST: "127.0.0.1", BATON_SERVE_PORT: String(port) },
  });
  await waitForHealth();
  for (const user of [ANN, BOB, VAL]) await signIn(browser, user);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

test("A claims; B's open page shows it claimed and B's claim is refused with A's name", async ({ browser }) => {
  const ann = await openAs(browser, ANN, "/reviews");
  const listed = await ann.request.get("/api/reviews?state=pending");
  expect(listed.status()).toBe(200);
  const { reviews } = (await listed.json()) as { reviews: { id: string; repoName?: string }[] };
  reviewId = (reviews.find((review) => review.repoName !== "hostile-markdown") ?? reviews[0])!.id;
  expect(reviewId).toBeTruthy();

  const bob = await openAs(browser, BOB, `/reviews/${reviewId}`);
  await expect(bob.getByTestId("live-indicator")).toHaveAttribute("data-status", "connected");
  await expect(bob.getByTestId("claim-holder").first()).toHaveText(/unclaimed/);
  await bob.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

  await ann.goto(`/reviews/${reviewId}`);
  await ann.getByTestId("claim-button").click();
  await expect(ann.getByTestId("claim-holder").first()).toContainText("you");
  await expect(bob.getByTestId("claim-holder").first()).toContainText(ANN.name, { timeout: 10_000 });
  expect(await bob.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);

  const refused = await postFromPage(bob, `/api/reviews/${reviewId}/claim`, {});
  expect(refused.status).toBe(409);
  expect(String(refused.body?.heldBy)).toContain(ANN.name);
  await ann.context().close();
  await bob.context().close();
});

test("A comments on a line; B's open page shows it without a reload", async ({ browser }) => {
  const bob = await openAs(browser, BOB, `/reviews/${reviewId}`);
  await bob.getByRole("button", { name: "Lines" }).click();
  const ann = await openAs(browser, ANN, `/reviews/${reviewId}`);
  await ann.getByRole("button", { name: "Lines" }).click();
  await ann.getByTestId("line-3").click();
  const composer = ann.locator("#L3").getByTestId("comment-composer");
  const text = `Line three needs a second look ${Date.now().toString(36)}`;
  await composer.getByRole("textbox").fill(text);
  await composer.getByRole("button", { name: "Comment" }).click();
  await expect(ann.getByRole("list", { name: "Comments on line 3" }).getByTestId("comment")).toHaveCount(1);
  await expect(bob.getByRole("list", { name: "Comments on line 3" }).getByText(text)).toBeVisible({ timeout: 10_000 });
  await ann.context().close();
  await bob.context().close();
});

test("a viewer sees no mutating control, and the viewer's forged POST answers 403; a foreign Origin answers 403", async ({ browser }) => {
  const val = await openAs(browser, VAL, `/reviews/${reviewId}`);
  await expect(val.getByTestId("review-state")).toBeVisible();
  for (const control of ["claim-button", "resume-claim-button", "release-button", "comment-composer", "verdict-submit"]) await expect(val.getByTestId(control)).toHaveCount(0);
  await expect(val.locator('[data-testid^="transition-"]')).toHaveCount(0);
  const forged = await postFromPage(val, `/api/reviews/${reviewId}/comments`, { version: 1, body: "forged" });
  expect(forged.status).toBe(403);
  expect((await postFromPage(val, `/api/reviews/${reviewId}/claim`, {})).status).toBe(403);
  await val.context().close();

  const ann = await openAs(browser, ANN, "/reviews");
  const foreign = await ann.request.post(`/api/reviews/${reviewId}/claim`, { headers: { origin: "http://evil.example", "content-type": "application/json" }, data: {} });
  expect(foreign.status()).toBe(403);
  await ann.context().close();
});

test("screenshots: the board and a review, desktop and phone", async ({ browser }) => {
  for (const [suffix, viewport] of [["desktop", { width: 1440, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    const ann = await openAs(browser, ANN, "/reviews", viewport);
    await expect(ann.getByTestId("review-card").first()).toBeVisible();
    await shot(ann, `team-review-board-${suffix}`);
    await ann.goto(`/reviews/${reviewId}`);
    await expect(ann.getByTestId("review-state")).toBeVisible();
    const overflow = await ann.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(ann, `team-review-review-${suffix}`);
    await ann.context().close();
  }
});
