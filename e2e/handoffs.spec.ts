import { expect, test, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "it only reads what the demo scan wrote; each query it drives also runs on both databases in the unit tests (lib/server/queries)");

test("overview → handoff list → handoff detail", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const open = page.getByRole("list", { name: "Open handoffs" });
  await expect(open.getByRole("listitem")).not.toHaveCount(0);
  await expect(page.getByRole("cell", { name: /acme-billing/ })).toBeVisible();
  // The sessions nearest their window, fullest first, each with where and when it ran.
  const hottest = page.getByRole("list", { name: "Sessions closest to their limit" }).getByRole("listitem");
  await expect(hottest).toHaveCount(5);
  await expect(hottest.first()).toContainText("93 %");
  await expect(hottest.first()).toContainText("orbit-mobile · feat/offline-sync");
  // Times read relative ("5 days ago"), the absolute day and time on hover.
  await expect(hottest.first().locator("time")).toHaveAttribute("title", /^27 Nov 2026, \d\d:\d\d UTC$/);
  await shot(page, "overview");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Handoffs" }).click();
  await expect(page).toHaveURL(/\/handoffs$/);
  const table = page.getByRole("table", { name: "Handoffs" });
  await expect(table.getByRole("row")).not.toHaveCount(1);

  await page.getByLabel("Runtime").selectOption("codex");
  await expect(page).toHaveURL(/runtime=codex/);
  await expect(table.getByRole("link", { name: "fix-typecheck-errors" })).toBeVisible();
  await expect(table.getByRole("link", { name: "wire-bff-routes" })).toHaveCount(0);
  await shot(page, "handoff-list-codex");

  await table.getByRole("link", { name: "fix-typecheck-errors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "fix-typecheck-errors" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Session identity" })).toContainText("019a4f3e-7b21-7c55-9d0e-2f61a8c4b7d3");
  await expect(page.getByRole("region", { name: "Goal" }).locator("blockquote").first()).toContainText("Do not rename any public repository method");
  await expect(page.locator('[data-state="done"]')).toContainText("PaymentRepository");
  await expect(page.getByRole("region", { name: "Next action" })).toContainText("src/app/api/invoices/route.ts:12-48");
  await expect(page.getByRole("region", { name: "Verification commands" }).getByRole("cell", { name: "9 errors in 1 file" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Lint findings/ })).toBeVisible();
  // Chain links both ways: the Claude Code handoff before it, the Gemini and OpenCode ones after it.
  const pointer = page.getByRole("region", { name: "Resume pointer" });
  await expect(pointer.getByRole("link", { name: "docs/ai/handoff/claude-code/20112026/handoff_migrate-repositories.md" })).toBeVisible();
  await expect(pointer.getByRole("link", { name: "docs/ai/handoff/gemini-cli/22112026/handoff_wire-bff-routes.md" })).toBeVisible();
  await expect(pointer.getByRole("link", { name: "docs/ai/handoff/opencode/22112026/handoff_notification-digest.md" })).toBeVisible();
  await shot(page, "handoff-detail");

  await pointer.getByRole("link", { name: "docs/ai/handoff/claude-code/20112026/handoff_migrate-repositories.md" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "migrate-repositories" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Verification commands" }).getByRole("cell", { name: "72 errors in 9 files" })).toBeVisible();
});

