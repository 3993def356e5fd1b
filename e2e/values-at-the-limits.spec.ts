import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

/**
 * Issue 15 items 3 and 8, issue 14's sessions, in the pages: a session at the largest legal values
 * (every count 10^8, two thousand requests) shows finite numbers in cards that do not overflow, a
 * hostile 1e308 reads as a reported 0, a rollout with no token counts is a session with a notice,
 * and a rescan on a read-only database says so in the Rescan button's line.
 * Named to run last (files run in name order): the sessions it adds stay after their files are gone,
 * as Baton keeps what a deleted log contributed, and other specs count the demo's sessions.
 */
const MAX = 100_000_000;
const BIG_SESSION = "f0000000-0000-4000-8000-00000000000f";
const QUIET_CODEX = "019b7a10-5d2e-7f31-9c44-0a1b2c3d4eff";

async function agentRoot(page: Page, kind: string): Promise<string> {
  await page.goto("/sources");
  const table = page.getByRole("table", { name: "Sources" });
  return (await table.locator(`tr[data-kind="${kind}"]`).locator(".font-mono").first().textContent())!.trim();
}

async function rescan(page: Page) {
  await page.goto("/sources");
  await page.getByRole("button", { name: "Rescan now" }).click();
  await expect(page.getByRole("status")).toContainText("Rescanned", { timeout: 30_000 });
}

test("the largest legal values: finite numbers, cards that fit; a hostile 1e308 is a reported 0; a rollout without counts has a notice", async ({ page }) => {
  const claudeRoot = await agentRoot(page, "claude-code");
  const codexRoot = await agentRoot(page, "codex");
  const project = path.join(claudeRoot, "projects", "-work-hostile");
  const codexDay = path.join(codexRoot, "sessions", "2026", "11", "30");
  mkdirSync(project, { recursive: true });
  mkdirSync(codexDay, { recursive: true });
  const at = (index: number) => new Date(Date.UTC(2026, 10, 30, 9, 0, 0) + index * 1000).toISOString();
  const lines = Array.from({ length: 2000 }, (_, index) =>
    JSON.stringify({
      type: "assistant",
      sessionId: BIG_SESSION,
      cwd: "/work/hostile",
      gitBranch: "main",
      timestamp: at(index),
      requestId: `req-${index}`,
      message: { id: `msg-${index}`, model: "claude-sonnet-4-5", usage: { input_tokens: MAX, cache_creation_input_tokens: MAX, cache_read_input_tokens: MAX, output_tokens: MAX } },
    }),
  );
  lines.push(JSON.stringify({ type: "assistant", sessionId: BIG_SESSION, timestamp: at(2001), requestId: "req-huge", message: { id: "msg-huge", model: "claude-sonnet-4-5", usage: { input_tokens: 1e308, output_tokens: 1 } } }));
  writeFileSync(path.join(project, `${BIG_SESSION}.jsonl`), `${lines.join("\n")}\n`);
  writeFileSync(
    path.join(codexDay, `rollout-2026-11-30T09-00-00-${QUIET_CODEX}.jsonl`),
    [
      JSON.stringify({ timestamp: at(0), type: "session_meta", payload: { id: QUIET_CODEX, cwd: "/work/desktop", git: { branch: "main" } } }),
      JSON.stringify({ timestamp: at(1), type: "response_item", payload: { type: "function_call", name: "shell", arguments: "{}" } }),
      JSON.stringify({ timestamp: at(2), type: "response_item", payload: { type: "function_call_output", output: "ok" } }),
    ].join("\n") + "\n",
  );
  try {
    await rescan(page);
    await page.goto("/sessions?sort=tokens");
    await page.getByRole("link", { name: BIG_SESSION }).click();
    await expect(page.getByRole("heading", { level: 1, name: BIG_SESSION })).toBeVisible();
    // 2,001 requests; the 1e308 one counts 0 input and its 1 output token.
    await expect(page.getByText("de-duplicated, subagents included").locator("..")).toContainText("2,001");
    const body = (await page.locator("main").textContent()) ?? "";
    expect(body).not.toMatch(/Infinity|NaN|e\+\d/);
    await expect(page.locator("main")).toContainText("200,000,000,000");
    // Peak 3·10^8 of a 200K window: a large, finite percentage.
    await expect(page.getByText("peak 150000.0 %")).toBeVisible();
    // No card's number runs out of its card.
    const overflowing = await page.locator("main .rounded-xl").evaluateAll((cards) => cards.filter((card) => card.scrollWidth > card.clientWidth + 1).map((card) => card.textContent));
    expect(overflowing).toEqual([]);
    await shot(page, "session-largest-values");
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await page.locator("main .rounded-xl").evaluateAll((cards) => cards.filter((card) => card.scrollWidth > card.clientWidth + 1).map((card) => card.textContent));
    expect(narrow).toEqual([]);
    await shot(page, "session-largest-values-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto("/errors");
    await expect(page.getByText(/message\.usage\.input_tokens is 1e\+308 \(beyond exact integers\), counted as 0/)).toBeVisible();

    await page.goto("/sessions?runtime=codex");
    await page.getByRole("link", { name: QUIET_CODEX }).click();
    await expect(page.getByRole("list", { name: "Session notices" })).toContainText("No token counts in this session's log files");
    await shot(page, "session-no-token-counts");
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(path.join(codexDay, `rollout-2026-11-30T09-00-00-${QUIET_CODEX}.jsonl`), { force: true });
  }
});

/** Root ignores file modes; an immutable file refuses writes even to root (skipped where chattr cannot). */
function canChattr(file: string): boolean {
  try {
    execFileSync("chattr", ["+i", file], { stdio: "ignore" });
    execFileSync("chattr", ["-i", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

test("Rescan on a read-only database: the button says so in one line", async ({ page }) => {
  const url = process.env.BATON_E2E_DATABASE_URL ?? `file:${path.join(path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data"), "baton.db")}`;
  test.skip(!url.startsWith("file:"), "needs the SQLite e2e database");
  const file = url.slice("file:".length);
  test.skip(!canChattr(file), "chattr +i is not available here (needs root and a file system that supports it)");
  // Something to write, so the rescan has to.
  const claudeRoot = await agentRoot(page, "claude-code");
  const project = path.join(claudeRoot, "projects", "-work-readonly");
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, "e0000000-0000-4000-8000-00000000000e.jsonl"),
    `${JSON.stringify({ type: "assistant", sessionId: "e0000000-0000-4000-8000-00000000000e", timestamp: "2026-11-30T09:00:00.000Z", requestId: "r", message: { id: "m", model: "claude-sonnet-4-5", usage: { input_tokens: 1 } } })}\n`,
  );
  // In WAL mode writes go to the -wal file first: both refuse them.
  const locked = [file, `${file}-wal`].filter((entry) => existsSync(entry));
  execFileSync("chattr", ["+i", ...locked]);
  try {
    await page.goto("/sources");
    await page.getByRole("button", { name: "Rescan now" }).click();
    await expect(page.getByRole("status")).toHaveText(`Rescan failed: the database file is read-only (${file}): make it and its folder writable, or set DATABASE_URL to another file`, { timeout: 30_000 });
    await shot(page, "rescan-read-only");
  } finally {
    execFileSync("chattr", ["-i", ...locked]);
    rmSync(project, { recursive: true, force: true });
  }
});
