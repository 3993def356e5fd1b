/**
 * Every agent runtime Baton knows, as one table: the id (the slug in handoff paths, log sources, URLs
 * and `--runtime`), how people see it (name, the tool's own name, a short label, a colour), the other
 * names a handoff may use for it, where its logs live and which telemetry it sends. Code reads these
 * through lib/core/runtimes/runtimes.ts; a new runtime is a new row here (and, where it resumes from a
 * shell, a row in resume-commands.ts).
 */

export interface RuntimeLogLocation {
  /** The environment variable that names its folders (a comma list), as ccusage 20 reads it. */
  variable: string;
  /** Default folders, each relative to the home folder (first match wins where that matters). */
  defaults: readonly (readonly string[])[];
}

export interface RuntimeRow {
  /** As on badges, the chain graph and the usage chart's legend. */
  name: string;
  /** The product's own name where people set it up or start it (the resume dialog, telemetry setup). */
  toolName: string;
  /** A short label for narrow terminal columns. */
  shortName: string;
  /** Brand colour (badges, the usage chart). */
  color: string;
  /** Other spellings of the id in handoffs and on the command line (lower case). */
  aliases: readonly string[];
  /** Where the CLI keeps its session logs; null when Baton reads none. */
  logs: RuntimeLogLocation | null;
  /** Whether it sends OpenTelemetry logs a Baton team server reads (`baton otel-env`). */
  sendsTelemetry: boolean;
}

export const RUNTIMES = {
  "claude-code": {
    name: "Claude Code",
    toolName: "Claude Code",
    shortName: "claude",
    color: "#d97757",
    aliases: ["claude", "claude code"],
    // `$XDG_CONFIG_HOME/claude` (else ~/.config/claude) comes first: discover-agent-sources.ts.
    logs: { variable: "CLAUDE_CONFIG_DIR", defaults: [[".config", "claude"], [".claude"]] },
    sendsTelemetry: true,
  },
  codex: {
    name: "Codex",
    toolName: "Codex CLI",
    shortName: "codex",
    color: "#10a37f",
    aliases: ["codex-cli", "openai-codex"],
    logs: { variable: "CODEX_HOME", defaults: [[".codex"]] },
    sendsTelemetry: true,
  },
  "gemini-cli": {
    name: "Gemini CLI",
    toolName: "Gemini CLI",
    shortName: "gemini-cli",
    color: "#4285f4",
    aliases: ["gemini"],
    logs: { variable: "GEMINI_DATA_DIR", defaults: [[".gemini", "tmp"]] },
    sendsTelemetry: true,
  },
  opencode: {
    name: "OpenCode",
    toolName: "OpenCode",
    shortName: "opencode",
    color: "#a855f7",
    aliases: ["open-code"],
    logs: { variable: "OPENCODE_DATA_DIR", defaults: [[".local", "share", "opencode"]] },
    sendsTelemetry: false,
  },
  antigravity: {
    name: "Antigravity",
    toolName: "Antigravity",
    shortName: "antigravity",
    color: "#f59e0b",
    aliases: ["agy", "google-antigravity"],
    logs: null,
    sendsTelemetry: false,
  },
} as const satisfies Record<string, RuntimeRow>;

/**
 * Not a runtime: the session-state files (seed / MoAI) found in registered repos. Their sessions and
 * their source are of this kind.
 */
export const STATE_FILES_KIND = "seed";

/** The resume target for any other agent: the prompt is pasted, no command. */
export const GENERIC_RUNTIME = "generic";
