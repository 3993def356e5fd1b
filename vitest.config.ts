import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "cli/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machines, which
    // then wait on git, SQLite and PostgreSQL one file at a time. Two workers there: on a subset of the
    // slowest files (resume, discovery, markdown, masking) 191 s instead of 238 s on a loaded machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
