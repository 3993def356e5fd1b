import type { Page } from "@playwright/test";

/**
 * A full-page screenshot for people to look at (test-results/screenshots/<name>.png), taken from the
 * top: the sidebar is sticky, so a page left scrolled down would show it halfway down the capture.
 */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
