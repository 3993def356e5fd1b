import { describe, expect, it } from "vitest";
import { RESUME_RUNTIMES, resolveResumeRuntime, resumeTargetName } from "./resume-commands";
import {
  GENERIC_RUNTIME,
  isLogRuntime,
  isRuntimeId,
  LOG_RUNTIMES,
  RUNTIME,
  RUNTIME_IDS,
  runtimeColor,
  runtimeFromName,
  runtimeLogs,
  runtimeName,
  RUNTIMES,
  runtimeShortName,
  runtimeToolName,
  STATE_FILES_KIND,
  TELEMETRY_RUNTIMES,
} from "./runtimes";

describe("the runtime table", () => {
  it("names every id once, and the named constants are ids of the table", () => {
    expect(RUNTIME_IDS).toEqual(["claude-code", "codex", "gemini-cli", "opencode", "antigravity"]);
    for (const id of Object.values(RUNTIME)) expect(RUNTIME_IDS).toContain(id);
    expect(new Set(Object.values(RUNTIME)).size).toBe(RUNTIME_IDS.length);
  });

  it("derives which runtimes have logs, send telemetry and can be resumed", () => {
    expect(LOG_RUNTIMES).toEqual(["claude-code", "codex", "gemini-cli", "opencode"]);
    expect(TELEMETRY_RUNTIMES).toEqual(["claude-code", "codex", "gemini-cli"]);
    expect(RESUME_RUNTIMES).toEqual([...RUNTIME_IDS, GENERIC_RUNTIME]);
    expect(isLogRuntime("antigravity")).toBe(false);
    expect(isLogRuntime("codex")).toBe(true);
    expect(isRuntimeId(STATE_FILES_KIND)).toBe(false);
    expect(isRuntimeId("toString")).toBe(false);
  });

  it("gives each runtime its names and colour; an unknown id shows as itself", () => {
    expect(runtimeName("claude-code")).toBe("Claude Code");
    expect(runtimeName("codex")).toBe("Codex");
    expect(runtimeToolName("codex")).toBe("Codex CLI");
    expect(runtimeShortName("claude-code")).toBe("claude");
    expect(runtimeShortName("codex")).toBe("codex");
    expect(runtimeName("my-agent")).toBe("my-agent");
    expect(runtimeName(null)).toBe("unknown");
    expect(runtimeColor("gemini-cli")).toBe("#4285f4");
    expect(runtimeColor("my-agent")).toBeNull();
    expect(resumeTargetName(GENERIC_RUNTIME)).toBe("Any agent");
    expect(resumeTargetName("antigravity")).toBe("Antigravity");
    for (const id of RUNTIME_IDS) expect(RUNTIMES[id].color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("knows where each log runtime keeps its logs (the variables ccusage reads)", () => {
    expect(LOG_RUNTIMES.map((id) => runtimeLogs(id).variable)).toEqual(["CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_DATA_DIR", "OPENCODE_DATA_DIR"]);
    expect(runtimeLogs("codex").defaults).toEqual([[".codex"]]);
  });

  it.each([
    ["claude", "claude-code"],
    ["Claude Code", "claude-code"],
    ["claude_code", "claude-code"],
    ["OpenAI-Codex", "codex"],
    ["codex-cli", "codex"],
    ["gemini", "gemini-cli"],
    ["Open Code", "opencode"],
    ["agy", "antigravity"],
    ["unknown-runtime", null],
    ["", null],
  ])("reads the written name %j as %j", (written, expected) => {
    expect(runtimeFromName(written)).toBe(expected);
    expect(resolveResumeRuntime(written)).toBe(expected ?? GENERIC_RUNTIME);
  });
});
