import { expect, test, oncePerRun } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerRun(test, "sqlite-2", "it only reads what the demo scan wrote; each query it drives also runs on both databases in the unit tests (lib/server/queries)");

test("chain graph → node → resume dialog → copy the command and the prompt", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/chains");
  await expect(page.getByRole("heading", { name: "Chains" })).toBeVisible();
  await page.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "acme-billing" })).toBeVisible();

  const graph = page.getByTestId("chain-graph");
  await expect(graph.getByTestId("graph-node")).toHaveCount(7);
  // The broken pointer ends in a dangling node named after the path it points to.
  await expect(graph.getByTestId("missing-node")).toContainText("docs/ai/handoff/codex/19112026/handoff_audit-spike.md");
  // Open heads stand out.
  await expect(graph.locator('[data-testid="graph-node"][data-head="true"]')).toHaveCount(4);

  // Hover shows the next action.
  const codexNode = graph.locator('[data-testid="graph-node"][data-path="docs/ai/handoff/codex/21112026/handoff_fix-typecheck-errors.md"]');
  // Every node shows its name, however many badges it carries (wrapped badges once squeezed it to nothing).
  for (const [path, name] of [
    ["docs/ai/handoff/claude-code/18112026/handoff_bootstrap.md", "bootstrap"],
    ["docs/ai/handoff/codex/21112026/handoff_fix-typecheck-errors.md", "fix-typecheck-errors"],
    ["docs/ai/handoff/claude-code/25112026/handoff_route-tests.md", "route-tests"],
  ] as const) {
    await expect(graph.locator(`[data-testid="graph-node"][data-path="${path}"]`).getByText(name, { exact: true })).toBeVisible();
  }
  await codexNode.hover();
  await expect(page.getByRole("tooltip")).toContainText("9 remaining errors");
  await shot(page, "chain-graph");

  // Click a node: its details and the resume button.
  await graph.locator('[data-testid="graph-node"][data-path="docs/ai/handoff/gemini-cli/22112026/handoff_wire-bff-routes.md"]').click();
  const panel = page.getByRole("complementary", { name: "Selected handoff" });
  await expect(panel).toContainText("wire-bff-routes");
  await panel.getByRole("button", { name: "Resume…" }).click();

  const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { selected: true })).toContainText("Gemini CLI");
  const command = dialog.getByTestId("resume-command");
  await expect(command).toContainText("git checkout 'feat/repositories'");
  await expect(command).toContainText("gemini");
  await expect(dialog.getByText(/tokens \(estimate\)/)).toBeVisible();

  await dialog.getByRole("tab", { name: /Claude Code/ }).click();
  await expect(command).toContainText("claude");
  await dialog.getByRole("button", { name: "Copy command" }).click();
  await expect(dialog.getByText("Copied to clipboard").first()).toBeVisible();
  const copiedCommand = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedCommand).toBe(await command.textContent());

  await dialog.getByRole("button", { name: "Copy prompt" }).click();
  const copiedPrompt = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedPrompt).toBe(await dialog.getByTestId("resume-prompt").textContent());
  expect(copiedPrompt).toContain("docs/ai/handoff/gemini-cli/22112026/handoff_wire-bff-routes.md");
  expect(copiedPrompt).toContain("npm test -- bff");
  expect(copiedPrompt).toContain("12 passed, 2 failed");
  await shot(page, "resume-dialog");

  await dialog.getByRole("tab", { name: "Antigravity" }).click();
  await expect(dialog.getByText(/Antigravity has no command line/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the handoff page shows what changed since the previous handoff and resumes it", async ({ page }) => {
  await page.goto("/handoffs?q=fix-typecheck");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "fix-typecheck-errors" }).click();
  const changes = page.getByRole("region", { name: "Changes since the previous handoff" });
  await expect(changes).toContainText("72 errors in 9 files");
  await expect(changes).toContainText("9 errors in 1 file");
  await expect(changes.getByText("better").first()).toBeVisible();
  await page.getByRole("button", { name: "Resume…" }).click();
  const dialog = page.getByRole("dialog", { name: "Resume this handoff" });
  await expect(dialog.getByRole("tab", { selected: true })).toContainText("Codex");
  await expect(dialog.getByRole("region", { name: "Readiness" })).toContainText("Already resumed by");
  await shot(page, "handoff-changes");
});
