import { expect, test, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "it only reads what the demo scan wrote; each query it drives also runs on both databases in the unit tests (lib/server/queries)");

test("the resume dialog warns before resuming a handoff with lint errors", async ({ page }) => {
  await page.goto("/handoffs?q=audit-log-schema");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "audit-log-schema" }).click();
  await page.getByRole("button", { name: "Resume…" }).click();
  const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
  const warnings = dialog.getByRole("region", { name: "Before you resume" });
  await expect(warnings).toContainText(/The handoff has 2 lint error\(s\)/);
  await expect(dialog.getByTestId("resume-prompt")).toContainText("write a new handoff");
  await shot(page, "resume-dialog-warnings");
});