test("search, lint filter and empty results", async ({ page }) => {
  await page.goto("/handoffs");
  await page.getByRole("searchbox").fill("token bucket");
  await expect(page).toHaveURL(/q=token/);
  const table = page.getByRole("table", { name: "Handoffs" });
  await expect(table.getByRole("link", { name: "rate-limiter" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  // Open the result and come back: the search is still there, and so is its result.
  await table.getByRole("link", { name: "rate-limiter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "rate-limiter" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/q=token/);
  await expect(page.getByRole("searchbox")).toHaveValue("token bucket");
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox").fill("no handoff says this zzzz");
  await expect(page.getByText("No handoff matches these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Lint").selectOption("errors");
  await expect(table.getByRole("link", { name: "audit-log-schema" })).toBeVisible();
  await expect(table.getByRole("link", { name: "rate-limiter" })).toHaveCount(0);
});

test("a handoff holding <script>, onerror= and javascript: stays inert", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) external.push(request.url());
  });
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto("/handoffs?q=webhook");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("webhook");
  const rendered = page.locator(".prose");
  await expect(rendered).toContainText("click for details");
  // Raw HTML is never rendered: the hostile block elements are absent, their inline text is plain text.
  await expect(rendered.getByText("hover me")).toHaveCount(0);
  await rendered.getByText("click for details").click();
  await rendered.getByText("markdown link").click();
  await page.waitForTimeout(300);

  const state = await page.evaluate(() => ({
    pwned: document.body.dataset.pwned ?? null,
    title: document.title,
    scriptsInContent: document.querySelectorAll(".prose script").length,
    iframes: document.querySelectorAll("iframe").length,
    handlers: [...document.querySelectorAll(".prose *")].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith("on"))).length,
    javascriptLinks: [...document.querySelectorAll("a")].filter((anchor) => anchor.getAttribute("href")?.trim().toLowerCase().startsWith("javascript:")).length,
    remoteImages: [...document.querySelectorAll("img")].filter((image) => /^https?:/.test(image.getAttribute("src") ?? "") && !image.src.startsWith(location.origin)).length,
  }));
  // The handoff's title is its name, written as text: the script in it never ran (it would set exactly "pwned-title").
  expect(state.title).not.toBe("pwned-title");
  expect(state.title).toMatch(/ · Baton$/);
  expect({ ...state, title: undefined }).toEqual({ pwned: null, title: undefined, scriptsInContent: 0, iframes: 0, handlers: 0, javascriptLinks: 0, remoteImages: 0 });
  expect(dialogs).toEqual([]);
  expect(external).toEqual([]);
  await shot(page, "untrusted-handoff");
});

test("secrets are masked on the page", async ({ page }) => {
  // Opening a filtered list must not refetch itself: a late refetch used to land after the click
  // below and take the page back to the list.
  const listRefetches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/handoffs" && url.searchParams.has("q") && url.searchParams.has("_rsc")) listRefetches.push(request.url());
  });
  await page.goto("/handoffs?q=bootstrap");
  await expect(page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "bootstrap" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(listRefetches).toEqual([]);
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "bootstrap" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "bootstrap" })).toBeVisible();
  await expect(page.getByText("1 secret masked")).toBeVisible();
  await expect(page.getByRole("region", { name: /Lint findings/ })).toContainText("secret-present");
  const html = await page.content();
  expect(html).not.toContain("wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9a1Z");
  expect(html).toContain("9a1Z");
});

test("ingest errors page lists the unreadable file", async ({ page }) => {
  await page.goto("/errors");
  await expect(page.getByRole("heading", { name: "Ingest errors" })).toBeVisible();
  await expect(page.getByText("docs/ai/handoff/codex/28112026/handoff_architecture-diagram.md")).toBeVisible();
  await shot(page, "ingest-errors");
});

test("unknown handoff, session and repository ids answer 404 with the not-found page", async ({ page }) => {
  // Record pages check the id before anything streams (no loading.tsx above them), so the status is real.
  for (const address of ["/handoffs/does-not-exist", "/sessions/does-not-exist", "/chains/does-not-exist"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByText("Nothing is stored under this address")).toBeVisible();
  }
});

test("a handoff outside a date folder shows the day of its own timestamp and the From/To filter keeps it", async ({ page }) => {
  // .claude/handoffs/2026-11-23-webhook-retries.md has no date folder; its timestamp is on 23 Nov 2026.
  await page.goto("/handoffs?from=2026-11-23&to=2026-11-23");
  const table = page.getByRole("table", { name: "Handoffs" });
  const row = table.getByRole("row").filter({ hasText: "webhook-retries" });
  await expect(row).toHaveCount(1);
  await expect(row.locator('time[datetime="2026-11-23"]')).toBeVisible();
  await expect(table.getByText("no date")).toHaveCount(0);
  await row.getByRole("link").first().click();
  await expect(page.locator('main time[datetime="2026-11-23"]').first()).toBeVisible();
  // One name per sha: the HEAD the handoff recorded and the commit that added it, on the identity and Git cards.
  await expect(page.getByRole("region", { name: "Session identity" }).getByText("Work commit")).toBeVisible();
  await expect(page.getByRole("region", { name: "Git" }).getByText("Handoff commit")).toBeVisible();
  await expect(page.getByRole("region", { name: "Git" }).getByText("Work commit")).toBeVisible();
  await shot(page, "handoff-own-day");
});
