/* global document, window -- the functions given to page.evaluate / waitForFunction run in the browser */
// `npm run screenshots`: the README's pictures, from the built-in demo workspace only (the e2e run
// registers hostile test repos beside it, which have no place in a README). Starts `baton serve --demo`
// on a scratch data folder and port, captures each page in Chromium (light, and dark where named), and
// writes docs/screenshots/*.png. Needs a production build (`npm start` or `next build` made one) and
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Look at every picture before committing it.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "docs", "screenshots");
const port = Number(process.env.BATON_SCREENSHOT_PORT ?? 3217);
const origin = `http://127.0.0.1:${port}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-screenshots-"));

const server = spawn(process.execPath, [path.join(root, "bin", "baton.mjs"), "serve", "--demo", "--port", String(port)], {
  cwd: root,
  env: { ...process.env, BATON_DATA_DIR: scratch, DATABASE_URL: `file:${path.join(scratch, "baton.db")}`, NEXT_TELEMETRY_DISABLED: "1" },
  stdio: ["ignore", "inherit", "inherit"],
});

async function healthy() {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${origin}/api/health`).catch(() => null);
    if (response?.ok) return;
    if (server.exitCode !== null) throw new Error(`baton serve exited with ${server.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("baton serve did not answer /api/health within 5 minutes");
}

/** Waits until the page is shown: no streamed segment left hidden, no skeleton, fonts loaded. */
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function capture(page, address, name, { fullPage = false, before } = {}) {
  await page.goto(`${origin}${address}`);
  await settled(page);
  if (before) await before(page);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(`docs/screenshots/${name}.png  ${address}`);
}

try {
  await healthy();
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const light = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
    await capture(light, "/", "overview", { fullPage: true });
    await light.goto(`${origin}/sessions`);
    await settled(light);
    const session = await light.getByRole("table", { name: "Sessions" }).getByRole("link", { name: /9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/ }).first().getAttribute("href");
    await capture(light, session, "session-detail", { fullPage: true });
    // The agent loop (docs/agent-loop.md): the burn chart with the context guard's marker.
    await light.goto(`${origin}/sessions`);
    await settled(light);
    const looped = await light.getByRole("table", { name: "Sessions" }).getByRole("link", { name: /7c1e4b2a-93f0-4d7e-b1c2-5a8f0e6d3b91/ }).first().getAttribute("href");
    await light.goto(`${origin}${looped}`);
    await settled(light);
    // The card down to its marker list (the stack below it is another picture's subject).
    const card = await light.getByRole("region", { name: "Token burn" }).boundingBox();
    const markers = await light.getByRole("list", { name: "Markers" }).boundingBox();
    await light.screenshot({ path: path.join(out, "agent-loop-burn.png"), fullPage: true, clip: { x: card.x, y: card.y, width: card.width, height: markers.y + markers.height + 16 - card.y } });
    console.log(`docs/screenshots/agent-loop-burn.png  ${looped}`);
    // A handoff's page in its reading order (the structure, the changes since the previous one, the
    // session that wrote it, then the file in tabs): the demo chain's second handoff.
    await light.goto(`${origin}/handoffs?runtime=codex`);
    await settled(light);
    const handoff = await light.getByRole("table", { name: "Handoffs" }).getByRole("link", { name: "fix-typecheck-errors" }).first().getAttribute("href");
    await capture(light, handoff, "handoff-detail", { fullPage: true });
    await capture(light, "/sessions", "sessions");
    await capture(light, "/usage", "usage", { fullPage: true });
    await capture(light, "/reviews", "reviews");
    await light.goto(`${origin}/chains`);
    await settled(light);
    const chain = await light.getByRole("region", { name: "acme-billing" }).getByRole("link", { name: /Graph of/ }).first().getAttribute("href");
    await capture(light, chain, "chain-graph");
    await capture(light, "/", "command-palette", {
      before: async (page) => {
        await page.keyboard.press("Control+k");
        await page.getByRole("dialog").getByRole("combobox").fill("route");
        await page.waitForTimeout(800);
      },
    });
    const dark = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
    await capture(dark, "/", "overview-dark");
    await capture(dark, handoff, "handoff-detail-dark", { fullPage: true });
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "light", isMobile: true, hasTouch: true });
    await capture(phone, chain, "chain-graph-phone");
    await capture(phone, handoff, "handoff-detail-phone", { fullPage: true });
  } finally {
    await browser.close();
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(scratch, { recursive: true, force: true });
}
