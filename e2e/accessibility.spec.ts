/**
 * axe-core (through @axe-core/playwright) on every page of the sidebar and on one record page of each
 * kind (a handoff, a session, a chain, a review), in light and in dark mode, plus the two dialogs (the
 * resume dialog, the ⌘K palette): any critical or serious violation of WCAG 2.1 A/AA fails the test,
 * listed with its rule, its elements and why. Dark mode runs the colour rules only (contrast): nothing
 * else on a page changes with the scheme.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, oncePerRun } from "./fixtures/test";

oncePerRun(test, "postgres", "its pages do not depend on the database");

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The rules that can change with the colour scheme: in dark mode only these run, since structure, names,
 * roles and labels are the same in both (the light pass checks every WCAG rule).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The critical and serious violations on the page as it is now, one line each (empty when none). */
async function seriousViolations(page: Page, colorScheme: "light" | "dark" = "light"): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (colorScheme === "dark" ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG)).analyze();
  return result.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map((violation) => `[${violation.impact}] ${violation.id} (${violation.help}): ${violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")} — ${(node.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`).join(" | ")}${violation.nodes.length > 5 ? ` … ${violation.nodes.length - 5} more` : ""}`);
}

/** The address of the first record a list page links to (`/handoffs/…`, `/sessions/…`, …). */
async function firstRecord(page: Page, list: string, prefix: string): Promise<string> {
  await page.goto(list);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a record linked from ${list}`).toBeTruthy();
  return href!;
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe-core, ${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test.describe.configure({ timeout: 180_000 });

    test("every sidebar page and one record page of each kind: no critical or serious violation", async ({ page }) => {
      await page.goto("/");
      const sidebar = await page.getByRole("navigation", { name: "Main" }).getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      expect(sidebar.length).toBeGreaterThanOrEqual(8);
      const records = [
        await firstRecord(page, "/handoffs?repo=", "/handoffs/"),
        await firstRecord(page, "/sessions", "/sessions/"),
        await firstRecord(page, "/chains", "/chains/"),
        await firstRecord(page, "/reviews", "/reviews/"),
      ];
      const found: Record<string, string[]> = {};
      // Dark mode: the overview and one record page of each kind (the colour rules only); every page's text
      // contrast in dark mode is also checked by e2e/polish.spec.ts.
      const addresses = colorScheme === "light" ? [...sidebar, ...records] : ["/", ...records];
      for (const address of addresses) {
        await page.goto(address);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        // The page's own scripts done: charts and the chain graph draw in the browser.
        await page.waitForLoadState("networkidle");
        const violations = await seriousViolations(page, colorScheme);
        if (violations.length > 0) found[address] = violations;
      }
      expect(found).toEqual({});
    });

    test("the resume dialog and the ⌘K palette, open: no critical or serious violation", async ({ page }) => {
      const handoff = await firstRecord(page, "/handoffs?repo=", "/handoffs/");
      await page.goto(handoff);
      await page.getByRole("button", { name: "Resume…" }).click();
      const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
      await expect(dialog.getByTestId("resume-prompt")).toBeVisible();
      expect(await seriousViolations(page, colorScheme)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: "Search Baton" });
      await expect(palette).toBeVisible();
      await page.keyboard.type("acme");
      await expect(palette.getByRole("option").first()).toBeVisible();
      expect(await seriousViolations(page, colorScheme)).toEqual([]);
    });
  });
}
