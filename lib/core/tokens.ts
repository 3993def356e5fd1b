/**
 * Token counts: the one shape every runtime's requests, a session's totals, a report's rows and the
 * pages share (CONTRACTS.md "Sessions"; per-runtime mapping in docs/token-accounting.md).
 *
 * The fields are disjoint:
 *   inputTokens + cacheWriteTokens + cacheReadTokens = the prompt (`promptTokens`)
 *   outputTokens includes reasoningTokens (reasoning is a part of output, never added to it)
 *   totalTokens = prompt + output (`totalTokens`; reasoning already inside output)
 *
 * Inside Baton, tokens written to a cache are `cacheWriteTokens`, everywhere. ccusage 20 calls them
 * `cacheCreationTokens` (report rows) and `cacheCreationInputTokens` (blocks); those names appear only
 * where a JSON document in ccusage's shape is written out (`ccusageTokenFields`, `ccusageBlockTokenCounts`).
 */

export interface TokenCounts {
  /** Prompt tokens neither read from nor written to a cache. */
  inputTokens: number;
  /** Prompt tokens written to a cache. */
  cacheWriteTokens: number;
  /** Prompt tokens read from a cache. */
  cacheReadTokens: number;
  /** Every generated token, reasoning included. */
  outputTokens: number;
  /** The reasoning part of `outputTokens` (0 when the log does not say). */
  reasoningTokens: number;
}

/** Token counts summed over some requests, with how many there were. */
export interface TokenTotals extends TokenCounts {
  requests: number;
}

/** The fields of `TokenCounts`, in their one order. */
export const TOKEN_FIELDS = ["inputTokens", "cacheWriteTokens", "cacheReadTokens", "outputTokens", "reasoningTokens"] as const satisfies readonly (keyof TokenCounts)[];

export function emptyTokens(): TokenCounts {
  return { inputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 0, reasoningTokens: 0 };
}

export function emptyTotals(): TokenTotals {
  return { requests: 0, ...emptyTokens() };
}

/** Adds `more` into `into` (mutated and returned): the one way counts are summed. */
export function addTokens<T extends TokenCounts>(into: T, more: TokenCounts): T {
  into.inputTokens += more.inputTokens;
  into.cacheWriteTokens += more.cacheWriteTokens;
  into.cacheReadTokens += more.cacheReadTokens;
  into.outputTokens += more.outputTokens;
  into.reasoningTokens += more.reasoningTokens;
  return into;
}

/** Adds totals (counts and requests) into `into`. */
export function addTotals<T extends TokenTotals>(into: T, more: TokenTotals): T {
  into.requests += more.requests;
  return addTokens(into, more);
}

export function sumTokens(list: Iterable<TokenCounts>): TokenCounts {
  const totals = emptyTokens();
  for (const counts of list) addTokens(totals, counts);
  return totals;
}

/** The prompt: input + cache write + cache read (the context a request used). */
export function promptTokens(counts: Pick<TokenCounts, "inputTokens" | "cacheWriteTokens" | "cacheReadTokens">): number {
  return counts.inputTokens + counts.cacheWriteTokens + counts.cacheReadTokens;
}

/** Prompt + output (reasoning is inside output): ccusage's `totalTokens`. */
export function totalTokens(counts: Omit<TokenCounts, "reasoningTokens">): number {
  return promptTokens(counts) + counts.outputTokens;
}

/** ccusage 20's token fields of a report row (daily/weekly/monthly/session, model breakdowns), in its order. */
export function ccusageTokenFields(counts: TokenCounts) {
  return {
    inputTokens: counts.inputTokens,
    outputTokens: counts.outputTokens,
    cacheCreationTokens: counts.cacheWriteTokens,
    cacheReadTokens: counts.cacheReadTokens,
  };
}

/** ccusage 20's `tokenCounts` of a 5-hour block, in its order. */
export function ccusageBlockTokenCounts(counts: TokenCounts) {
  return {
    inputTokens: counts.inputTokens,
    outputTokens: counts.outputTokens,
    cacheCreationInputTokens: counts.cacheWriteTokens,
    cacheReadInputTokens: counts.cacheReadTokens,
  };
}

/** Baton's names back from a ccusage-shaped row of a report document (the CLI's tables print the document). */
export function fromCcusageTokenFields(row: ReturnType<typeof ccusageTokenFields>): Omit<TokenCounts, "reasoningTokens"> {
  return { inputTokens: row.inputTokens, cacheWriteTokens: row.cacheCreationTokens, cacheReadTokens: row.cacheReadTokens, outputTokens: row.outputTokens };
}
