/**
 * How one request's context window was allocated and filled, as stacked bands. Each band says where its
 * number comes from: measured (the log's usage fields), derived (arithmetic on measured numbers),
 * estimated (a stated assumption), or declared (a budget config). Nothing is shown as fact that is not.
 */
import type { BurnRequest } from "./prepare-burn-series";

export type Provenance = "measured" | "derived" | "estimated" | "declared";

export interface StackBand {
  key: "baseline" | "conversation" | "tool-results" | "free" | "reserve" | "cache-read" | "cache-write" | "input";
  label: string;
  tokens: number;
  provenance: Provenance;
  note: string;
}

export interface AllocationInput {
  label: string;
  tokens: number;
  children?: unknown[];
}

export interface ContextStack {
  index: number;
  t: number | null;
  context: number;
  window: number | null;
  /** Composition of the window: baseline + conversation + reserve + free (= window when it is known). */
  composition: StackBand[];
  /** The same prompt by cache status: read from cache, written to cache, neither. */
  cache: StackBand[];
  declared: { label: string; tokens: number; percent: number | null }[] | null;
  declaredTotal: number | null;
  overflow: boolean;
}

export function prepareContextStack(input: {
  /** The session's first request: its prompt is the baseline estimate. */
  first: Pick<BurnRequest, "contextTokens">;
  request: Pick<BurnRequest, "t" | "contextTokens" | "inputTokens" | "cacheWriteTokens" | "cacheReadTokens" | "toolResultTokens">;
  index: number;
  contextWindow: number | null;
  reserve?: { tokens: number; source: "budget" } | null;
  /** preTokens of observed automatic compactions: the runtime compacted there, so the rest is its buffer. */
  autoCompactionPreTokens?: readonly number[];
  allocation?: readonly AllocationInput[] | null;
  allocationTotal?: number | null;
}): ContextStack {
  const { request, first } = input;
  const window = input.contextWindow && input.contextWindow > 0 ? input.contextWindow : null;
  const baseline = Math.min(first.contextTokens, request.contextTokens);
  const conversation = Math.max(0, request.contextTokens - baseline);

  let reserve: StackBand | null = null;
  if (window) {
    if (input.reserve && input.reserve.tokens > 0) {
      reserve = { key: "reserve", label: "Reserve", tokens: input.reserve.tokens, provenance: "declared", note: "recovery reserve from the budget config" };
    } else {
      const compactAt = Math.max(0, ...(input.autoCompactionPreTokens ?? []).filter((value) => value > 0 && value < window));
      if (compactAt > 0) {
        reserve = {
          key: "reserve",
          label: "Autocompact buffer",
          tokens: window - compactAt,
          provenance: "derived",
          note: `the runtime compacted automatically at ${compactAt.toLocaleString("en")} tokens; the rest of the window is its buffer`,
        };
      }
    }
  }

  const composition: StackBand[] = [
    { key: "baseline", label: "Baseline", tokens: baseline, provenance: "estimated", note: "system prompt + tool definitions, estimated as the first request's prompt size" },
  ];
  const toolEstimate = request.toolResultTokens;
  if (toolEstimate === null || toolEstimate === undefined) {
    composition.push({ key: "conversation", label: "Conversation", tokens: conversation, provenance: "derived", note: "prompt size minus baseline: messages and tool results (this log does not show them apart)" });
  } else {
    const toolResults = Math.min(Math.max(0, toolEstimate), conversation);
    const capped = toolResults < toolEstimate;
    composition.push(
      {
        key: "conversation",
        label: "Conversation",
        tokens: conversation - toolResults,
        provenance: "estimated",
        note: "prompt size minus baseline minus the tool-results estimate: messages, tool calls, thinking",
      },
      {
        key: "tool-results",
        label: "Tool results",
        tokens: toolResults,
        provenance: "estimated",
        note: capped
          ? `tool output sent since the start or the last compaction, ~4 bytes a token: ${toolEstimate.toLocaleString("en")}, more than the conversation holds (the runtime cleared some), so capped`
          : "tool output sent since the start or the last compaction, at ~4 bytes a token",
      },
    );
  }
  let overflow = false;
  if (window) {
    const used = request.contextTokens;
    const reserveTokens = reserve ? Math.min(reserve.tokens, Math.max(0, window - used)) : 0;
    const free = Math.max(0, window - used - reserveTokens);
    overflow = used > window;
    composition.push({ key: "free", label: "Free", tokens: free, provenance: "derived", note: "window minus prompt size minus reserve" });
    if (reserve) composition.push({ ...reserve, tokens: reserveTokens, note: reserveTokens < reserve.tokens ? `${reserve.note} (${(reserve.tokens - reserveTokens).toLocaleString("en")} of it already used)` : reserve.note });
  }

  const cache: StackBand[] = [
    { key: "cache-read", label: "Cached (read)", tokens: request.cacheReadTokens, provenance: "measured", note: "prompt tokens served from the cache" },
    { key: "cache-write", label: "Written to cache", tokens: request.cacheWriteTokens, provenance: "measured", note: "prompt tokens written to the cache by this request" },
    { key: "input", label: "New (uncached)", tokens: request.inputTokens, provenance: "measured", note: "prompt tokens neither read from nor written to the cache" },
  ];

  const declaredTotal = input.allocationTotal ?? (input.allocation?.length ? input.allocation.reduce((sum, node) => sum + node.tokens, 0) : null);
  const declared = input.allocation?.length
    ? input.allocation.map((node) => ({ label: node.label, tokens: node.tokens, percent: declaredTotal ? Math.round((node.tokens / declaredTotal) * 10_000) / 100 : null }))
    : null;

  return { index: input.index, t: request.t, context: request.contextTokens, window, composition, cache, declared, declaredTotal, overflow };
}
