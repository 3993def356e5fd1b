import { expect, test, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "it only reads what the demo scan wrote; each query it drives also runs on both databases in the unit tests (lib/server/queries)");

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

// Issue 30 item 7: the handoff once in structure, then what changed, then the sessions, then the file
// itself once (rendered or source, in tabs); one title; the Source tab as tall as its lines.
test("the handoff page reads in one order: the handoff, its changes, the session, the file once in tabs", async ({ page }) => {
  await page.goto("/handoffs?runtime=codex");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "fix-typecheck-errors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "fix-typecheck-errors" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  const top = async (name: string) => (await page.getByRole("region", { name }).boundingBox())!.y;
  const file = page.getByTestId("handoff-file");
  const order = [await top("Goal"), await top("Next action"), await top("Changes since the previous handoff"), await top("Session that wrote it"), (await file.boundingBox())!.y];
  expect(order).toEqual([...order].sort((a, b) => a - b));

  // The file once: the Rendered tab shown, the Source tab's panel hidden until chosen.
  const rendered = page.getByRole("tabpanel", { name: "Rendered" });
  const source = page.locator("#handoff-file-panel-source");
  await expect(page.getByRole("tab", { name: "Rendered" })).toHaveAttribute("aria-selected", "true");
  await expect(rendered).toBeVisible();
  await expect(source).toBeHidden();
  await page.getByRole("tab", { name: /^Source/ }).click();
  await expect(source).toBeVisible();
  await expect(rendered).toBeHidden();
  await expect(source.locator("#L1")).toBeVisible();
  // No empty box: the panel is its numbered lines and its padding.
  const panel = (await source.boundingBox())!;
  const lines = (await source.locator("pre").boundingBox())!;
  expect(panel.height).toBeLessThanOrEqual(lines.height + 40);
  await shot(page, "handoff-reading-order");

  // On a phone the same order, the lint, git and cost facts after the session and before the file
  // (beside the handoff on a wide screen).
  expect(await top("Lint findings (1)")).toBeLessThan(await top("Changes since the previous handoff"));
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = [await top("Goal"), await top("Changes since the previous handoff"), await top("Session that wrote it"), await top("Lint findings (1)"), (await file.boundingBox())!.y];
  expect(phone).toEqual([...phone].sort((a, b) => a - b));
  await shot(page, "handoff-reading-order-phone");
});
