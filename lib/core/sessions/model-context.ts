/**
 * Context window by model id, from the providers' published model pages. Only ids listed here get
 * a number; anything else is `unknown` (never a family guess: a new model can change the window,
 * as Claude Opus 4.6 did when it moved from 200K to 1M).
 *
 * The number is the model's API context window. A CLI may use less (Codex caps at 95% of its
 * input limit and writes the result as `model_context_window`, which wins as source "log").
 */

export type ModelContextLookup = { tokens: number; source: "model-table" } | { tokens: null; source: "unknown" };

interface ModelContextEntry {
  tokens: number;
  /** Where the number comes from. */
  note: string;
}

const ANTHROPIC_MODEL_PAGE = "platform.claude.com/docs/en/models/<model>/overview";
const OPENAI_MODEL_PAGE = "platform.openai.com/docs/models/<model>";
const GOOGLE_MODEL_PAGE = "ai.google.dev/gemini-api/docs/models (input token limit)";

const MODEL_CONTEXT: Record<string, ModelContextEntry> = {
  // Anthropic. Ids also match with a `-YYYYMMDD` snapshot suffix.
  "claude-opus-5": { tokens: 1_000_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 1M tokens"` },
  "claude-sonnet-5": { tokens: 1_000_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 1M tokens"` },
  "claude-opus-4-8": { tokens: 1_000_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 1M tokens"` },
  "claude-opus-4-7": { tokens: 1_000_000, note: "Anthropic models overview (Opus 4.7 launch, May 2026): 1,000,000 tokens" },
  "claude-opus-4-6": { tokens: 1_000_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 1M tokens" (1M GA March 2026)` },
  "claude-sonnet-4-6": { tokens: 1_000_000, note: "Anthropic models overview: 1,000,000 tokens (1M GA March 2026)" },
  "claude-opus-4-5": { tokens: 200_000, note: "Anthropic context-windows page: models before the 4.6 generation have 200K" },
  "claude-sonnet-4-5": { tokens: 200_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 200K tokens" (1M only with the [1m] beta)` },
  "claude-haiku-4-5": { tokens: 200_000, note: `${ANTHROPIC_MODEL_PAGE}: "Context window: 200K tokens"` },
  "claude-opus-4-1": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-opus-4": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-sonnet-4": { tokens: 200_000, note: "Anthropic models overview: 200K (1M only with the context-1m beta header)" },
  "claude-3-7-sonnet": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-3-5-sonnet": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-3-5-haiku": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-3-opus": { tokens: 200_000, note: "Anthropic models overview: 200K" },
  "claude-3-haiku": { tokens: 200_000, note: "Anthropic models overview: 200K" },

  // OpenAI. Ids also match with a `-YYYY-MM-DD` snapshot suffix.
  "gpt-5.5": { tokens: 1_050_000, note: `${OPENAI_MODEL_PAGE}: 1,050,000 context (Codex CLI uses 400K; its rollouts state the window)` },
  "gpt-5.4": { tokens: 1_050_000, note: `${OPENAI_MODEL_PAGE}: 1,050,000 context` },
  "gpt-5.3-codex": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context (272,000 input + 128,000 output)` },
  "gpt-5.2-codex": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5.2": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5.1-codex": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5.1": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5-codex": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context (272,000 input + 128,000 output)` },
  "gpt-5-mini": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-5-nano": { tokens: 400_000, note: `${OPENAI_MODEL_PAGE}: 400,000 context` },
  "gpt-4.1": { tokens: 1_047_576, note: `${OPENAI_MODEL_PAGE}: 1,047,576 context` },
  "gpt-4.1-mini": { tokens: 1_047_576, note: `${OPENAI_MODEL_PAGE}: 1,047,576 context` },
  "gpt-4o": { tokens: 128_000, note: `${OPENAI_MODEL_PAGE}: 128,000 context` },
  "gpt-4o-mini": { tokens: 128_000, note: `${OPENAI_MODEL_PAGE}: 128,000 context` },
  o3: { tokens: 200_000, note: `${OPENAI_MODEL_PAGE}: 200,000 context` },
  "o4-mini": { tokens: 200_000, note: `${OPENAI_MODEL_PAGE}: 200,000 context` },
  "codex-mini-latest": { tokens: 200_000, note: `${OPENAI_MODEL_PAGE}: 200,000 context` },

  // Google.
  "gemini-3-pro-preview": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
  "gemini-3-flash-preview": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
  "gemini-2.5-pro": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
  "gemini-2.5-flash": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
  "gemini-2.5-flash-lite": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
  "gemini-2.0-flash": { tokens: 1_048_576, note: `${GOOGLE_MODEL_PAGE}: 1,048,576` },
};

/** Claude Code marks a 1M-context selection with this suffix (`claude-opus-4-8[1m]`). */
const ONE_MILLION_SUFFIX = /\[1m\]$/i;
const PROVIDER_PREFIX = /^(?:anthropic|openai|google|gemini|vertex_ai|models)\//i;
const ANTHROPIC_SNAPSHOT = /-\d{8}$/;
const OPENAI_SNAPSHOT = /-\d{4}-\d{2}-\d{2}$/;

export function modelContextWindow(model: string | null | undefined): ModelContextLookup {
  if (!model) return { tokens: null, source: "unknown" };
  let id = model.trim();
  if (ONE_MILLION_SUFFIX.test(id)) return { tokens: 1_000_000, source: "model-table" };
  id = id.replace(PROVIDER_PREFIX, "").toLowerCase();
  const entry = MODEL_CONTEXT[id] ?? MODEL_CONTEXT[id.replace(ANTHROPIC_SNAPSHOT, "")] ?? MODEL_CONTEXT[id.replace(OPENAI_SNAPSHOT, "")];
  return entry === undefined ? { tokens: null, source: "unknown" } : { tokens: entry.tokens, source: "model-table" };
}

/** Where a table entry's number comes from (for docs and tooltips), or null when unknown. */
export function modelContextNote(model: string): string | null {
  const id = model.trim().replace(PROVIDER_PREFIX, "").toLowerCase();
  const entry = MODEL_CONTEXT[id] ?? MODEL_CONTEXT[id.replace(ANTHROPIC_SNAPSHOT, "")] ?? MODEL_CONTEXT[id.replace(OPENAI_SNAPSHOT, "")];
  return entry?.note ?? null;
}
