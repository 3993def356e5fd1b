/**
 * The team server as its users meet it: a second server in team mode (BATON_TEAM=1, as `baton serve
 * --team` sets it) on a PostgreSQL database of its own, with an admin and a viewer made by the CLI.
 * Signed out, a page sends you to sign in and /api/* answers 401; signing in sets an HttpOnly, SameSite=Lax
 * cookie; a viewer sees no Rescan and a viewer's change is refused (403); a change from a foreign Origin
 * is refused (403); a token is shown once and works as a bearer. Skipped without a PostgreSQL URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, revealingStreams, test, type Browser, type Page, oncePerRun } from "./fixtures/test";
import { adminQuery as adminQueryOn, root, runBaton, waitForHealth as waitForServerHealth } from "./fixtures/team-server";
import { shot } from "./screenshot";

const baseDatabaseUrl = process.env.BATON_TEST_DATABASE_URL?.startsWith("postgres") ? process.env.BATON_TEST_DATABASE_URL : undefined;
const port = Number(process.env.BATON_E2E_TEAM_PORT ?? Number(process.env.BATON_E2E_PORT ?? 3107) + 500);
const origin = `http://127.0.0.1:${port}`;
const ADMIN = { email: "ada@example.com", password: "ada's long password" };
const VIEWER = { email: "vic@example.com", password: "vic's long password" };

test.skip(!baseDatabaseUrl, "skipped: no PostgreSQL URL (set BATON_TEST_DATABASE_URL=postgresql://…)");
// It makes a PostgreSQL database of its own, so it runs once: in the first (SQLite) pass of npm test.
oncePerRun(test, "postgres", "its team server has a PostgreSQL database of its own");
test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: ChildProcess | null = null;
let databaseName = "";
let databaseUrl = "";
let env: Record<string, string | undefined> = {};

function baton(args: string[], input = ""): ReturnType<typeof runBaton> {
  return runBaton(env, args, input);
}

const adminQuery = (sql: string) => adminQueryOn(baseDatabaseUrl!, sql);
const waitForHealth = () => waitForServerHealth(origin);

async function signIn(browser: Browser, user: { email: string; password: string }, next = "/"): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = revealingStreams(await context.newPage());
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  // better-auth allows 3 sign-ins per 10 s from one address: these tests, all from 127.0.0.1, wait it out.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const limited = page.getByText("Too many attempts");
    await Promise.race([page.waitForURL((url) => url.pathname === next, { timeout: 20_000 }), limited.waitFor({ timeout: 20_000 })]);
    if (new URL(page.url()).pathname === next) return page;
    await page.waitForTimeout(10_500);
  }
  throw new Error(`could not sign in as ${user.email}`);
}

test.beforeAll(async () => {
  // It starts a team server (a database, its migrations, `next start`): minutes on a loaded machine, not the test timeout.
  test.setTimeout(180_000);
  databaseName = `baton_e2e_auth_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(baseDatabaseUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    BATON_DATA_DIR: path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data", "team"),
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  expect(baton(["user", "add", ADMIN.email, "--name", "Ada"], ADMIN.password)).toMatchObject({ code: 0 });
  expect(baton(["user", "add", VIEWER.email, "--name", "Vic", "--role", "viewer"], VIEWER.password)).toMatchObject({ code: 0 });
  expect(baton(["demo"]).code).toBe(0);
  server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: { ...(env as NodeJS.ProcessEnv), BATON_TEAM: "1", BATON_AUTH_SECRET: "e2e-team-secret-0123456789abcdef-0123456789", BATON_SERVE_HOST: "127.0.0.1", BATON_SERVE_PORT: String(port) },
  });
  await waitForHealth();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

test("signed out: a page sends you to sign in, /api/* answers 401, health stays open", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = revealingStreams(await context.newPage());
  await page.goto("/handoffs?repo=x");
  await expect(page).toHaveURL(`${origin}/sign-in?next=${encodeURIComponent("/handoffs?repo=x")}`);
  await expect(page.getByRole("heading", { name: "Sign in to Baton" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with GitHub" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await shot(page, "team-sign-in");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "team-sign-in-phone");

  const api = await fetch(`${origin}/api/handoffs`);
  expect(api.status).toBe(401);
  expect(await api.json()).toEqual({ error: expect.stringContaining("sign in") });
  expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  // A cookie of the right name but no session behind it: the page still will not render.
  const forged = await fetch(`${origin}/api/handoffs`, { headers: { cookie: "baton.session_token=forged.value" } });
  expect(forged.status).toBe(401);
  await context.close();
});

test("sign-in says what went wrong, then sets an HttpOnly SameSite=Lax cookie (not Secure over http)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = revealingStreams(await context.newPage());
  await page.goto("/sign-in?next=%2Fsources");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("That email and password do not match an account")).toBeVisible();
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${origin}/sources`, { timeout: 20_000 });
  const cookie = (await context.cookies()).find((item) => item.name === "baton.session_token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
  await expect(page.getByTestId("user-menu")).toContainText("Ada");
  await expect(page.getByRole("button", { name: "Rescan now" })).toBeVisible();
  // The session works for the API too, and a change from a foreign site is refused.
  expect((await page.request.get("/api/handoffs")).status()).toBe(200);
  const foreign = await page.request.post("/api/scan", { headers: { origin: "http://evil.example", "content-type": "application/json" }, data: {} });
  expect(foreign.status()).toBe(403);
  await context.close();
});

test("a viewer sees no Rescan and a viewer's change answers 403", async ({ browser }) => {
  const page = await signIn(browser, VIEWER, "/sources");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rescan now" })).toHaveCount(0);
  await expect(page.getByTestId("user-menu")).toContainText("viewer");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("user-menu").locator("summary").click();
  await expect(page.getByRole("link", { name: "API tokens" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Team" })).toHaveCount(0);
  await shot(page, "team-viewer-menu-phone");
  const status = await page.evaluate(async () => (await fetch("/api/scan", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status);
  expect(status).toBe(403);
  await page.goto("/settings/team");
  await expect(page.getByText("Only an admin manages the team")).toBeVisible();
  await page.context().close();
});

test("a token is shown once and works as a bearer; revoked, it stops", async ({ browser }) => {
  const page = await signIn(browser, ADMIN, "/settings/tokens");
  await page.getByLabel("Name").fill("e2e laptop");
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^btn_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("cell", { name: `${token.slice(0, 8)}…` })).toBeVisible();
  await shot(page, "team-tokens");
  const me = await fetch(`${origin}/api/auth-check`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ kind: "token", email: ADMIN.email, role: "admin" });
  await page.reload();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByRole("cell", { name: `${token.slice(0, 8)}…` })).toBeVisible();
  await page.getByRole("button", { name: "Revoke e2e laptop" }).click();
  await expect(page.getByRole("button", { name: "Revoke e2e laptop" })).toHaveCount(0);
  expect((await fetch(`${origin}/api/auth-check`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  await page.context().close();
});

test("an admin invites by link; the new member sets a name and password and is in", async ({ browser }) => {
  const page = await signIn(browser, ADMIN, "/settings/team");
  await expect(page.getByRole("combobox", { name: `Role of ${VIEWER.email}` })).toHaveValue("viewer");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invitation-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${origin}/invite/inv_`));
  await expect(page.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await shot(page, "team-settings");

  // The new member's first sign-in must not meet the sign-in rate limit (3 per 10 s per address).
  await page.waitForTimeout(10_500);
  const guest = revealingStreams(await (await browser.newContext({ baseURL: origin })).newPage());
  await guest.goto(link);
  await guest.getByLabel("Name").fill("Mo");
  await guest.getByLabel("Email").fill("mo@example.com");
  await guest.getByLabel("Password (at least 10 characters)").fill("mo's long password");
  await guest.getByLabel("Password again").fill("mo's long password");
  await guest.getByRole("button", { name: "Create account and sign in" }).click();
  await guest.waitForURL(`${origin}/`, { timeout: 20_000 });
  await expect(guest.getByTestId("user-menu")).toContainText("member");
  await guest.goto(link);
  await expect(guest.getByText("not valid any more")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Role of mo@example.com" })).toHaveValue("member");
  await page.getByRole("combobox", { name: "Role of mo@example.com" }).selectOption("viewer");
  await expect(page.getByRole("combobox", { name: "Role of mo@example.com" })).toHaveValue("viewer");
  await guest.goto("/sources");
  await expect(guest.getByTestId("user-menu")).toContainText("viewer");
  await guest.getByTestId("user-menu").locator("summary").click();
  await guest.getByRole("button", { name: "Sign out" }).click();
  await guest.waitForURL(`${origin}/sign-in`, { timeout: 20_000 });
  await guest.goto("/sources");
  await expect(guest).toHaveURL(`${origin}/sign-in?next=%2Fsources`);
  await page.context().close();
  await guest.context().close();
});

test("a member renames themself and changes their password; other browsers are signed out, the old password stops working", async ({ browser }) => {
  const PAT = { email: "pat@example.com", password: "pat's long password" };
  expect(baton(["user", "add", PAT.email, "--name", "Pat", "--role", "member"], PAT.password)).toMatchObject({ code: 0 });
  const page = await signIn(browser, PAT, "/settings/account");
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("main").getByText(`Signed in as ${PAT.email} (member)`)).toBeVisible();

  const nameForm = page.getByRole("form", { name: "Your name" });
  await nameForm.getByLabel("Name").fill("Patricia Q.");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await expect(nameForm.getByRole("status")).toContainText("Name saved");
  await expect(page.getByTestId("user-menu")).toContainText("Patricia Q.");

  // A second browser signed in as Pat, to be signed out by the change.
  await page.waitForTimeout(10_500);
  const other = await signIn(browser, PAT, "/sources");
  const passwordForm = page.getByRole("form", { name: "Change password" });
  await passwordForm.getByLabel("Current password").fill("not my password");
  await passwordForm.getByLabel("New password (at least 10 characters)").fill("pat's newer password");
  await passwordForm.getByLabel("New password again").fill("pat's newer password");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByRole("alert")).toHaveText("The current password is not right. Nothing was changed.");
  await passwordForm.getByLabel("Current password").fill(PAT.password);
  await passwordForm.getByLabel("New password (at least 10 characters)").fill("pat's newer password");
  await passwordForm.getByLabel("New password again").fill("pat's other password");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByRole("alert")).toHaveText("The two new passwords differ.");
  await passwordForm.getByLabel("New password again").fill("pat's newer password");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByRole("status")).toContainText("Password changed");
  await shot(page, "team-account");

  // This browser stays in; the other one is out.
  await page.goto("/sources");
  await expect(page.getByTestId("user-menu")).toContainText("Patricia Q.");
  await other.goto("/sources");
  await expect(other).toHaveURL(`${origin}/sign-in?next=%2Fsources`);
  // The old password no longer signs in (after the sign-in rate limit's window); the new one does.
  await page.waitForTimeout(10_500);
  const oldPassword = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(PAT) });
  expect(oldPassword.status).toBe(401);
  const again = await signIn(browser, { email: PAT.email, password: "pat's newer password" }, "/sources");
  await expect(again.getByTestId("user-menu")).toContainText("Patricia Q.");
  await Promise.all([page.context().close(), other.context().close(), again.context().close()]);
});
