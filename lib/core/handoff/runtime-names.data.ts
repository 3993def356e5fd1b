/**
 * Names people write for the runtimes Baton knows and for other coding agents (documented in
 * docs/lint-rules.md). Matched against the lowercased runtime value.
 */

/** Harness names, tried first: each names one runtime whatever model it ran. */
export const RUNTIME_HARNESS_NAMES: readonly (readonly [slug: string, pattern: RegExp])[] = [
  ["antigravity", /\b(?:antigravity|agy)\b/],
  ["opencode", /\bopen[\s-]?code\b/],
  // "gpt-5-codex" is a model; "OpenAI-Codex" is the harness.
  ["codex", /(?<![\w-])codex\b|\bopenai[\s-]codex\b/],
  ["gemini-cli", /\bgemini[\s-]?cli\b/],
  ["claude-code", /\bclaude[\s-]?code\b/],
];

/** Model families that also name a runtime when nothing else does ("Claude", "Gemini"). */
export const RUNTIME_FAMILY_NAMES: readonly (readonly [slug: string, pattern: RegExp])[] = [
  ["gemini-cli", /\bgemini\b/],
  ["claude-code", /\bclaude\b/],
];

/**
 * Other coding agents. A value that names one of these ("GitHub Copilot (Claude Sonnet 4)", "Cursor /
 * Claude") is not a runtime Baton knows, even when the model it ran is a Claude or a Gemini.
 */
export const OTHER_AGENT_NAMES: readonly string[] = [
  "copilot", "cursor", "windsurf", "aider", "cline", "roo code", "roo cline", "kilo code", "kiro", "amp", "zed",
  "junie", "devin", "factory droid", "droid", "goose", "augment", "auggie", "jules", "qwen code", "crush", "warp", "trae",
  "openhands", "tabnine", "codeium", "replit", "bolt", "lovable", "cody", "sourcegraph",
];
