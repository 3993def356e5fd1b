/**
 * A session's context position from the end of its own transcript: the prompt size (input + cache
 * write + cache read) of the last main-chain request over the model's window. The bytes are read by
 * the same parsers `scan --agents` uses (lib/core/sessions), so the guard and the dashboard agree to
 * the token; the caller hands in the transcript's tail, cut at a line start (read-tail.ts).
 *
 * A compaction after that request means the context was rebuilt from a summary: the position is the
 * compaction's `postTokens` when the log gives it, else unknown until the next request.
 */
import type { TranscriptFormat } from "../runtimes/hooks.data";
import { parseClaudeLog } from "../sessions/parse-claude-log";
import { parseCodexRollout } from "../sessions/parse-codex-rollout";
import { parseGeminiChatJsonl } from "../sessions/parse-gemini-chat";
import { resolveContextWindow } from "../sessions/summarise-session";
import type { ContextWindowSource, ParsedSessionLog, RequestSample } from "../sessions/types";

export interface ContextPosition {
  /** Prompt tokens of the last main-chain request (or the compaction's post size). */
  tokens: number;
  /** The window, or null when the model is not in the table and the log states none. */
  window: number | null;
  windowSource: ContextWindowSource;
  /** tokens / window × 100, or null when the window is unknown. */
  percent: number | null;
  model: string | null;
  /** What the number is: the last request's prompt, or the size right after a compaction. */
  basis: "request" | "compaction";
  /** ISO time of that request or compaction, when the log gives one. */
  at: string | null;
}

export type PositionReading =
  | { kind: "position"; position: ContextPosition; badLines: number }
  /** No request in the bytes read (a new session, or the tail holds none: the caller reads further back). */
  | { kind: "no-request"; badLines: number }
  /** A compaction after the last request whose size the log does not give. */
  | { kind: "compacted"; at: string | null; badLines: number };

export function parseTranscript(format: TranscriptFormat, bytes: Uint8Array): ParsedSessionLog {
  switch (format) {
    case "claude-jsonl":
      return parseClaudeLog(bytes);
    case "codex-rollout":
      return parseCodexRollout(bytes);
    case "gemini-chat":
      return parseGeminiChatJsonl(bytes);
  }
}

function isMainRequest(request: RequestSample): boolean {
  return request.agentId === null && request.isSidechain !== true;
}

/**
 * @param modelHint the model the hook's stdin names (Codex sends `model`), used when the bytes name none.
 * @param windowHint a window the caller knows from earlier in the file (Codex states it once per turn).
 */
export function readContextPosition(format: TranscriptFormat, bytes: Uint8Array, hints: { model?: string | null; window?: number | null } = {}): PositionReading {
  const log = parseTranscript(format, bytes);
  return positionFromLog(log, hints);
}

export function positionFromLog(log: ParsedSessionLog, hints: { model?: string | null; window?: number | null } = {}): PositionReading {
  const badLines = log.badLines.length;
  let last: RequestSample | null = null;
  for (const request of log.requests) if (isMainRequest(request) && (last === null || request.line > last.line)) last = request;
  const compaction = log.compactions.reduce<(typeof log.compactions)[number] | null>((latest, event) => (latest === null || event.line > latest.line ? event : latest), null);
  const model = last?.model ?? log.models[log.models.length - 1] ?? hints.model ?? null;
  const window = resolveContextWindow(null, log.contextWindow ?? hints.window ?? null, model);
  const make = (tokens: number, basis: ContextPosition["basis"], at: string | null): PositionReading => ({
    kind: "position",
    badLines,
    position: {
      tokens,
      window: window.tokens,
      windowSource: window.source,
      percent: window.tokens === null ? null : (tokens * 100) / window.tokens,
      model,
      basis,
      at,
    },
  });
  if (compaction !== null && (last === null || compaction.line > last.line)) {
    if (compaction.postTokens !== null) return make(compaction.postTokens, "compaction", compaction.timestamp);
    return { kind: "compacted", at: compaction.timestamp, badLines };
  }
  if (last === null) return { kind: "no-request", badLines };
  return make(last.contextTokens, "request", last.timestamp);
}

