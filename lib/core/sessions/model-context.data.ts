/**
 * Context windows by model family and version (data only; the naming rules that turn a model id
 * into a family and a version are in model-context.ts, documented in docs/token-accounting.md).
 * A (family, version) not listed here is `unknown`: never guessed from a neighbour, since a new
 * version can change the window (Claude Opus 4.6 moved from 200K to 1M).
 *
 * The number is the model's API context window (input limit for Google). A CLI may use less (Codex
 * writes its own `model_context_window`, which wins as source "log").
 */

/** When the sources below were read. */
export const MODEL_CONTEXT_READ_ON = "2026-12-02";

export interface ModelContextEntry {
  /** Family as model-context.ts derives it: "claude-opus", "gpt-codex-mini", "gemini-pro-image", … */
  family: string;
  /** "4", "4.5", "5.1", "4o": the version part of the id. */
  version: string;
  tokens: number;
  /** Where the number comes from. */
  source: string;
}

const ANTHROPIC = "https://platform.claude.com/docs/en/about-claude/models/overview";
const ANTHROPIC_WINDOWS = "https://platform.claude.com/docs/en/build-with-claude/context-windows";
const OPENAI = (model: string) => `https://platform.openai.com/docs/models/${model}`;
const GOOGLE = (model: string) => `https://ai.google.dev/gemini-api/docs/models/${model} (input token limit)`;

