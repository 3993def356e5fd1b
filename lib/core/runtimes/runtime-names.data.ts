/**
 * Each agent runtime's name and colour as people see them: on the badges, the chain graph, the usage
 * chart's legend. One table, so a runtime reads the same everywhere (an unknown id shows as itself).
 */
export const RUNTIME_NAMES: Readonly<Record<string, string>> = {
  "claude-code": "Claude Code",
  codex: "Codex",
  "gemini-cli": "Gemini CLI",
  opencode: "OpenCode",
  antigravity: "Antigravity",
};

export const RUNTIME_COLORS: Readonly<Record<string, string>> = {
  "claude-code": "#d97757",
  codex: "#10a37f",
  "gemini-cli": "#4285f4",
  opencode: "#a855f7",
  antigravity: "#f59e0b",
};

export function runtimeName(runtime: string | null): string {
  if (!runtime) return "unknown";
  return RUNTIME_NAMES[runtime] ?? runtime;
}
