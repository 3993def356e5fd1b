/**
 * Live updates, one user: a page left open shows a change made elsewhere (here a new handoff committed
 * to a registered repo and a rescan asked for by another client), without a reload. How fast is the bench's
 * to measure (bench/live-bench.ts: every client gets a write within 2 s at p95, under load): here the page
 * only has to show it while a loaded CI machine runs three passes, and the time it took is logged.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, oncePerDatabase } from "./fixtures/test";
import { shot } from "./screenshot";

oncePerDatabase(test);

const dataDir = path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data");
// The hostile-markdown repo scripts/e2e-server.mjs registers beside the demo. The new handoff goes on a
// branch of its own with an old date, so no other spec's latest handoff or counts change.
const repo = path.join(dataDir, "hostile-markdown");

function commitHandoffOnBranch(phase: string) {
  const env = { ...process.env, GIT_AUTHOR_NAME: "Live", GIT_AUTHOR_EMAIL: "live@example.invalid", GIT_COMMITTER_NAME: "Live", GIT_COMMITTER_EMAIL: "live@example.invalid", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, env, stdio: ["ignore", "ignore", "inherit"] });
  git("checkout", "-q", "-b", `live-e2e-${phase}`);
  const relative = `docs/ai/handoff/claude-code/01012020/handoff_${phase}.md`;
  mkdirSync(path.dirname(path.join(repo, relative)), { recursive: true });
  writeFileSync(
    path.join(repo, relative),
    `# Handoff: ${phase}\n\n## Session identity\n- Runtime: claude-code\n- Timestamp: 2020-01-01T10:00:00Z\n- Branch: live-e2e-${phase}\n\n## Goal\nShow up live.\n\n## Next action\nNothing.\n`,
  );
  git("add", "-A");
  git("commit", "-q", "-m", `docs(handoff): ${phase}`);
  git("checkout", "-q", "main");
}

test("the live stream answers as Server-Sent Events that proxies must not buffer", async ({ page }) => {
  await page.goto("/");
  const answer = await page.evaluate(async () => {
    const abort = new AbortController();
    const response = await fetch("/api/events", { signal: abort.signal });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), accel: response.headers.get("x-accel-buffering"), first };
  });
  expect(answer).toMatchObject({ status: 200, cache: "no-cache, no-transform", accel: "no" });
  expect(answer.type).toMatch(/^text\/event-stream/);
  expect(answer.first).toMatch(/^retry: \d+\n\n/);
});

test("a rescan asked for elsewhere shows its new handoff on the open handoffs page, without a reload", async ({ page, request }) => {
  const phase = `live${Date.now().toString(36)}`;
  await page.goto(`/handoffs?q=${phase}`);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "connected");
  await expect(page.getByRole("link", { name: phase })).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

  commitHandoffOnBranch(phase);
  // Another client (no Origin: the CLI's way) asks for the rescan.
  const scan = await request.post("/api/scan", { headers: { "Content-Type": "application/json" }, data: {}, timeout: 60_000 });
  expect(scan.status()).toBe(200);
  expect(await scan.json()).toMatchObject({ handoffsNew: 1 });

  const scanned = Date.now();
  // 1.1–2.2 s on the PostgreSQL pass when three passes share two cores (the page is rendered again on the
  // event); a liveness bound, not a speed one: the bench holds the 2 s.
  await expect(page.getByRole("link", { name: phase })).toBeVisible({ timeout: 10_000 });
  console.log(`live: new handoff visible ${Date.now() - scanned} ms after the rescan answered`);
  // The same document: no reload.
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  await shot(page, "live-handoffs-after-rescan");
});
