/**
 * Tool results in the context: the logs give each prompt's size but not what it is made of. What
 * they do show is every tool output sent back to the model, so the context-window stack estimates
 * the tool-results share as the bytes of those outputs since the start or the last compaction
 * (after one, the context starts again from a summary), at about four bytes a token, the usual
 * rule for code and logs. An estimate, shown as one; the stack caps it at the conversation.
 */
import type { ParserCarryState } from "./types";

export const TOOL_RESULT_BYTES_PER_TOKEN = 4;

export function toolResultTokens(bytes: number): number {
  return Math.round(bytes / TOOL_RESULT_BYTES_PER_TOKEN);
}

/** The running byte count a previous slice handed on in its `carry` (0 when absent or damaged). */
export function carriedToolResultBytes(carry: ParserCarryState | null | undefined): number {
  const bytes = carry?.toolResultBytes;
  return typeof bytes === "number" && Number.isFinite(bytes) && bytes >= 0 ? bytes : 0;
}
