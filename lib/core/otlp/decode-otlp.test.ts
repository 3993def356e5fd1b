import { describe, expect, it } from "vitest";
import { logsRequest, logsRequestProtobuf, type FixtureRecord } from "./__fixtures__/otlp-bodies";
import { checkMetricsBody, decodeLogsJson, decodeLogsProtobuf, encodeResponseJson, encodeResponseProtobuf, encodeStatus, otlpProtoRoot } from "./decode-otlp";

const RECORD: FixtureRecord = {
  timeUnixNano: "1764583201000000000",
  body: "claude_code.api_request",
  eventName: "api_request",
  attributes: { "session.id": "s-1", input_tokens: 12, cost_usd: 0.25, "is.flag": true, model: "claude-sonnet-4-5" },
};

describe("decodeLogs: JSON and protobuf give the same records", () => {
  it("reads times, event name, body, scalar attributes and the resource", () => {
    const request = logsRequest([RECORD], { "service.name": "claude-code" });
    const fromJson = decodeLogsJson(JSON.stringify(request));
    const fromProtobuf = decodeLogsProtobuf(logsRequestProtobuf(request));
    expect(fromJson.ok && fromProtobuf.ok).toBe(true);
    if (!fromJson.ok || !fromProtobuf.ok) return;
    const [record] = fromJson.value;
    expect(record).toMatchObject({ timeUnixNano: "1764583201000000000", observedTimeUnixNano: "1764583201000000000", eventName: "api_request", body: "claude_code.api_request" });
    expect(Object.fromEntries(record!.attributes)).toEqual({ "session.id": "s-1", input_tokens: "12", cost_usd: 0.25, "is.flag": true, model: "claude-sonnet-4-5" });
    expect(Object.fromEntries(record!.resource)).toEqual({ "service.name": "claude-code" });
    // int64 arrives as a decimal string from both encodings (protobuf Long → string).
    expect(fromProtobuf.value.map((entry) => ({ ...entry, attributes: Object.fromEntries(entry.attributes), resource: Object.fromEntries(entry.resource) }))).toEqual(
      fromJson.value.map((entry) => ({ ...entry, attributes: Object.fromEntries(entry.attributes), resource: Object.fromEntries(entry.resource) })),
    );
  });

  it("accepts the snake_case field names of the JSON mapping and int64 as a number", () => {
    const body = { resource_logs: [{ scope_logs: [{ log_records: [{ time_unix_nano: 1764583201000000000, event_name: "x", attributes: [{ key: "n", value: { int_value: 7 } }] }] }] }] };
    const decoded = decodeLogsJson(JSON.stringify(body));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value[0]?.eventName).toBe("x");
    expect(decoded.value[0]?.attributes.get("n")).toBe(7);
    expect(decoded.value[0]?.timeUnixNano).toMatch(/^17645832010000\d{5}$/);
  });

  it("keeps arrays, maps and bytes only as markers (a prompt may hide in one), and 0 / absent times as null", () => {
    const body = {
      resourceLogs: [
        {
          scopeLogs: [
            {
              logRecords: [
                {
                  timeUnixNano: "0",
                  body: { kvlistValue: { values: [{ key: "prompt", value: { stringValue: "secret prompt" } }] } },
                  attributes: [
                    { key: "a", value: { arrayValue: { values: [{ stringValue: "secret" }] } } },
                    { key: "m", value: { kvlistValue: { values: [] } } },
                    { key: "b", value: { bytesValue: "c2VjcmV0" } },
                    { key: "empty", value: {} },
                    { key: 7, value: { stringValue: "a key that is not a string" } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const decoded = decodeLogsJson(JSON.stringify(body));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const [record] = decoded.value;
    expect(record?.timeUnixNano).toBeNull();
    expect(record?.body).toBeNull();
    expect(Object.fromEntries(record!.attributes)).toEqual({ a: { kind: "array" }, m: { kind: "kvlist" }, b: { kind: "bytes" }, empty: null });
    expect(JSON.stringify([...record!.attributes])).not.toContain("secret");
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["an array", "[]", /the body is not an object/],
    ["resourceLogs not a list", JSON.stringify({ resourceLogs: { a: 1 } }), /resourceLogs is not an array/],
  ])("refuses a JSON body that is %s, without throwing", (_what, text, message) => {
    const decoded = decodeLogsJson(text);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toMatch(message);
  });

  it("refuses protobuf garbage and skips entries that are not objects", () => {
    const decoded = decodeLogsProtobuf(Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]));
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toMatch(/^not an OTLP ExportLogsServiceRequest \(protobuf\)/);
    const odd = decodeLogsJson(JSON.stringify({ resourceLogs: [1, { scopeLogs: ["x", { logRecords: [null, 3] }] }] }));
    expect(odd).toEqual({ ok: true, value: [] });
  });
});

describe("metrics bodies", () => {
  it("counts resourceMetrics in either encoding and refuses what does not decode", () => {
    const type = otlpProtoRoot().lookupType("opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest");
    const bytes = type.encode(type.fromObject({ resourceMetrics: [{ scopeMetrics: [] }, { scopeMetrics: [] }] })).finish();
    expect(checkMetricsBody(bytes, "protobuf")).toEqual({ ok: true, value: 2 });
    expect(checkMetricsBody(new TextEncoder().encode(JSON.stringify({ resourceMetrics: [{}] })), "json")).toEqual({ ok: true, value: 1 });
    expect(checkMetricsBody(new TextEncoder().encode("[1]"), "json").ok).toBe(false);
    expect(checkMetricsBody(Uint8Array.from([0xff, 0xfe]), "json").ok).toBe(false);
  });
});

describe("answers", () => {
  it("encodes no partial success as an empty message, and a partial one per signal", () => {
    expect(encodeResponseJson("logs", null)).toBe("{}");
    expect(encodeResponseProtobuf("logs", null)).toHaveLength(0);
    expect(JSON.parse(encodeResponseJson("logs", { rejected: 2, errorMessage: "two bad" }))).toEqual({ partialSuccess: { rejectedLogRecords: "2", errorMessage: "two bad" } });
    expect(JSON.parse(encodeResponseJson("traces", { rejected: 1, errorMessage: "x" })).partialSuccess.rejectedSpans).toBe("1");
    const type = otlpProtoRoot().lookupType("opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse");
    const decoded = type.toObject(type.decode(encodeResponseProtobuf("metrics", { rejected: 3, errorMessage: "m" })), { longs: String });
    expect(decoded).toEqual({ partialSuccess: { rejectedDataPoints: "3", errorMessage: "m" } });
  });

  it.each([
    [400, 3],
    [401, 16],
    [403, 7],
    [413, 8],
    [415, 3],
    [503, 14],
    [418, 2],
  ])("answers HTTP %i as the gRPC code %i in a google.rpc.Status, in the request's encoding", (status, code) => {
    expect(JSON.parse(encodeStatus("json", status, "why") as string)).toEqual({ code, message: "why" });
    const type = otlpProtoRoot().lookupType("google.rpc.Status");
    expect(type.toObject(type.decode(encodeStatus("protobuf", status, "why") as Uint8Array))).toEqual({ code, message: "why" });
  });
});
