import { expect, test } from "./fixtures/test";
import { shot } from "./screenshot";

// The demo chain's second handoff (Codex) after the first (Claude Code): PaymentRepository went from
// "Not started" to "Done" and was reworded on the way; the next action was rewritten.
test("changes since the previous handoff: a moved item once, prose before and after", async ({ page }) => {
  await page.goto("/handoffs?runtime=codex");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "fix-typecheck-errors" }).click();
  const changes = page.getByRole("region", { name: "Changes since the previous handoff" });
  await expect(changes).toBeVisible();

  const payment = changes.locator('[data-diff="moved"]', { hasText: "PaymentRepository" });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText("done (was not started)");
  // Once: not also listed as a new item and a dropped one.
  await expect(changes.locator('[data-diff="new-item"], [data-diff="dropped-item"]', { hasText: "PaymentRepository" })).toHaveCount(0);
  // An item under "### In progress" with an empty checkbox was in progress, as its heading said.
  await expect(changes.locator('[data-diff="moved"]', { hasText: "NotificationRepository" })).toContainText("done (was in progress)");

  // The next action, sentence by sentence: whole sentences before (−) and after (+), not interleaved words.
  const nextAction = changes.getByRole("list", { name: "Next action, before and after" });
  await expect(nextAction.locator('[data-diff="removed"]').first()).toContainText("Run npx prisma generate && npx tsc --noEmit");
  await expect(nextAction.locator('[data-diff="added"]').first()).toContainText("fix the 9 remaining errors");
  await changes.scrollIntoViewIfNeeded();
  await shot(page, "handoff-changes-moved");
});
