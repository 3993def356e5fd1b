import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createParsePool, defaultWorkerCount, WORKER_THRESHOLD_BYTES } from "./parse-pool";
import { parseAgentFile, parseAgentGroup, type AgentFileTask } from "./parse-agent-file";

const fixtures = path.resolve(import.meta.dirname, "../../core/sessions/__fixtures__/claude");

describe("parse pool", () => {
  it("starts workers only for a large read, on two cores or more, when the bundled worker is fresh: one per core beside the main thread's", () => {
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES - 1, 16, true)).toBe(0);
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES, 1, true)).toBe(0);
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES, 2, true)).toBe(1);
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES, 3, true)).toBe(2);
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES, 16, true)).toBe(3);
    expect(defaultWorkerCount(WORKER_THRESHOLD_BYTES, 16, false)).toBe(0);
  });

  it("a worker parses to exactly what the main thread does", async () => {
    const files = readdirSync(fixtures).filter((name) => name.endsWith(".jsonl")).map((name) => path.join(fixtures, name));
    expect(files.length).toBeGreaterThan(0);
    const tasks: AgentFileTask[] = files.map((entry, id) => ({ id, path: entry, format: "claude", offset: 0, lines: 0, carry: null, agentId: null, agentType: null, projectRoot: null }));
    const pool = createParsePool(1);
    try {
      const results = await Promise.all(tasks.map((task) => pool.run([task])));
      expect(results).toEqual(tasks.map((task) => ({ outcomes: [parseAgentFile(task)], facts: null })));
      // Several files read together: the same outcomes, and what they add up to merged.
      expect(await pool.run(tasks)).toEqual(parseAgentGroup(tasks));
    } finally {
      await pool.close();
    }
  });
});
