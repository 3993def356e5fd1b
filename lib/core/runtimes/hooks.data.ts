/**
 * Each agent runtime's hook facts, the ones `baton hooks install` and the hook entry points rely on:
 * where its settings live, which events Baton installs for, how its transcript gives the context
 * position, and how it registers an MCP server. Checked against the real CLIs (Claude Code 2.1.197,
 * Codex 0.171.0, Gemini CLI 0.61.0; ../shared/STACK.md "Agent hooks with the real …") and their docs.
 * docs/agent-loop.md describes the same facts for people.
 */

/** The runtimes Baton puts itself into the loop of (OpenCode has plugins only: not covered). */
export const LOOP_RUNTIMES = ["claude-code", "codex", "gemini-cli"] as const;
export type LoopRuntime = (typeof LOOP_RUNTIMES)[number];

/** What Baton does on an event: give the resume context, or check the context position. */
export type LoopRole = "session-start" | "guard";

/** How a runtime's transcript (the hook stdin's `transcript_path`) is read for the context position. */
export type TranscriptFormat = "claude-jsonl" | "codex-rollout" | "gemini-chat";

export interface HookEventFact {
  /** The runtime's own event name, as written in its settings. */
  event: string;
  /** The word after `baton hook` (kebab-case of the event). */
  slug: string;
  role: LoopRole;
  /** The group's `matcher`, or null for none (every occurrence). */
  matcher: string | null;
}

/**
 * Where a settings file lives. User scope: `<$variable>/<inVariable>` when the environment variable
 * is set (CLAUDE_CONFIG_DIR, CODEX_HOME), else `$HOME/<inHome>`. Project scope: relative to the
 * repository root.
 */
export interface SettingsLocation {
  user: { variable: string | null; inVariable: string; inHome: string };
  project: string;
}

export interface RuntimeHookFacts {
  runtime: LoopRuntime;
  /** The file hooks are merged into (JSON, `{ "hooks": { "<Event>": [ { "matcher"?, "hooks": [ … ] } ] } }`). */
  hooksFile: SettingsLocation;
  events: readonly HookEventFact[];
  transcript: TranscriptFormat;
  /** Whether the runtime has a `statusLine` command setting (in the hooks file). */
  statusLine: boolean;
  /** Hook command timeout, in the unit the runtime reads (seconds for all three). */
  timeoutSeconds: number;
  /** Where `--mcp` registers `baton mcp`. */
  mcp:
    | { kind: "json"; file: SettingsLocation; key: "mcpServers" }
    | { kind: "toml"; file: SettingsLocation; table: "mcp_servers" };
  /** Whether the runtime runs a new hook only after the user trusts it (Codex: `hooks/list` trustStatus). */
  needsTrust: boolean;
}

const CLAUDE_SOURCES = "startup|resume|clear|compact";

export const RUNTIME_HOOK_FACTS: Readonly<Record<LoopRuntime, RuntimeHookFacts>> = {
  "claude-code": {
    runtime: "claude-code",
    // Claude Code also reads .claude/settings.local.json; Baton writes the shared files only.
    hooksFile: { user: { variable: "CLAUDE_CONFIG_DIR", inVariable: "settings.json", inHome: ".claude/settings.json" }, project: ".claude/settings.json" },
    events: [
      { event: "SessionStart", slug: "session-start", role: "session-start", matcher: CLAUDE_SOURCES },
      { event: "UserPromptSubmit", slug: "user-prompt-submit", role: "guard", matcher: null },
      { event: "PostToolUse", slug: "post-tool-use", role: "guard", matcher: "*" },
    ],
    transcript: "claude-jsonl",
    statusLine: true,
    timeoutSeconds: 30,
    // `claude mcp add --scope user` writes ~/.claude.json; `--scope project` writes .mcp.json.
    mcp: { kind: "json", file: { user: { variable: "CLAUDE_CONFIG_DIR", inVariable: ".claude.json", inHome: ".claude.json" }, project: ".mcp.json" }, key: "mcpServers" },
    needsTrust: false,
  },
  codex: {
    runtime: "codex",
    hooksFile: { user: { variable: "CODEX_HOME", inVariable: "hooks.json", inHome: ".codex/hooks.json" }, project: ".codex/hooks.json" },
    events: [
      // Codex's SessionStart sources are startup | resume | clear; no matcher runs it for each.
      { event: "SessionStart", slug: "session-start", role: "session-start", matcher: null },
      { event: "UserPromptSubmit", slug: "user-prompt-submit", role: "guard", matcher: null },
      { event: "PostToolUse", slug: "post-tool-use", role: "guard", matcher: null },
    ],
    transcript: "codex-rollout",
    statusLine: false,
    timeoutSeconds: 30,
    mcp: { kind: "toml", file: { user: { variable: "CODEX_HOME", inVariable: "config.toml", inHome: ".codex/config.toml" }, project: ".codex/config.toml" }, table: "mcp_servers" },
    needsTrust: true,
  },
  "gemini-cli": {
    runtime: "gemini-cli",
    hooksFile: { user: { variable: null, inVariable: "", inHome: ".gemini/settings.json" }, project: ".gemini/settings.json" },
    events: [
      { event: "SessionStart", slug: "session-start", role: "session-start", matcher: null },
      { event: "BeforeAgent", slug: "before-agent", role: "guard", matcher: null },
    ],
    transcript: "gemini-chat",
    statusLine: false,
    timeoutSeconds: 30,
    mcp: { kind: "json", file: { user: { variable: null, inVariable: "", inHome: ".gemini/settings.json" }, project: ".gemini/settings.json" }, key: "mcpServers" },
    needsTrust: false,
  },
};

export function isLoopRuntime(value: unknown): value is LoopRuntime {
  return typeof value === "string" && (LOOP_RUNTIMES as readonly string[]).includes(value);
}

/** The event a `baton hook <slug>` names for a runtime, or null when the runtime has no such event. */
export function hookEventFor(runtime: LoopRuntime, slug: string): HookEventFact | null {
  return RUNTIME_HOOK_FACTS[runtime].events.find((event) => event.slug === slug) ?? null;
}

/** Session-start sources that get the whole resume prompt; the others get a one-line reminder (docs/agent-loop.md). */
export const FULL_RESUME_SOURCES: ReadonlySet<string> = new Set(["startup", "clear"]);
