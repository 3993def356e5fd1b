/**
 * OTLP log request bodies as each runtime sends them (event names and attributes from the runtimes'
 * docs and source: docs/token-accounting.md, "Sessions over OpenTelemetry"), generated here: OTLP/JSON
 * objects, and the same encoded as protobuf with the checked-in descriptor. Each carries content the
 * receiver must drop (a prompt, a response, tool arguments) with PLANTED_PROMPT in it.
 */
import { otlpProtoRoot } from "../decode-otlp";

export const PLANTED_PROMPT = "PLANTED-PROMPT-7f3a: please refactor the billing module";

type AttributeValue = string | number | boolean;

export interface FixtureRecord {
  timeUnixNano: string;
  body?: string;
  eventName?: string;
  attributes: Record<string, AttributeValue>;
}

const anyValue = (value: AttributeValue) =>
  typeof value === "string" ? { stringValue: value } : typeof value === "boolean" ? { boolValue: value } : Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };

/** An ExportLogsServiceRequest in OTLP/JSON form (int64 as strings, as the JSON mapping writes them). */
export function logsRequest(records: FixtureRecord[], resource: Record<string, AttributeValue> = { "service.name": "agent" }) {
  return {
    resourceLogs: [
      {
        resource: { attributes: Object.entries(resource).map(([key, value]) => ({ key, value: anyValue(value) })) },
        scopeLogs: [
          {
            scope: { name: "agent.events", version: "1.0.0" },
            logRecords: records.map((record) => ({
              timeUnixNano: record.timeUnixNano,
              observedTimeUnixNano: record.timeUnixNano,
              severityNumber: 9,
              ...(record.body === undefined ? {} : { body: { stringValue: record.body } }),
              ...(record.eventName === undefined ? {} : { eventName: record.eventName }),
              attributes: Object.entries(record.attributes).map(([key, value]) => ({ key, value: anyValue(value) })),
              traceId: "5b8efff798038103d269b633813fc60c",
              spanId: "eee19b7ec3c1b174",
            })),
          },
        ],
      },
    ],
  };
}

/** The same request as protobuf bytes (trace and span ids as bytes). */
export function logsRequestProtobuf(request: ReturnType<typeof logsRequest>): Uint8Array {
  const type = otlpProtoRoot().lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest");
  const withBytes = {
    resourceLogs: request.resourceLogs.map((resourceLogs) => ({
      ...resourceLogs,
      scopeLogs: resourceLogs.scopeLogs.map((scopeLogs) => ({
        ...scopeLogs,
        logRecords: scopeLogs.logRecords.map((record) => ({ ...record, traceId: Buffer.from(record.traceId, "hex"), spanId: Buffer.from(record.spanId, "hex") })),
      })),
    })),
  };
  return type.encode(type.fromObject(withBytes)).finish();
}

const nanos = (iso: string) => `${BigInt(Date.parse(iso)) * 1_000_000n}`;

/** Claude Code: body `claude_code.api_request`, `event.name` `api_request` (plus a prompt event to drop). */
export function claudeRecords(sessionId: string, requests: { at: string; requestId: string; input: number; output: number; cacheRead: number; cacheWrite: number }[]): FixtureRecord[] {
  return [
    {
      timeUnixNano: nanos(requests[0]?.at ?? "2026-12-01T10:00:00Z"),
      body: "claude_code.user_prompt",
      attributes: { "event.name": "user_prompt", "session.id": sessionId, prompt: PLANTED_PROMPT, prompt_length: PLANTED_PROMPT.length },
    },
    ...requests.map((request) => ({
      timeUnixNano: nanos(request.at),
      body: "claude_code.api_request",
      attributes: {
        "event.name": "api_request",
        "event.timestamp": request.at,
        "session.id": sessionId,
        "user.email": "dev@example.com",
        "prompt.id": "prompt-1",
        model: "claude-sonnet-4-5",
        input_tokens: request.input,
        output_tokens: request.output,
        cache_read_tokens: request.cacheRead,
        cache_creation_tokens: request.cacheWrite,
        request_id: request.requestId,
        cost_usd: 0.0123,
        duration_ms: 2300,
        // Not on the allow-list: must never be stored.
        prompt: PLANTED_PROMPT,
      },
    })),
  ];
}

/** Codex: `codex.sse_event` with `event.kind` `response.completed` (other kinds are not requests). */
export function codexRecords(conversationId: string, requests: { at: string; input: number; cached: number; output: number; reasoning: number }[]): FixtureRecord[] {
  return [
    {
      timeUnixNano: nanos(requests[0]?.at ?? "2026-12-01T10:00:00Z"),
      attributes: { "event.name": "codex.sse_event", "event.kind": "response.output_text.delta", "conversation.id": conversationId, response_body: PLANTED_PROMPT },
    },
    ...requests.map((request) => ({
      timeUnixNano: nanos(request.at),
      attributes: {
        "event.name": "codex.sse_event",
        "event.kind": "response.completed",
        "event.timestamp": request.at,
        "conversation.id": conversationId,
        model: "gpt-5.1-codex",
        input_token_count: request.input,
        cached_token_count: request.cached,
        output_token_count: request.output,
        reasoning_token_count: request.reasoning,
        tool_token_count: 0,
        response_body: PLANTED_PROMPT,
      },
    })),
  ];
}

/** Gemini CLI: `gemini_cli.api_response` (input_token_count is the prompt, cached included). */
export function geminiRecords(sessionId: string, requests: { at: string; input: number; cached: number; output: number; thoughts: number; tool: number }[]): FixtureRecord[] {
  return requests.map((request, index) => ({
    timeUnixNano: nanos(request.at),
    body: `API response from gemini-2.5-pro. Status: 200. Duration: 900ms.`,
    attributes: {
      "event.name": "gemini_cli.api_response",
      "event.timestamp": request.at,
      "session.id": sessionId,
      model: "gemini-2.5-pro",
      status_code: 200,
      duration_ms: 900,
      input_token_count: request.input,
      cached_content_token_count: request.cached,
      output_token_count: request.output,
      thoughts_token_count: request.thoughts,
      tool_token_count: request.tool,
      total_token_count: request.input + request.output + request.thoughts + request.tool,
      prompt_id: `prompt-${index}`,
      response_id: `resp-${sessionId}-${index}`,
      response_text: PLANTED_PROMPT,
    },
  }));
}
