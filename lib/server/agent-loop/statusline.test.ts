import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GitFixture, handoffMarkdown } from "../test-support/git-fixture";
import { statusLine } from "./statusline";

const HANDOFF = "docs/ai/handoff/codex/01122026/handoff_start.md";

describe("baton statusline", () => {
  it("prints one line from Claude Code's context_window, with the next threshold and the open handoff", async () => {
    const repo = new GitFixture("statusline-repo");
    repo.write("README.md", "x\n").commit("init");
    repo.write(HANDOFF, handoffMarkdown({ phase: "start", runtime: "codex", path: HANDOFF })).commit("handoff");
    repo.write(".moai/config.json", JSON.stringify({ session: { context_budget: { warning_threshold_percent: 75, emergency_threshold_percent: 85 } } }));
    const env = { BATON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "baton-statusline-")), NODE_ENV: "test" as const };
    const stdin = (usage: object) => JSON.stringify({ session_id: "s", model: { id: "claude-sonnet-4-5", display_name: "Sonnet 4.5" }, workspace: { current_dir: repo.root }, context_window: { context_window_size: 200_000, current_usage: usage } });
    const line = await statusLine(stdin({ input_tokens: 3, cache_creation_input_tokens: 497, cache_read_input_tokens: 119_500, output_tokens: 30 }), { env });
    expect(line).toBe(`Sonnet 4.5 · context 60 % (handoff at 75 %) · open handoff: ${HANDOFF}`);
    expect(await statusLine(stdin({ input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 159_997 }), { env })).toContain("context 80 % (handoff at 85 %)");
    expect(await statusLine(JSON.stringify({ context_window: { context_window_size: 200_000, used_percentage: 91 }, workspace: { current_dir: repo.root } }), { env: { ...env, BATON_HANDOFF_AT: "90" } })).toContain("context 91 % (past the handoff threshold: write the handoff)");
  });

  it("says something short, on one line, for stdin it cannot read", async () => {
    const env = { BATON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "baton-statusline-")), NODE_ENV: "test" as const };
    for (const input of ["", "garbage", "[]"]) {
      const line = await statusLine(input, { env });
      expect(line).not.toContain("\n");
      expect(line).toContain("Baton");
    }
    expect(await statusLine(JSON.stringify({ workspace: { current_dir: os.tmpdir() } }), { env })).toBe("context: no request yet · no open handoff");
  });
});
