/**
 * OTLP/HTTP bodies (logs, metrics) decoded into one plain shape, whatever the encoding:
 * `application/x-protobuf` through protobufjs and the descriptor checked in beside this file
 * (`otlp-proto.descriptor.json`, written from opentelemetry-proto's .proto files: common/v1,
 * resource/v1, logs/v1, metrics/v1 and the collector services' request and response messages), or
 * `application/json` (OTLP's JSON mapping: lowerCamelCase names, int64 as a string or a number,
 * trace and span ids as hex). The `@opentelemetry/otlp-transformer` package no longer decodes requests.
 *
 * Total: a body that does not decode is `{ ok: false, error }` (the route answers 400), never a throw.
 * Values are reduced to scalars: ints arrive as strings or numbers (protobuf Long → string) and stay
 * as given here; the mapper checks them as token counts. Arrays, maps and bytes are kept only as a
 * marker: nothing Baton reads is one, and a prompt or response may hide in one.
 */
import protobuf from "protobufjs/light";
import descriptor from "./otlp-proto.descriptor.json";

/** A scalar attribute value; `{ kind }` marks a value Baton does not read (array, map, bytes). */
export type OtlpValue = string | number | boolean | { kind: "array" | "kvlist" | "bytes" } | null;

export interface OtlpLogRecord {
  /** Nanoseconds since the epoch as a decimal string, or null when 0 / absent. */
  timeUnixNano: string | null;
  observedTimeUnixNano: string | null;
  /** The record's `event_name` field (OTLP 1.5+), or null. */
  eventName: string | null;
  /** The body when it is a string (Claude Code writes the event name there), else null. */
  body: string | null;
  attributes: Map<string, OtlpValue>;
  resource: Map<string, OtlpValue>;
}

export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string };

const root = protobuf.Root.fromJSON(descriptor as protobuf.INamespace);
const LOGS_REQUEST = root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest");
const METRICS_REQUEST = root.lookupType("opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest");
const RESPONSES = {
  logs: root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse"),
  metrics: root.lookupType("opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse"),
  traces: root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse"),
};

/** What protobufjs's toObject and JSON.parse both give: plain objects, camelCase names. */
type Plain = Record<string, unknown>;

const TO_OBJECT: protobuf.IConversionOptions = { longs: String, bytes: String, defaults: false, arrays: true, oneofs: false };

