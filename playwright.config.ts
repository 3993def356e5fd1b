import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  // Fail loudly with the fix, never skip: e2e tests are part of `npm test`.
  throw new Error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
}

const port = Number(process.env.BATON_E2E_PORT ?? 3107);
const dataDir = path.resolve(process.env.BATON_E2E_DATA_DIR ?? "e2e/.tmp/data");

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.BATON_E2E_OUTPUT_DIR ?? "test-results",
  // Generous: `npm test` runs the unit tests beside both passes on two cores; speed is `npm run bench`'s to
  // measure, so a test waits as long as a loaded machine needs and fails only when something never comes.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report of each pass lets `npm test` name the slowest specs (scripts/test-all.mjs).
  reporter: [["list"], ["json", { outputFile: path.resolve("test-results", `e2e-report-${process.env.BATON_E2E_PASS ?? "default"}.json`) }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    // A trace records every action's DOM and screenshots, for every test, to keep those of failures: with
    // BATON_E2E_TRACE=1 only (a person debugging), since it costs CPU the three passes share.
    trace: process.env.BATON_E2E_TRACE === "1" ? "retain-on-failure" : "off",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The server first builds the demo workspace and scans it (scripts/e2e-server.mjs): ~10 s on an idle
    // 2-core machine, past 60 s on a loaded one.
    timeout: 180_000,
    env: {
      BATON_DATA_DIR: dataDir,
      DATABASE_URL: process.env.BATON_E2E_DATABASE_URL ?? `file:${path.join(dataDir, "baton.db")}`,
      NEXT_TELEMETRY_DISABLED: "1",
      // The names the server answers to, as `baton serve` sets them (e2e/security.spec.ts).
      BATON_SERVE_PORT: String(port),
      BATON_ALLOWED_HOSTS: "baton-e2e.test",
    },
  },
});
