import type { Page } from "@playwright/test";

/**
 * Whether this run keeps screenshots for people to look at: with BATON_E2E_SHOTS=1 (`npm run test:e2e`
 * by a person looking at pages). `npm test` does not: a full-page PNG of a tall page costs a second of
 * CPU on a loaded 2-core machine, a hundred of them per run, and nobody looks at CI's. The README's own
 * pictures come from `npm run screenshots`.
 */
export const screenshotsWanted = process.env.BATON_E2E_SHOTS === "1";

/**
 * A full-page screenshot for people to look at (test-results/screenshots/<name>.png), taken from the
 * top: the sidebar is sticky, so a page left scrolled down would show it halfway down the capture.
 */
export async function shot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
