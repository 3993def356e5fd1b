/**
 * Where each runtime compacts its context by itself, and which of the user's settings move that
 * point. The context guard must ask for the handoff before it (docs/agent-loop.md, "Before the
 * runtime compacts"): a threshold above the runtime's own compaction point never fires. Each number
 * names where it came from; lib/core/agent-loop/compaction-point.ts does the arithmetic.
 */

/**
 * The guard asks at least this many points of the window before the runtime's compaction point: room
 * for the turn that writes the handoff (read the files, write ~2-5K tokens, commit).
 */
export const COMPACTION_MARGIN_PERCENT = 5;

/**
 * Claude Code 2.1.197 (its bundled source, functions around `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`):
 * effective window = compaction window − min(the model's max output tokens, 20,000); auto-compaction
 * at effective window − 13,000 (167,000 of a 200,000 window: 83.5 %). `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`
 * (1-100) can only lower it: min(floor(effective × pct / 100), effective − 13,000).
 * `CLAUDE_CODE_AUTO_COMPACT_WINDOW` (tokens, 100,000-1,000,000, capped at the model's window) replaces
 * the compaction window. `DISABLE_AUTO_COMPACT`, `DISABLE_COMPACT` or `"autoCompactEnabled": false`
 * (~/.claude.json) turn it off. The docs (code.claude.com/docs/en/settings, environment variables):
 * "Values above the default threshold have no effect".
 */
export const CLAUDE_CODE_COMPACTION = {
  outputReserveTokens: 20_000,
  bufferTokens: 13_000,
  percentVariable: "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE",
  windowVariable: "CLAUDE_CODE_AUTO_COMPACT_WINDOW",
  windowMin: 100_000,
  windowMax: 1_000_000,
  offVariables: ["DISABLE_AUTO_COMPACT", "DISABLE_COMPACT"],
  /** The global config file and key that turn auto-compaction off (`claude config set -g autoCompactEnabled false`). */
  offSetting: { file: { user: { variable: "CLAUDE_CONFIG_DIR", inVariable: ".claude.json", inHome: ".claude.json" }, project: ".claude.json" }, key: "autoCompactEnabled" },
} as const;

/**
 * Codex 0.171.0 (codex-rs/protocol/src/openai_models.rs `ModelInfo::auto_compact_token_limit`, and
 * core/src/session/context_window.rs): auto-compaction when the active context reaches
 * min(`model_auto_compact_token_limit` from config.toml, 90 % of the model's context window). The
 * rollout's `model_context_window` is the usable window, the model's window × its
 * `effective_context_window_percent` (95 by default: 258,400 = 272,000 × 95 % for gpt-5.5), so the
 * default point is 244,800 of gpt-5.5's 258,400: 94.7 %. `model_context_window` in config.toml changes
 * the model's window, capped at the model's maximum (models-manager `with_config_overrides`; 272,000
 * for gpt-5.5): the rollout's window already reflects it.
 */
export const CODEX_COMPACTION = {
  /** The user's config.toml (`profile = "…"` selects `[profiles.…]`), then the project's. */
  config: { user: { variable: "CODEX_HOME", inVariable: "config.toml", inHome: ".codex/config.toml" }, project: ".codex/config.toml" },
  percentOfModelWindow: 90,
  effectiveWindowPercent: 95,
  limitKey: "model_auto_compact_token_limit",
} as const;

/**
 * Gemini CLI 0.61.0 (packages/core chatCompressionService `compress`, settings schema): it compresses
 * the history before a turn when the last prompt reached `model.compressionThreshold` (a fraction,
 * default 0.5) × its token limit (1,048,576 for every model, `tokenLimits.ts`). Older versions read
 * `chatCompression.contextPercentageThreshold` (the same fraction). Settings: ~/.gemini/settings.json,
 * overridden by the project's .gemini/settings.json. (A remote experiment can set another fraction
 * when no setting is given: Baton cannot see it.)
 */
export const GEMINI_CLI_COMPACTION = {
  settings: { user: { variable: null, inVariable: "", inHome: ".gemini/settings.json" }, project: ".gemini/settings.json" },
  defaultFraction: 0.5,
  tokenLimit: 1_048_576,
  settingPaths: [
    ["model", "compressionThreshold"],
    ["chatCompression", "contextPercentageThreshold"],
  ],
} as const;

/**
 * The window `baton hooks status` shows each runtime's effective threshold for (the hook itself uses
 * the session's real window): Claude Code's usual 200,000 (Baton's model table), Codex's usable window
 * for gpt-5.5 as its rollout states it, Gemini CLI's token limit.
 */
export const STATUS_WINDOWS = { "claude-code": 200_000, codex: 258_400, "gemini-cli": 1_048_576 } as const;
