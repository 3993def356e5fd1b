/**
 * `baton statusline`: the one line Claude Code shows under its prompt, from the JSON it sends on the
 * status line command's stdin (never the transcript): the model, the context position with the next
 * threshold, and the repo's open handoff or your review claim. Pure; lib/server/agent-loop/statusline.ts gathers the facts.
 */
import { formatPercent } from "./position-words";
import { nextThreshold } from "./guard";
import { asObject } from "../sessions/json-values";

export interface StatusLinePosition {
  percent: number | null;
  tokens: number | null;
  window: number | null;
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The position from stdin's `context_window`: (input + cache_creation + cache_read) of
 * `current_usage` over `context_window_size`, or `used_percentage` when Claude Code gives it.
 */
export function statusLinePosition(raw: Record<string, unknown>): StatusLinePosition {
  const window = asObject(raw.context_window);
  if (window === null) return { percent: null, tokens: null, window: null };
  const size = count(window.context_window_size);
  const usage = asObject(window.current_usage);
  const parts = usage === null ? [] : [usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens].map(count);
  const tokens = parts.length > 0 && parts.every((part) => part !== null) ? (parts as number[]).reduce((sum, part) => sum + part, 0) : null;
  const given = count(window.used_percentage);
  const percent = given ?? (tokens !== null && size !== null && size > 0 ? (tokens * 100) / size : null);
  return { percent, tokens, window: size };
}

export function statusLineModel(raw: Record<string, unknown>): string | null {
  const model = asObject(raw.model);
  const name = model?.display_name ?? model?.id ?? raw.model;
  return typeof name === "string" && name.trim() !== "" ? name.trim().slice(0, 60) : null;
}

/** One line, no newline inside: untrusted text (a path, a model name) is flattened. Your review claim, when you hold one, instead of the open handoff. */
export function statusLineText(facts: { model: string | null; position: StatusLinePosition; thresholds: readonly number[]; handoffPath: string | null; claim?: { handoffPath: string; until: string } | null }): string {
  const parts: string[] = [];
  if (facts.model !== null) parts.push(facts.model);
  const { percent } = facts.position;
  if (percent === null) parts.push("context: no request yet");
  else {
    const next = nextThreshold(percent, facts.thresholds);
    // No threshold at all: the guard is off (BATON_HANDOFF_AT=off).
    const past = facts.thresholds.length > 0 && percent >= Math.max(...facts.thresholds);
    parts.push(`context ${formatPercent(percent)}${next !== null ? ` (handoff at ${next} %)` : past ? " (past the handoff threshold: write the handoff)" : ""}`);
  }
  if (facts.claim) parts.push(`your review claim: ${facts.claim.handoffPath} (until ${facts.claim.until.slice(11, 16)} UTC)`);
  else parts.push(facts.handoffPath === null ? "no open handoff" : `open handoff: ${facts.handoffPath}`);
  // eslint-disable-next-line no-control-regex -- one line: control characters and line breaks go
  return parts.join(" · ").replace(/[\r\n\u2028\u2029\u0000-\u001f\u007f]+/g, " ");
}