export function decodeLogsProtobuf(bytes: Uint8Array): DecodeResult<OtlpLogRecord[]> {
  try {
    // The decoded message is read as it is (own properties only: unset fields stay on the prototype),
    // without toObject's copy: int64 values arrive as Long objects or numbers and are read below.
    const message = LOGS_REQUEST.decode(bytes) as unknown as Plain;
    return { ok: true, value: logRecordsOf(message) };
  } catch (error) {
    return { ok: false, error: `not an OTLP ExportLogsServiceRequest (protobuf): ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function decodeLogsJson(text: string): DecodeResult<OtlpLogRecord[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isPlain(parsed)) return { ok: false, error: "not an OTLP ExportLogsServiceRequest (JSON): the body is not an object" };
  const resourceLogs = member(parsed, "resourceLogs", "resource_logs");
  if (resourceLogs !== undefined && !Array.isArray(resourceLogs)) return { ok: false, error: "not an OTLP ExportLogsServiceRequest (JSON): resourceLogs is not an array" };
  return { ok: true, value: logRecordsOf(parsed) };
}

/** Metrics are accepted and not used: decoding them only tells a valid body from garbage (400). */
export function checkMetricsBody(bytes: Uint8Array, encoding: "protobuf" | "json"): DecodeResult<number> {
  try {
    if (encoding === "protobuf") {
      const message = METRICS_REQUEST.toObject(METRICS_REQUEST.decode(bytes), TO_OBJECT);
      return { ok: true, value: asArray(message.resourceMetrics).length };
    }
    const parsed: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!isPlain(parsed)) return { ok: false, error: "not an OTLP ExportMetricsServiceRequest (JSON): the body is not an object" };
    return { ok: true, value: asArray(member(parsed, "resourceMetrics", "resource_metrics")).length };
  } catch (error) {
    return { ok: false, error: `not an OTLP ExportMetricsServiceRequest: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export type OtlpSignal = keyof typeof RESPONSES;

/** The Export…ServiceResponse, protobuf-encoded; no partial success is an empty message (spec). */
export function encodeResponseProtobuf(signal: OtlpSignal, partial: { rejected: number; errorMessage: string } | null): Uint8Array {
  const type = RESPONSES[signal];
  if (partial === null) return type.encode(type.create({})).finish();
  const counter = signal === "logs" ? "rejectedLogRecords" : signal === "metrics" ? "rejectedDataPoints" : "rejectedSpans";
  return type.encode(type.fromObject({ partialSuccess: { [counter]: partial.rejected, errorMessage: partial.errorMessage } })).finish();
}

/** The same response in OTLP/JSON (int64 written as a string, as the JSON mapping does). */
export function encodeResponseJson(signal: OtlpSignal, partial: { rejected: number; errorMessage: string } | null): string {
  if (partial === null) return "{}";
  const counter = signal === "logs" ? "rejectedLogRecords" : signal === "metrics" ? "rejectedDataPoints" : "rejectedSpans";
  return JSON.stringify({ partialSuccess: { [counter]: String(partial.rejected), errorMessage: partial.errorMessage } });
}

const STATUS = root.lookupType("google.rpc.Status");

/**
 * The body of a 4xx/5xx answer: OTLP/HTTP says a google.rpc.Status in the request's encoding
 * (`code` is the gRPC code the HTTP status stands for; the message says what to fix).
 */
export function encodeStatus(encoding: "protobuf" | "json", httpStatus: number, message: string): Uint8Array | string {
  const code = GRPC_CODE[httpStatus] ?? 2;
  if (encoding === "json") return JSON.stringify({ code, message });
  return STATUS.encode(STATUS.fromObject({ code, message })).finish();
}

/** HTTP status → gRPC code (grpc's own mapping): 400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, … */
const GRPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 421: 7, 429: 8, 500: 13, 503: 14 };

/** The descriptor's root, for tests that encode request bodies with it. */
export function otlpProtoRoot(): protobuf.Root {
  return root;
}

function logRecordsOf(request: Plain): OtlpLogRecord[] {
  const records: OtlpLogRecord[] = [];
  for (const resourceLogs of asArray(member(request, "resourceLogs", "resource_logs"))) {
    if (!isPlain(resourceLogs)) continue;
    const resourceObject = member(resourceLogs, "resource");
    const resource = attributesOf(isPlain(resourceObject) ? member(resourceObject, "attributes") : undefined);
    for (const scopeLogs of asArray(member(resourceLogs, "scopeLogs", "scope_logs"))) {
      if (!isPlain(scopeLogs)) continue;
      for (const record of asArray(member(scopeLogs, "logRecords", "log_records"))) {
        if (!isPlain(record)) continue;
        const body = valueOf(member(record, "body"));
        const eventName = member(record, "eventName", "event_name");
        records.push({
          timeUnixNano: nanosOf(member(record, "timeUnixNano", "time_unix_nano")),
          observedTimeUnixNano: nanosOf(member(record, "observedTimeUnixNano", "observed_time_unix_nano")),
          eventName: typeof eventName === "string" && eventName !== "" ? eventName : null,
          body: typeof body === "string" ? body : null,
          attributes: attributesOf(member(record, "attributes")),
          resource,
        });
      }
    }
  }
  return records;
}

function attributesOf(list: unknown): Map<string, OtlpValue> {
  const map = new Map<string, OtlpValue>();
  for (const entry of asArray(list)) {
    if (!isPlain(entry)) continue;
    const key = member(entry, "key");
    if (typeof key !== "string") continue;
    map.set(key, valueOf(member(entry, "value")));
  }
  return map;
}

function valueOf(value: unknown): OtlpValue {
  if (!isPlain(value)) return null;
  const text = member(value, "stringValue", "string_value");
  if (typeof text === "string") return text;
  const flag = member(value, "boolValue", "bool_value");
  if (typeof flag === "boolean") return flag;
  const int = longOrScalar(member(value, "intValue", "int_value"));
  if (typeof int === "string" || typeof int === "number") return int;
  const double = member(value, "doubleValue", "double_value");
  if (typeof double === "number" || typeof double === "string") return typeof double === "string" ? Number(double) : double;
  if (member(value, "arrayValue", "array_value") !== undefined) return { kind: "array" };
  if (member(value, "kvlistValue", "kvlist_value") !== undefined) return { kind: "kvlist" };
  if (member(value, "bytesValue", "bytes_value") !== undefined) return { kind: "bytes" };
  return null;
}

/** fixed64 nanoseconds: a decimal string (protobuf Long, JSON string) or a number; 0 means unset. */
function nanosOf(raw: unknown): string | null {
  const value = longOrScalar(raw);
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return BigInt(Math.trunc(value)).toString();
  if (typeof value === "string" && /^\d{1,20}$/.test(value) && !/^0+$/.test(value)) return value.replace(/^0+/, "");
  return null;
}

/** A protobufjs Long ({ low, high, unsigned }) as its decimal string; anything else as it is. */
function longOrScalar(value: unknown): unknown {
  if (typeof value === "object" && value !== null && "low" in value && "high" in value && typeof (value as { toString: unknown }).toString === "function") {
    return (value as { toString(): string }).toString();
  }
  return value;
}

function member(object: Plain, camel: string, snake?: string): unknown {
  if (Object.hasOwn(object, camel)) return object[camel];
  return snake !== undefined && Object.hasOwn(object, snake) ? object[snake] : undefined;
}

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
