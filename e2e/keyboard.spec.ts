/**
 * Keyboard only, as someone without a mouse: resume a handoff and copy its prompt; walk the chain
 * graph and open a handoff from it; search with the palette and land on the page's heading. No click,
 * no hover: Tab, Shift+Tab, arrows, Enter, Space and Escape.
 */
import { expect, test, type Locator, type Page, oncePerRun } from "./fixtures/test";

oncePerRun(test, "sqlite-2", "its pages do not depend on the database");

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

test("resume and copy, by keyboard: the dialog opens on Copy prompt, the runtime tabs are one tab stop, Enter copies, nothing is claimed", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/handoffs?repo=");
  await page.getByRole("link", { name: "route-tests", exact: true }).first().focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: "route-tests" });
  await expect(heading).toBeVisible();
  // After the page change, focus is on the new page's heading (not left on <body>).
  await expect(heading).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: "Resume…" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
  await expect(dialog).toBeVisible();
  // Never on "Resume & claim": a second Enter would claim the handoff.
  await expect(dialog.getByRole("button", { name: "Copy prompt" })).toBeFocused();

  // Enter copies the prompt.
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Copied to clipboard").first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await dialog.getByTestId("resume-prompt").textContent());
  expect(copied).toContain("handoff_route-tests.md");
  await expect(dialog.getByTestId("resume-claim-status")).toHaveCount(0);

  // The runtime tabs: one tab stop; the arrows move between them and select.
  const tabs = dialog.getByRole("tab");
  expect(await tabs.evaluateAll((elements) => elements.filter((element) => element.getAttribute("tabindex") === "0").length)).toBe(1);
  const selected = dialog.getByRole("tab", { selected: true });
  await tabTo(page, selected, { backwards: true });
  const before = await selected.textContent();
  await page.keyboard.press("ArrowRight");
  const now = dialog.getByRole("tab", { selected: true });
  await expect(now).not.toHaveText(before!);
  await expect(now).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("tab", { selected: true })).toHaveText(before!);
  // Tab leaves the tab row at once (into the panel), not through every tab.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("tab");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Resume…" })).toBeFocused();
});

test("the chain graph by keyboard: named nodes with a visible focus ring, Enter opens the panel, edges are no tab stops, each chain also a list of links", async ({ page }) => {
  await page.goto("/chains");
  const link = page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of/ }).first();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "acme-billing" })).toBeFocused();
  const graph = page.getByTestId("chain-graph");
  await expect(graph.getByTestId("graph-node").first()).toBeVisible();

  // No edge is a tab stop, and none is read as "Edge from <id> to <id>".
  expect(await graph.locator(".react-flow__edge[tabindex]").count()).toBe(0);
  expect(await graph.locator('.react-flow__edge:not([aria-hidden="true"])').count()).toBe(0);
  // React Flow's own help text (move and delete nodes) is replaced by what the graph does.
  const help = await graph.locator('[id^="react-flow__node-desc"]').textContent();
  expect(help).not.toMatch(/delete|move/i);
  expect(help).toContain("Enter");

  // Tab to the route-tests node: its name says runtime, title, day and state.
  const node = graph.locator('.react-flow__node:has([data-path="docs/ai/handoff/claude-code/25112026/handoff_route-tests.md"])');
  await tabTo(page, node);
  await expect(node).toHaveAccessibleName(/^Claude Code handoff route-tests, 25 Nov 2026, open head/);
  // A focus ring one can see.
  const outline = await node.evaluate((element) => getComputedStyle(element));
  expect(outline.outlineStyle).not.toBe("none");
  expect(Number.parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);

  // Enter opens the panel of that handoff; Space too, on another node.
  await page.keyboard.press("Enter");
  const panel = page.getByRole("complementary", { name: "Selected handoff" });
  await expect(panel.getByRole("heading", { name: "route-tests" })).toBeVisible();
  await expect(panel.getByRole("status")).toContainText("Selected: Claude Code handoff route-tests");
  // Back to the node before it (backwards, by keyboard), waiting for the focus to land on it: the panel
  // opening renders the graph again, and a Space pressed before focus settles goes to the page.
  const previous = graph.locator('.react-flow__node:has([data-path*="wire-bff-routes"])');
  await tabTo(page, previous, { backwards: true, limit: 10 });
  await page.keyboard.press(" ");
  await expect(panel.getByRole("heading", { level: 2 })).not.toHaveText("route-tests");
  await expect(panel.getByRole("link", { name: "Open handoff" })).toBeVisible();

  // Each chain as an ordered list of links, oldest first.
  const lists = page.getByTestId("chain-lists");
  await tabTo(page, lists.locator("summary"));
  await page.keyboard.press("Enter");
  const chain = lists.getByRole("list").filter({ has: page.getByRole("link", { name: "route-tests" }) });
  const names = await chain.getByRole("link").allTextContents();
  expect(names.indexOf("bootstrap")).toBeLessThan(names.indexOf("route-tests"));
  await tabTo(page, chain.getByRole("link", { name: "route-tests" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "route-tests" })).toBeFocused();
});

test("the palette by keyboard: a repo's exact name ranks it first with its handoffs, the highlight is announced, Escape returns focus to Search", async ({ page }) => {
  await page.goto("/sessions");
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Search Baton" });
  const input = palette.getByRole("combobox");
  await expect(input).toBeFocused();
  await page.keyboard.type("acme-billing");
  const options = palette.getByRole("option");
  await expect(options.first()).toContainText("acme-billing");
  // The first result is the repository; its handoffs come next, before the sessions in its folder.
  const groups = await palette.locator("[cmdk-group-heading]").allTextContents();
  expect(groups[0]).toBe("Repositories");
  expect(groups.indexOf("Handoffs")).toBeGreaterThan(-1);
  expect(groups.indexOf("Handoffs")).toBeLessThan(groups.includes("Sessions") ? groups.indexOf("Sessions") : Infinity);
  await expect(palette.getByRole("group", { name: "Handoffs" }).getByRole("option", { name: /route-tests/ })).toBeVisible();
  // The highlighted option is named to screen readers before any arrow press, and the counts are announced.
  const first = await options.first().getAttribute("id");
  await expect(input).toHaveAttribute("aria-activedescendant", first!);
  await expect(palette.getByRole("status")).toContainText("1 repository");

  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await expect(page.locator("button[aria-keyshortcuts]")).toBeFocused();

  // Enter on a result: the page changes and focus lands on its heading.
  await page.keyboard.press("Enter");
  await expect(palette).toBeVisible();
  await page.keyboard.type("acme-billing");
  await expect(options.first()).toContainText("acme-billing");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/handoffs\?repo=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});
