import { expect, test, type Page, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "it only reads what the demo scan wrote; each query it drives also runs on both databases in the unit tests (lib/server/queries)");

// The demo workspace's sessions run from 2026-11-18 to 2026-11-28 (Claude Code, Codex, Gemini CLI).
const RANGE = "since=2026-11-15&until=2026-11-30&tz=UTC";

/** Dark mode whichever way the app decides it: the media query (Tailwind's default) or a `dark` class. */
async function goDark(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
}

test("usage page: stacked chart, ccusage's daily rows with totals, switching breakdown, period and range updates the chart and the URL", async ({ page }) => {
  await page.goto(`/usage?${RANGE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  // Scoped to the visible region: a streamed update holds a hidden copy of the chart for a moment.
  const chart = page.getByRole("region", { name: "Usage chart" }).getByTestId("usage-chart");
  await expect(chart).toHaveAttribute("data-series", /Claude Code/);
  await expect(chart).toHaveAttribute("data-series", /Codex/);
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const table = page.getByRole("table", { name: "Usage table" });
  // Seven days with requests, then the totals row.
  await expect(table.getByRole("row")).toHaveCount(1 + 7 + 1);
  await expect(table.getByRole("row").last()).toContainText("Total");
  await expect(table.getByRole("row").last()).toContainText("$");
  await expect(page.getByText("estimated", { exact: false }).first()).toBeVisible();
  await shot(page, "usage-light-desktop");

  await page.getByRole("navigation", { name: "Stack by" }).getByRole("link", { name: "Model" }).click();
  await expect(page).toHaveURL(/by=model/);
  await expect(chart).toHaveAttribute("data-series", /gpt-5\.5/);
  await expect(chart).not.toHaveAttribute("data-series", /Claude Code/);

  await page.getByRole("navigation", { name: "Measure" }).getByRole("link", { name: "Cost (est.)" }).click();
  await expect(page).toHaveURL(/metric=cost/);
  await expect(chart).toHaveAttribute("data-metric", "cost");

  const days = Number(await chart.getAttribute("data-points"));
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Week" }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(chart).not.toHaveAttribute("data-points", String(days));
  await expect(table.getByRole("columnheader", { name: "Week of" })).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2026-11-21");
  await page.getByLabel("To", { exact: true }).fill("2026-11-22");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/since=2026-11-21/);
  await expect(page).toHaveURL(/until=2026-11-22/);
  await expect(chart).toHaveAttribute("data-series", /gpt-5\.5/);
  await expect(chart).not.toHaveAttribute("data-series", /claude-opus/);
});

test.describe("the browser's time zone is the default", () => {
  test.use({ timezoneId: "Asia/Tokyo" });
  test("no tz in the URL: the page puts the browser's there", async ({ page }) => {
    await page.goto("/usage?since=2026-11-15&until=2026-11-30");
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
    await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Asia/Tokyo");
  });
});

test("usage page in dark mode, and on a phone in both", async ({ page }) => {
  await page.goto(`/usage?${RANGE}&limit=20M&weekLimit=50M`);
  await expect(page.getByTestId("week-limit")).toContainText("of 50.0 M");
  await goDark(page);
  await expect(page.getByRole("region", { name: "Usage chart" }).getByTestId("usage-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await shot(page, "usage-dark-desktop");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/usage?${RANGE}`);
  await expect(page.getByRole("region", { name: "Usage chart" }).getByTestId("usage-chart")).toBeVisible();
  // Nothing wider than the phone but the table, which scrolls inside its frame.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, "usage-light-phone");
  await goDark(page);
  await shot(page, "usage-dark-phone");
});

test("cost on the sessions list and a session's cost card", async ({ page }) => {
  await page.goto("/sessions");
  const table = page.getByRole("table", { name: "Sessions" });
  await expect(table.getByRole("columnheader", { name: "Cost (est.)" })).toBeVisible();
  await expect(table.getByRole("cell", { name: /^\$\d/ }).first()).toBeVisible();
  await table.getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Estimated cost" })).toBeVisible();
  await expect(page.getByTestId("estimated-cost")).toHaveText(/^\$|no price/);
});
