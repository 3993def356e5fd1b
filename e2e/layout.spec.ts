import { expect, test, type Page, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "its pages do not depend on the database");

/** Widths of the page and of every list table's frame against what they hold: nothing may be cut off. */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll("table")].map((table) => {
      const frame = table.parentElement!;
      return { label: table.getAttribute("aria-label"), clipped: getComputedStyle(frame).overflowX === "hidden" && table.scrollWidth > frame.clientWidth, wider: table.scrollWidth - frame.clientWidth };
    }),
  }));
}

test("on a laptop-width screen every list table fits its frame", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const address of ["/", "/sessions", "/handoffs", "/sources", "/errors"]) {
    await page.goto(address);
    await expect(page.getByRole("table").first()).toBeVisible();
    const measured = await overflow(page);
    expect(measured.page, address).toBe(0);
    for (const table of measured.tables) expect(table.wider, `${address}: ${table.label}`).toBeLessThanOrEqual(0);
  }
});

test("on a phone the navigation is a menu in a bar across the top and list rows are cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sessions");
  // The links sit behind a Menu button (a row of links scrolling sideways slid under the logo).
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const current = nav.getByRole("link", { name: "Sessions" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toBeInViewport();
  await nav.getByRole("link", { name: "Handoffs" }).click();
  await expect(page).toHaveURL(/\/handoffs$/);
  await expect(nav).toBeHidden();
  await page.goto("/sessions");
  const measured = await overflow(page);
  expect(measured.page).toBe(0);
  expect(measured.tables.filter((table) => table.clipped)).toEqual([]);
  // Each session row is a card: no cell lies beyond the screen's right edge.
  const cells = await page.getByRole("table", { name: "Sessions" }).locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right));
  expect(Math.max(...cells)).toBeLessThanOrEqual(390);
  // The bar stays at the top while the page scrolls.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await menu.boundingBox())!.y).toBeLessThan(60);
  await shot(page, "sessions-list-phone");

  // No page is wider than the phone: long paths and code lines wrap, wide tables scroll in their frames.
  const sessionPage = await page.getByRole("table", { name: "Sessions" }).getByRole("link", { name: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" }).getAttribute("href");
  await page.goto("/handoffs?q=route-tests");
  const handoffPage = await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "route-tests" }).getAttribute("href");
  await page.goto("/chains");
  const chainPage = await page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of/ }).getAttribute("href");
  for (const address of ["/", "/handoffs", "/chains", "/errors", "/sources", sessionPage!, handoffPage!, chainPage!]) {
    await page.goto(address);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const measured = await overflow(page);
    expect(measured.page, address).toBe(0);
    expect(measured.tables.filter((table) => table.clipped), address).toEqual([]);
  }
  await page.goto(handoffPage!);
  await shot(page, "handoff-phone");

  // The chain graph runs top to bottom on a phone: each handoff below the one it resumed.
  await page.goto(chainPage!);
  const graph = page.getByTestId("chain-graph");
  await expect(graph.locator('[data-layout="down"]')).toBeVisible();
  await expect(page.getByText("older at the top, resumed below")).toBeVisible();
  const older = (await graph.locator('[data-testid="graph-node"][data-path="docs/ai/handoff/claude-code/20112026/handoff_migrate-repositories.md"]').boundingBox())!;
  const newer = (await graph.locator('[data-testid="graph-node"][data-path="docs/ai/handoff/codex/21112026/handoff_fix-typecheck-errors.md"]').boundingBox())!;
  expect(newer.y).toBeGreaterThan(older.y + older.height);
  await shot(page, "chain-graph-phone");
  // Back on a wide screen, the same graph runs left to right.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(graph.locator('[data-layout="right"]')).toBeVisible();
});
