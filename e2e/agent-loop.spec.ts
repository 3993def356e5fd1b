import { mkdirSync } from "node:fs";
import { expect, test, type Page, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

/**
 * The agent loop on the dashboard (docs/agent-loop.md), over the demo's hook records
 * (demo/agent-loop.yaml): the guard's marker on a session's burn chart, "resumed by session … through
 * the hook" on a handoff, and the overview's on-time rate. Screenshots in light, dark and at 390 px
 * go to test-results/screenshots/ (and /tmp/loop-shots/ when BATON_LOOP_SHOTS is set).
 */
const CLAUDE_SESSION = "7c1e4b2a-93f0-4d7e-b1c2-5a8f0e6d3b91";
const CODEX_SESSION = "019a4f3e-7b21-7c55-9d0e-2f61a8c4b7d3";
const extra = process.env.BATON_LOOP_SHOTS;
if (extra) mkdirSync(extra, { recursive: true });

async function view(page: Page, name: string) {
  await shot(page, name);
  if (extra) await page.screenshot({ path: `${extra}/${name}.png`, fullPage: true });
}

test("the overview counts the sessions that crossed the threshold and handed off on time", async ({ page }) => {
  await page.goto("/");
  const stat = page.getByText("Handoffs on time", { exact: true }).locator("..");
  await expect(stat).toContainText("100 %");
  await expect(stat).toContainText("3 of 3 sessions that crossed the threshold wrote a handoff before compacting or ending");
  await view(page, "loop-overview");
});

test("a session's burn chart marks where Baton asked for the handoff", async ({ page }) => {
  await page.goto("/sessions");
  await page.getByRole("table", { name: "Sessions" }).getByRole("link", { name: CLAUDE_SESSION }).click();
  const chart = page.getByTestId("burn-chart");
  await expect(chart.getByText("⚑", { exact: true })).toBeVisible();
  await expect(page.locator('[data-marker="guard"]')).toHaveText("asked for a handoff at 78.5 %");
  await expect(page.getByText("handoff asked by Baton")).toBeVisible();
  const card = page.getByRole("region", { name: "Baton's hooks" });
  await expect(card).toContainText("at 78.5 % (threshold 78.5 %)");
  await expect(card).toContainText("docs/ai/handoff/claude-code/20112026/handoff_<phase>.md");
  await expect(card.getByTestId("loop-outcome")).toContainText("on time");
  await view(page, "loop-session");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId("burn-chart").getByText("⚑", { exact: true })).toBeVisible();
  await view(page, "loop-session-dark");
});

test("a handoff says which session resumed it through the hook", async ({ page }) => {
  await page.goto("/handoffs?q=migrate-repositories");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "migrate-repositories" }).first().click();
  const card = page.getByRole("region", { name: "Resumed through the hook" });
  await expect(card).toContainText(`resumed by session ${CODEX_SESSION} through the hook`);
  await card.getByRole("link", { name: CODEX_SESSION }).click();
  await expect(page.getByTestId("session-id")).toHaveText(CODEX_SESSION);
  const loop = page.getByRole("region", { name: "Baton's hooks" });
  await expect(loop).toContainText("resumed from");
  await expect(loop).toContainText("handoff asked");
});

test("at 390 px the loop's cards stay readable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sessions");
  await page.getByRole("table", { name: "Sessions" }).getByRole("link", { name: CLAUDE_SESSION }).click();
  const card = page.getByRole("region", { name: "Baton's hooks" });
  await expect(card).toBeVisible();
  const width = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(width).toBeLessThanOrEqual(1);
  await view(page, "loop-session-phone");
});