export const MODEL_CONTEXT: readonly ModelContextEntry[] = [
  // Anthropic: claude-<tier>-<major>[-<minor>][-<snapshot date>], and claude-<major>[-<minor>]-<tier> before 4.
  { family: "claude-opus", version: "5", tokens: 1_000_000, source: `${ANTHROPIC}: "Context window: 1M tokens"` },
  { family: "claude-sonnet", version: "5", tokens: 1_000_000, source: `${ANTHROPIC}: "Context window: 1M tokens"` },
  { family: "claude-opus", version: "4.8", tokens: 1_000_000, source: `${ANTHROPIC}: 1M tokens` },
  { family: "claude-opus", version: "4.7", tokens: 1_000_000, source: `${ANTHROPIC}: 1,000,000 tokens (Opus 4.7 launch, May 2026)` },
  { family: "claude-opus", version: "4.6", tokens: 1_000_000, source: `${ANTHROPIC}: 1M tokens (1M generally available March 2026)` },
  { family: "claude-sonnet", version: "4.6", tokens: 1_000_000, source: `${ANTHROPIC}: 1,000,000 tokens (1M generally available March 2026)` },
  { family: "claude-opus", version: "4.5", tokens: 200_000, source: `${ANTHROPIC_WINDOWS}: models before the 4.6 generation have 200K` },
  { family: "claude-sonnet", version: "4.5", tokens: 200_000, source: `${ANTHROPIC}: 200K (1M only with the context-1m beta header)` },
  { family: "claude-haiku", version: "4.5", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-opus", version: "4.1", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-opus", version: "4", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-sonnet", version: "4", tokens: 200_000, source: `${ANTHROPIC}: 200K (1M only with the context-1m beta header)` },
  { family: "claude-sonnet", version: "3.7", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-sonnet", version: "3.5", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-haiku", version: "3.5", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-opus", version: "3", tokens: 200_000, source: `${ANTHROPIC}: 200K` },
  { family: "claude-haiku", version: "3", tokens: 200_000, source: `${ANTHROPIC}: 200K` },

  // OpenAI: gpt-<version>[-<variant>][-<snapshot date>], o<version>[-<variant>].
  { family: "gpt", version: "5.5", tokens: 1_050_000, source: `${OPENAI("gpt-5.5")}: 1,050,000 context (Codex CLI uses less; its rollouts state the window)` },
  { family: "gpt", version: "5.4", tokens: 1_050_000, source: `${OPENAI("gpt-5.4")}: 1,050,000 context` },
  { family: "gpt-mini", version: "5.4", tokens: 400_000, source: `${OPENAI("gpt-5.4-mini")}: 400,000 context` },
  { family: "gpt-codex", version: "5.3", tokens: 400_000, source: `${OPENAI("gpt-5.3-codex")}: 400,000 context (272,000 input + 128,000 output)` },
  { family: "gpt-codex", version: "5.2", tokens: 400_000, source: `${OPENAI("gpt-5.2-codex")}: 400,000 context` },
  { family: "gpt", version: "5.2", tokens: 400_000, source: `${OPENAI("gpt-5.2")}: 400,000 context` },
  { family: "gpt-codex-max", version: "5.1", tokens: 400_000, source: `${OPENAI("gpt-5.1-codex-max")}: 400,000 context` },
  { family: "gpt-codex-mini", version: "5.1", tokens: 400_000, source: `${OPENAI("gpt-5.1-codex-mini")}: 400,000 context` },
  { family: "gpt-codex", version: "5.1", tokens: 400_000, source: `${OPENAI("gpt-5.1-codex")}: 400,000 context` },
  { family: "gpt", version: "5.1", tokens: 400_000, source: `${OPENAI("gpt-5.1")}: 400,000 context` },
  { family: "gpt-codex", version: "5", tokens: 400_000, source: `${OPENAI("gpt-5-codex")}: 400,000 context` },
  { family: "gpt", version: "5", tokens: 400_000, source: `${OPENAI("gpt-5")}: 400,000 context (272,000 input + 128,000 output)` },
  { family: "gpt-mini", version: "5", tokens: 400_000, source: `${OPENAI("gpt-5-mini")}: 400,000 context` },
  { family: "gpt-nano", version: "5", tokens: 400_000, source: `${OPENAI("gpt-5-nano")}: 400,000 context` },
  { family: "gpt", version: "4.1", tokens: 1_047_576, source: `${OPENAI("gpt-4.1")}: 1,047,576 context` },
  { family: "gpt-mini", version: "4.1", tokens: 1_047_576, source: `${OPENAI("gpt-4.1-mini")}: 1,047,576 context` },
  { family: "gpt", version: "4o", tokens: 128_000, source: `${OPENAI("gpt-4o")}: 128,000 context` },
  { family: "gpt-mini", version: "4o", tokens: 128_000, source: `${OPENAI("gpt-4o-mini")}: 128,000 context` },
  { family: "o", version: "3", tokens: 200_000, source: `${OPENAI("o3")}: 200,000 context` },
  { family: "o-mini", version: "4", tokens: 200_000, source: `${OPENAI("o4-mini")}: 200,000 context` },
  { family: "codex-mini", version: "latest", tokens: 200_000, source: `${OPENAI("codex-mini-latest")}: 200,000 context` },

  // Google: gemini-<version>-<tier>[-<variant>][-preview][-<date or revision>].
  { family: "gemini-pro", version: "3.1", tokens: 1_048_576, source: `${GOOGLE("gemini-3.1-pro-preview")}: 1,048,576` },
  { family: "gemini-pro", version: "3", tokens: 1_048_576, source: `${GOOGLE("gemini-3-pro-preview")}: 1,048,576` },
  { family: "gemini-pro-image", version: "3", tokens: 65_536, source: `${GOOGLE("gemini-3-pro-image-preview")}: 65,536` },
  { family: "gemini-flash", version: "3", tokens: 1_048_576, source: `${GOOGLE("gemini-3-flash-preview")}: 1,048,576` },
  { family: "gemini-flash-image", version: "3.1", tokens: 65_536, source: `${GOOGLE("gemini-3.1-flash-image-preview")}: 65,536` },
  { family: "gemini-pro", version: "2.5", tokens: 1_048_576, source: `${GOOGLE("gemini-2.5-pro")}: 1,048,576` },
  { family: "gemini-flash", version: "2.5", tokens: 1_048_576, source: `${GOOGLE("gemini-2.5-flash")}: 1,048,576` },
  { family: "gemini-flash-lite", version: "2.5", tokens: 1_048_576, source: `${GOOGLE("gemini-2.5-flash-lite")}: 1,048,576` },
  { family: "gemini-flash", version: "2.0", tokens: 1_048_576, source: `${GOOGLE("gemini-2.0-flash")}: 1,048,576` },
];
