import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

test("sessions list → a session with a compaction: burn chart, thresholds, markers and the context stack", async ({ page }) => {
  await page.goto("/sessions?sort=peak");
  const table = page.getByRole("table", { name: "Sessions" });
  await expect(table.getByRole("row")).toHaveCount(8);
  await shot(page, "sessions-list");

  // Sessions are titled by their first prompt (demo/sessions.yaml), the id kept below it to copy.
  const title = "Finish the repository layer and add route tests for every billing endpoint";
  const row = table.getByRole("row").filter({ hasText: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" });
  await expect(row.getByRole("link", { name: title })).toBeVisible();
  await expect(row.getByText(title, { exact: true })).toBeVisible();
  // The Codex session's title is what was typed, not the environment context Codex sent before it.
  await expect(table.getByRole("link", { name: /^Continue the repository refactor from the handoff: payments and refunds next/ })).toBeVisible();
  await expect(table).not.toContainText("environment_context");

  await table.getByRole("link", { name: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("session-id")).toHaveText("9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d");
  // Exact totals from the log: 120 de-duplicated requests although every response was written as two lines.
  await expect(page.getByText("de-duplicated, subagents included").locator("..")).toContainText("120");

  const chart = page.getByTestId("burn-chart");
  await expect(chart.locator(".recharts-area-area")).toHaveCount(1);
  // Threshold lines from the repo's budget config (75 %, 85 %) and the protocol's handoff zone.
  await expect(chart.locator(".recharts-reference-line")).not.toHaveCount(0);
  await expect(chart.getByText("75 %")).toBeVisible();
  await expect(chart.getByText("85 %")).toBeVisible();
  await expect(chart.getByText("handoff zone")).toBeVisible();
  // The compaction and the handoff written in this session are marked.
  await expect(page.locator('[data-marker="compaction"]')).toContainText("auto");
  await expect(page.locator('[data-marker="handoff"]')).toContainText("route-tests");
  // …on the chart too: the compaction's line, and the handoff's, written a minute after the last request.
  await expect(chart.getByText("⟲", { exact: true })).toBeVisible();
  await expect(chart.getByText("✎", { exact: true })).toBeVisible();

  const stack = page.getByTestId("context-stack");
  await expect(stack.locator('[data-band="baseline"]')).toBeVisible();
  await expect(stack.locator('[data-band="conversation"]')).toBeVisible();
  // Claude Code logs show the tool results sent back: estimated out of the conversation.
  await expect(stack.locator('[data-band="tool-results"]')).toBeVisible();
  await expect(stack).toContainText("Tool results");
  await expect(stack).toContainText("estimated");
  await expect(stack).toContainText("measured");
  await expect(stack).toContainText("declared");
  await expect(stack.getByRole("img", { name: "Declared allocation" })).toBeVisible();
  // Selecting another request moves the stack.
  await page.getByRole("button", { name: "Peak" }).click();
  const before = await stack.textContent();
  await page.getByRole("slider", { name: "Selected request" }).fill("10");
  await expect(stack).not.toHaveText(before ?? "");
  // The chart marks the request the stack shows, in a colour of its own (its legend says so).
  await expect(chart.getByText("#11", { exact: true })).toBeVisible();
  await expect(page.getByText("request in the stack")).toBeVisible();
  await shot(page, "session-detail");
});

test("a handoff shows its session's burn up to the moment it was written", async ({ page }) => {
  await page.goto("/handoffs?q=conflict-resolution");
  await page.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "conflict-resolution" }).click();
  const panel = page.getByRole("region", { name: "Session that wrote it" });
  await expect(panel).toContainText("2f4e6d8c-0b1a-4c3e-9d5f-7a6b8c9d0e1f");
  await expect(panel).toContainText("linked by session id");
  await expect(panel.getByTestId("handoff-timing")).toContainText("In time");
  await expect(panel.getByTestId("burn-chart")).toBeVisible();
  await expect(panel.locator('[data-marker="handoff"]')).toContainText("conflict-resolution");
  await expect(panel.getByTestId("burn-chart").getByText("✎", { exact: true })).toBeVisible();
  // No stack here, so no request is marked as selected (it would cover the handoff's own line).
  await expect(panel.getByText("request in the stack")).toHaveCount(0);
  // The legend names only the markers drawn: this session has a handoff, no compaction or checkpoint.
  await expect(panel.getByText("handoff", { exact: true })).toBeVisible();
  await expect(panel.getByText("compaction", { exact: true })).toHaveCount(0);
  await expect(panel.getByText("checkpoint", { exact: true })).toHaveCount(0);
  await panel.screenshot({ path: "test-results/screenshots/handoff-session-panel.png" });
});

test("sources page shows each source's health", async ({ page }) => {
  await page.goto("/sources");
  const table = page.getByRole("table", { name: "Sources" });
  // Kinds named as the runtime badges name them.
  await expect(table).toContainText("Claude Code");
  await expect(table).toContainText("Codex");
  await expect(table).toContainText("Gemini CLI");
  // Rescan everything registered from the page: nothing changed since the demo scan (the demo's three
  // repos and e2e's hostile-markdown one, scripts/e2e-server.mjs).
  await page.getByRole("button", { name: "Rescan now" }).click();
  await expect(page.getByRole("status")).toContainText(/Rescanned 4 repos in [\d.]+ s: 0 new handoffs, 0 agent log files read/, { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Scan notices" })).toHaveCount(0);
  await shot(page, "sources");

  // A symbolic link in an agent folder is not followed, and the rescan says so.
  const claudeRoot = (await table.getByRole("row").filter({ hasText: "Claude Code" }).locator(".font-mono").textContent())!.trim();
  const link = path.join(claudeRoot, "projects", "linked-elsewhere");
  symlinkSync(os.tmpdir(), link);
  try {
    await page.reload();
    await page.getByRole("button", { name: "Rescan now" }).click();
    const notices = page.getByRole("list", { name: "Scan notices" });
    await expect(notices).toContainText("1 symbolic link was not followed", { timeout: 30_000 });
    await expect(notices).toContainText("linked-elsewhere");
    // …and stays listed as an issue of the source until the link is gone.
    await page.goto("/errors");
    await expect(page.getByText("projects/linked-elsewhere").filter({ visible: true })).toBeVisible();
    await expect(page.getByText("agent-symlink-not-followed")).toBeVisible();
  } finally {
    rmSync(link);
  }
  await page.goto("/sources");
  await page.getByRole("button", { name: "Rescan now" }).click();
  await expect(page.getByRole("status")).toContainText("Rescanned", { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Scan notices" })).toHaveCount(0);
  await page.goto("/errors");
  await expect(page.getByRole("heading", { name: "Ingest errors" })).toBeVisible();
  await expect(page.getByText("projects/linked-elsewhere")).toHaveCount(0);
});

test("sources page says where Baton looked when a repo has no handoffs, with the line to add", async ({ page }) => {
  // A demo repo whose settings ignore its handoff folders finds nothing on the next rescan; put back after.
  const dataDir = path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data");
  const repo = path.join(dataDir, "demo", "ledger-api");
  const settings = path.join(repo, ".baton.json");
  writeFileSync(settings, JSON.stringify({ ignore: ["docs/ai/handoff/**", ".claude/handoffs/**"] }));
  // …and a link where a handoff would be, leaving the repo: reported on the Ingest errors page, never read.
  const link = path.join(repo, "HANDOFF-elsewhere.md");
  symlinkSync("/etc/passwd", link);
  try {
    await page.goto("/sources");
    await page.getByRole("button", { name: "Rescan now" }).click();
    await expect(page.getByRole("status")).toContainText("Rescanned", { timeout: 30_000 });
    await page.reload();
    const card = page.getByRole("region", { name: "No handoffs found in ledger-api" });
    await expect(card).toContainText("Baton looked for");
    await expect(card).toContainText("folders named handoff, handoffs, hand-off, hand-offs (any case, any depth)");
    await expect(card).toContainText("ignoring: .claude/handoffs/**, docs/ai/handoff/**");
    await expect(card).toContainText("settings from .baton.json");
    await shot(page, "sources-nothing-found");
    await page.goto("/errors");
    await expect(page.getByText("HANDOFF-elsewhere.md")).toBeVisible();
    await expect(page.getByText("worktree-symlink-not-followed")).toBeVisible();
    await expect(page.getByText("root:x:0:0")).toHaveCount(0);
  } finally {
    rmSync(settings, { force: true });
    rmSync(link, { force: true });
  }
  await page.goto("/sources");
  await page.getByRole("button", { name: "Rescan now" }).click();
  await expect(page.getByRole("status")).toContainText("Rescanned", { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole("region", { name: "No handoffs found in ledger-api" })).toHaveCount(0);
  await page.goto("/errors");
  await expect(page.getByText("HANDOFF-elsewhere.md")).toHaveCount(0);
});
