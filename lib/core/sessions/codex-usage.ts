/**
 * Codex's token counts as its rollouts write them (`token_usage_record.usage`, `token_count`'s
 * `last_token_usage` / `total_token_usage`): OpenAI's fields, cumulative or per response, before
 * parse-codex-rollout.ts maps them onto Baton's disjoint token fields.
 */
import { safeTokenCount } from "../text/safe-values";
import type { JsonObject } from "./json-values";

export interface CumulativeUsage {
  input: number;
  cached: number;
  cacheWriteTokens: number;
  output: number;
  reasoning: number;
  total: number;
}

export const USAGE_FIELDS = ["input_tokens", "cached_input_tokens", "cache_write_input_tokens", "output_tokens", "reasoning_output_tokens", "total_tokens"] as const;

export function usageCounts(usage: JsonObject, max: number): CumulativeUsage {
  const input = safeTokenCount(usage.input_tokens, max);
  const output = safeTokenCount(usage.output_tokens, max);
  return {
    input,
    cached: safeTokenCount(usage.cached_input_tokens, max),
    cacheWriteTokens: safeTokenCount(usage.cache_write_input_tokens, max),
    output,
    reasoning: safeTokenCount(usage.reasoning_output_tokens, max),
    total: typeof usage.total_tokens === "number" ? safeTokenCount(usage.total_tokens, max) : input + output,
  };
}

export function subtractUsage(current: CumulativeUsage, previous: CumulativeUsage | null): CumulativeUsage {
  if (previous === null) return current;
  return {
    input: Math.max(0, current.input - previous.input),
    cached: Math.max(0, current.cached - previous.cached),
    cacheWriteTokens: Math.max(0, current.cacheWriteTokens - previous.cacheWriteTokens),
    output: Math.max(0, current.output - previous.output),
    reasoning: Math.max(0, current.reasoning - previous.reasoning),
    total: Math.max(0, current.total - previous.total),
  };
}
