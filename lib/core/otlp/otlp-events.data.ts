/**
 * The per-request telemetry events Baton reads, per runtime, as data: how a record is recognised, and
 * the only attributes it may read (the allow-list). Everything else a record carries — prompts,
 * responses, tool inputs and outputs, file paths, error texts — is dropped before anything is
 * stored, whatever the client sends. Sources of the names (read 2026-12-02) are in
 * docs/token-accounting.md, "Sessions over OpenTelemetry".
 */
import type { TelemetryRuntime } from "../runtimes/runtimes";

/** The runtimes that send telemetry (the runtimes table says which). */
export type OtlpRuntime = TelemetryRuntime;

export interface OtlpEventSpec {
  runtime: OtlpRuntime;
  /** Event names that mark a request record, matched against the body, `event.name` and the record's event_name. */
  names: readonly string[];
  /** An attribute that must also hold one of these values (Codex's SSE events: only `response.completed`). */
  kind?: { attribute: string; values: readonly string[] };
  sessionId: string;
  model: string;
  /** The request's own id, when the runtime sends one (de-duplicates a record delivered twice). */
  requestId: string | null;
  counts: Readonly<Record<string, string>>;
  /** Read and checked but never stored (correlation only). */
  extra: readonly string[];
}

export const OTLP_EVENTS: readonly OtlpEventSpec[] = [
  {
    runtime: "claude-code",
    names: ["claude_code.api_request", "api_request"],
    sessionId: "session.id",
    model: "model",
    requestId: "request_id",
    counts: { input: "input_tokens", output: "output_tokens", cacheRead: "cache_read_tokens", cacheWriteTokens: "cache_creation_tokens" },
    extra: ["prompt.id", "user.email", "cost_usd", "duration_ms", "event.timestamp"],
  },
  {
    runtime: "codex",
    names: ["codex.sse_event"],
    kind: { attribute: "event.kind", values: ["response.completed"] },
    sessionId: "conversation.id",
    model: "model",
    requestId: null,
    counts: { input: "input_token_count", cached: "cached_token_count", cacheWriteTokens: "cache_write_token_count", output: "output_token_count", reasoning: "reasoning_token_count" },
    extra: ["event.timestamp"],
  },
  {
    runtime: "gemini-cli",
    names: ["gemini_cli.api_response"],
    sessionId: "session.id",
    model: "model",
    requestId: "response_id",
    counts: {
      input: "input_token_count",
      cached: "cached_content_token_count",
      output: "output_token_count",
      thoughts: "thoughts_token_count",
      tool: "tool_token_count",
      total: "total_token_count",
    },
    extra: ["prompt_id", "event.timestamp"],
  },
];

/** The attributes a spec may read: nothing outside this set is looked at, let alone kept. */
export function allowedAttributes(spec: OtlpEventSpec): Set<string> {
  return new Set([spec.sessionId, spec.model, ...(spec.requestId ? [spec.requestId] : []), ...Object.values(spec.counts), ...spec.extra, "event.name", ...(spec.kind ? [spec.kind.attribute] : [])]);
}
