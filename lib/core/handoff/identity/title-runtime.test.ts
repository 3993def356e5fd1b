import { describe, expect, it } from "vitest";
import { runtimeInHeading } from "./title-runtime";

describe("runtimeInHeading", () => {
  it.each([
    ["[2025-11-30 08:45 CET] - Agent: Codex GPT", "codex"],
    ["📝 Journal de Passation — Claude Code", "claude-code"],
    ["2026-01-17 (Gemini CLI)", "gemini-cli"],
    ["Session 12 | Claude Code (Opus 4.5)", "claude-code"],
    ["Journal de passation - Gemini Pro", "gemini-cli"],
    // A relay: the sender writes the handoff.
    ["Handoff: Claude Code → GPT Codex", "claude-code"],
    ["Handoff: Codex → Claude (Governance Layer)", "codex"],
    ["Codex -> Gemini CLI", "codex"],
  ])("%s → %s", (heading, runtime) => {
    expect(runtimeInHeading(heading)).toBe(runtime);
  });

  it.each([
    "Migrate the Codex integration to the new API",
    "Claude Code guide for new contributors",
    "Handoff: Claude → Claude Code",
    "Migration → Codex",
    "Claude Code - Codex",
    "Documentation Multi-Agents",
    "Cursor / Claude",
  ])("names no single writer: %s", (heading) => {
    expect(runtimeInHeading(heading)).toBeNull();
  });
});
