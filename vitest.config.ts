import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "cli/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./vitest.global-setup.ts"],
    // Generous for the same reason as Playwright's: the unit tests run beside the browser tests (scripts/test-all.mjs).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most files spend
    // their time waiting on git, child processes and databases: three at once keeps both cores busy.
    maxWorkers: Number(process.env.BATON_TEST_WORKERS ?? 3),
  },
});
