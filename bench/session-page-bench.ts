/**
 * A session page for a long session (issue 3: "a 20,000-request session renders quickly"): a Claude
 * Code log of 20,000 requests and 128 compactions, ingested, served from the production build and
 * driven in Chromium. Measured against a 120-request session's page in the same run: time until the
 * burn chart and the context-window stack are drawn, and how long the stack's slider takes to show
 * another request (input to the next frame, in the page).
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { openBulkWriter } from "../lib/server/db/bulk";
import type { DatabaseTarget } from "../lib/server/db/database-url";
import { migrateDatabase } from "../lib/server/db/migrate";
import { scanAgentSources } from "../lib/server/sessions/scan-agents";
import { agentSessionId } from "../lib/server/sessions/session-ids";
import { startNextServer } from "./next-server";

const root = path.resolve(import.meta.dirname, "..");

/** A plain Claude Code transcript: a prompt and one response per request, the prompt growing ~900 tokens a turn until auto-compaction. */
function writeSession(file: string, sessionId: string, requests: number) {
  const fd = openSync(file, "w");
  try {
    let time = Date.UTC(2026, 10, 20, 8, 0, 0);
    let context = 20_000;
    let parent: string | null = null;
    for (let index = 0; index < requests; index++) {
      time += 4_000;
      const common = { sessionId, cwd: "/home/bench/long-project", gitBranch: "main", version: "2.1.0" };
      writeSync(fd, `${JSON.stringify({ ...common, type: "user", uuid: `p-${index}`, parentUuid: parent, timestamp: new Date(time).toISOString(), message: { role: "user", content: `step ${index}` } })}\n`);
      time += 3_000;
      context += 900;
      if (context > 170_000) {
        writeSync(fd, `${JSON.stringify({ ...common, type: "system", subtype: "compact_boundary", uuid: `c-${index}`, timestamp: new Date(time).toISOString(), compactMetadata: { trigger: "auto", preTokens: context } })}\n`);
        context = 30_000;
      }
      const usage = { input_tokens: 3, cache_creation_input_tokens: 900, cache_read_input_tokens: context - 903, output_tokens: 120 };
      writeSync(fd, `${JSON.stringify({ ...common, type: "assistant", uuid: `a-${index}`, parentUuid: `p-${index}`, requestId: `req_${index}`, timestamp: new Date(time).toISOString(), message: { id: `msg_${index}`, model: "claude-sonnet-4-5", role: "assistant", content: [{ type: "text", text: "ok" }], usage } })}\n`);
      parent = `a-${index}`;
    }
  } finally {
    closeSync(fd);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** In the page: set the slider to each value, time input -> next frame (after React's urgent render). Sent as source text. */
const sliderSource = `async (values) => {
  const input = document.querySelector('input[aria-label="Selected request"]');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  const out = [];
  for (const value of values) {
    const start = performance.now();
    setter.call(input, String(value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    out.push(performance.now() - start);
    // Let the deferred chart redraw finish before the next step.
    await new Promise((resolve) => setTimeout(resolve, 800));
  }
  return out;
}`;

export async function benchSessionPage(work: string, log: (text: string) => void) {
  const config = path.join(work, "session-page-claude");
  const projects = path.join(config, "projects", "-home-bench-long-project");
  rmSync(config, { recursive: true, force: true });
  mkdirSync(projects, { recursive: true });
  const longId = "11111111-2222-4333-8444-555555555555";
  const shortId = "66666666-7777-4888-9999-aaaaaaaaaaaa";
  log("writing a 20,000-request and a 120-request Claude Code session…");
  writeSession(path.join(projects, `${longId}.jsonl`), longId, 20_000);
  writeSession(path.join(projects, `${shortId}.jsonl`), shortId, 120);

  const filePath = path.join(work, "session-page.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(filePath + suffix, { force: true });
  const target: DatabaseTarget = { provider: "sqlite", url: `file:${filePath}`, filePath };
  await migrateDatabase(target);
  const bulk = openBulkWriter(target);
  const none = path.join(work, "none");
  const scan = await scanAgentSources({ bulk, env: { CLAUDE_CONFIG_DIR: config, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none }, homeDir: path.join(work, "empty-home") });
  await bulk.close();
  const sourceRoot = scan.sources[0]!.root;
  const pageOf = (id: string) => `/sessions/${agentSessionId("claude-code", sourceRoot, id)}`;

  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(chromiumPath)) {
    log("session page: no production build or no Chromium — skipped (run `npm run build` first)");
    return { benchmark: "session-page", results: [], ratios: {}, targets: {} };
  }
  const server = await startNextServer(target.url, 3490);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const draw = async (id: string) => {
        const start = Date.now();
        await page.goto(`${server.origin}${pageOf(id)}`);
        await page.getByTestId("burn-chart").locator(".recharts-area-area").first().waitFor();
        await page.getByTestId("context-stack").waitFor();
        return (Date.now() - start) / 1000;
      };
      // Once each first (server and browser caches), then alternating rounds.
      await draw(shortId);
      await draw(longId);
      const longDraws: number[] = [];
      const shortDraws: number[] = [];
      for (let round = 0; round < 3; round++) {
        log(`session page: drawing both sessions (round ${round + 1})…`);
        shortDraws.push(await draw(shortId));
        longDraws.push(await draw(longId));
      }
      const shown = await page.getByText(/showing [\d,]+ of [\d,]+ requests/).first().textContent();
      const steps = (await page.evaluate(`(${sliderSource})(${JSON.stringify([50, 200, 400, 600, 800, 1000, 1200])})`)) as number[];
      const longDraw = median(longDraws);
      const shortDraw = median(shortDraws);
      const step = median(steps);
      return {
        benchmark: "session-page",
        results: [
          { name: "reference: session page of a 120-request session, drawn in Chromium (after navigation)", seconds: shortDraw, note: `median of ${shortDraws.map((value) => value.toFixed(2)).join(" / ")} s` },
          { name: "session page of a 20,000-request, 128-compaction session, drawn in Chromium (after navigation)", seconds: longDraw, note: `median of ${longDraws.map((value) => value.toFixed(2)).join(" / ")} s; ${shown ?? "not downsampled"}` },
          { name: "its context-window stack's slider: input to the next frame", seconds: step / 1000, note: `median of ${steps.map((value) => value.toFixed(0)).join(" / ")} ms` },
        ],
        ratios: { longSessionPageVsShort: longDraw / shortDraw },
        targets: { longSessionPageWithin2xOfShort: longDraw <= 2 * shortDraw, sliderStepUnder100ms: step < 100 },
      };
    } finally {
      await browser.close();
    }
  } finally {
    server.stop();
  }
}
