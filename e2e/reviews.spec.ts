import { expect, test, type Page, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

/**
 * Team review in single-user mode (the local user is an admin): the demo workspace's open chain heads
 * each have a review, opened by the scan. One review is claimed, blocked and unblocked, commented on at
 * a line, given a verdict; the timeline records each move and the badges elsewhere follow. The two-user
 * flows (another lane) use the same hooks: claim-button, claim-holder, comment-list.
 */

async function firstPendingReview(page: Page): Promise<{ id: string; handoffId: string; repoId: string }> {
  const response = await page.request.get("/api/reviews?state=pending");
  expect(response.ok()).toBe(true);
  const { reviews } = (await response.json()) as { reviews: { id: string; handoffId: string; repoId: string; repoName: string }[] };
  // One of the demo's realistic handoffs, not the hostile-markdown repo's.
  const demo = reviews.filter((review) => review.repoName !== "hostile-markdown");
  expect(demo.length).toBeGreaterThan(0);
  return demo[0]!;
}

test("the board shows every open head as a pending review, with counts, in columns and as a list", async ({ page }) => {
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expect(page.getByTestId("review-counts")).toContainText(/\d+ open · \d+ claimed · \d+ blocked/);
  const pending = page.getByTestId("review-column-pending");
  await expect(pending.getByTestId("review-card").first()).toBeVisible();
  await expect(pending.getByTestId("review-card").first().getByTestId("claim-holder")).toHaveText(/unclaimed|you/);
  await shot(page, "reviews-board");
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByRole("table", { name: "Reviews" })).toBeVisible();
  await expect(page).toHaveURL(/view=list/);
});

test("claim, block with a reason, unblock, comment on a line, verdict: all on the timeline and the badges", async ({ page }) => {
  const review = await firstPendingReview(page);
  await page.goto(`/reviews/${review.id}`);
  await expect(page.getByTestId("review-state")).toHaveText("Pending");
  await expect(page.getByTestId("claim-holder").first()).toHaveText(/unclaimed/);

  await page.getByTestId("claim-button").click();
  await expect(page.getByTestId("review-state")).toHaveText("In progress");
  await expect(page.getByTestId("claim-holder").first()).toContainText(/you \(\d+ min left\)/);

  // Block needs a reason.
  await page.getByTestId("transition-blocked").click();
  await expect(page.getByTestId("review-error")).toContainText("needs a reason");
  await page.getByLabel("Reason").fill("waiting on the staging database");
  await page.getByTestId("transition-blocked").click();
  await expect(page.getByTestId("review-state")).toHaveText("Blocked");
  await expect(page.getByText("Blocked: waiting on the staging database", { exact: true })).toBeVisible();
  await page.getByTestId("transition-in_progress").click();
  await expect(page.getByTestId("review-state")).toHaveText("In progress");

  // A comment on line 3, with a mention.
  await page.getByRole("button", { name: "Lines" }).click();
  await page.getByTestId("line-3").click();
  const composer = page.locator("#L3").getByTestId("comment-composer");
  await composer.getByRole("textbox").fill("Is this still true, @ann? **Check** before resuming.");
  await composer.getByRole("button", { name: "Comment" }).click();
  const lineComments = page.getByRole("list", { name: "Comments on line 3" });
  await expect(lineComments.getByTestId("comment")).toHaveCount(1);
  await expect(lineComments.locator(".mention")).toHaveText("@ann");
  await expect(lineComments.locator("strong")).toHaveText("Check");
  // In the rendered view it sits under its section.
  await page.getByRole("button", { name: "Rendered" }).click();
  await expect(page.getByTestId("comment-list").filter({ hasText: "Is this still true" })).toHaveCount(1);
  // Resolve it.
  await page.getByTestId("comment-list").filter({ hasText: "Is this still true" }).getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByTestId("comment-list").filter({ hasText: "Is this still true" })).toContainText("✓ resolved by local user");

  // Priority.
  await page.getByLabel("Priority").selectOption("2");
  await expect(page.getByTestId("review-timeline").locator('[data-kind="assigned"]').first()).toBeVisible();

  // A verdict.
  await page.getByLabel("Verdict", { exact: true }).selectOption("request_changes");
  await page.getByLabel("Verdict note").fill("The next action names a file that moved.");
  await page.getByTestId("verdict-submit").click();
  await expect(page.getByTestId("verdict")).toContainText("Changes requested by local user");

  const timeline = page.getByTestId("review-timeline");
  for (const kind of ["opened", "claimed", "transition", "comment", "resolved", "verdict"]) await expect(timeline.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
  await expect(timeline).toContainText("moved it In progress → Blocked: waiting on the staging database");
  await shot(page, "review-page");

  // Badges elsewhere: the overview's summary, the handoff list, the chain graph's head. The live stream
  // may refresh a page as it loads (the claim's event), which holds a hidden copy of it for a moment:
  // the visible one is meant.
  await page.goto("/");
  await expect(page.getByTestId("overview-review-summary").filter({ visible: true })).toContainText(/\d+ open · 1 claimed · 0 blocked/);
  await page.goto(`/handoffs`);
  await expect(page.locator('[data-testid="review-state-badge"][data-state="in_progress"]').first()).toBeVisible();
  await page.goto(`/chains/${review.repoId}`);
  await expect(page.locator('[data-testid="review-state-badge"]').first()).toBeVisible();

  // The board shows the claim on the card.
  await page.goto("/reviews?mine=1");
  // One card per review; the visible one (a refresh holds a hidden copy for a moment).
  const card = page.locator(`[data-review-id="${review.id}"]`).filter({ visible: true });
  await expect(card.getByTestId("claim-holder")).toContainText("you");

  // Release: back to pending, unclaimed.
  await page.goto(`/reviews/${review.id}`);
  await page.getByTestId("release-button").click();
  await expect(page.getByTestId("review-state")).toHaveText("Pending");
  await expect(page.getByTestId("claim-holder").first()).toHaveText(/unclaimed/);
});

test("a stale write answers 409 with the current version; the routes refuse a foreign origin", async ({ page }) => {
  const review = await firstPendingReview(page);
  const claim = await page.request.post(`/api/reviews/${review.id}/claim`, { data: {} });
  expect(claim.status()).toBe(200);
  const { version } = (await claim.json()) as { version: number };
  const stale = await page.request.post(`/api/reviews/${review.id}/transition`, { data: { version: version - 1, to: "completed" } });
  expect(stale.status()).toBe(409);
  expect(await stale.json()).toMatchObject({ version });
  const foreign = await page.request.post(`/api/reviews/${review.id}/release`, { data: { version }, headers: { origin: "http://evil.example" } });
  expect(foreign.status()).toBe(403);
  expect((await page.request.post(`/api/reviews/${review.id}/release`, { data: { version } })).status()).toBe(200);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the board and a review fit the screen", async ({ page }) => {
    await page.goto("/reviews");
    await expect(page.getByTestId("review-card").first()).toBeVisible();
    await shot(page, "reviews-board-phone");
    const review = await firstPendingReview(page);
    await page.goto(`/reviews/${review.id}`);
    await expect(page.getByTestId("claim-button")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, "review-page-phone");
  });
});
