import { SeverityNumber } from "@opentelemetry/api-logs";
import { JsonLogsSerializer, ProtobufLogsSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from "@opentelemetry/sdk-logs";
import { describe, expect, it } from "vitest";
import { claudeRecords, codexRecords, geminiRecords, logsRequest, logsRequestProtobuf, PLANTED_PROMPT } from "./__fixtures__/otlp-bodies";
import { decodeLogsJson, decodeLogsProtobuf, encodeResponseProtobuf, otlpProtoRoot, type OtlpLogRecord } from "./decode-otlp";
import { mapOtlpRecords } from "./map-otlp-records";

const claude = claudeRecords("claude-session-1", [
  { at: "2026-12-01T10:00:01Z", requestId: "req_011CUa1", input: 12, output: 340, cacheRead: 20_000, cacheWrite: 1_500 },
  { at: "2026-12-01T10:00:09Z", requestId: "req_011CUa2", input: 3, output: 25, cacheRead: 21_500, cacheWrite: 400 },
]);
const codex = codexRecords("019a-codex-thread", [{ at: "2026-12-01T11:00:00Z", input: 10_000, cached: 8_000, output: 700, reasoning: 300 }]);
const gemini = geminiRecords("gemini-session-1", [{ at: "2026-12-01T12:00:00Z", input: 5_000, cached: 4_000, output: 200, thoughts: 50, tool: 10 }]);

function decodeBoth(records: Parameters<typeof logsRequest>[0]): { json: OtlpLogRecord[]; protobuf: OtlpLogRecord[] } {
  const request = logsRequest(records);
  const json = decodeLogsJson(JSON.stringify(request));
  const protobuf = decodeLogsProtobuf(logsRequestProtobuf(request));
  if (!json.ok || !protobuf.ok) throw new Error("did not decode");
  return { json: json.value, protobuf: protobuf.value };
}

describe("mapOtlpRecords", () => {
  it("maps Claude Code api_request records to the log parser's fields, from JSON and protobuf alike", () => {
    const { json, protobuf } = decodeBoth(claude);
    for (const records of [json, protobuf]) {
      const result = mapOtlpRecords(records);
      expect(result.ignored).toBe(1);
      expect(result.rejected).toBe(0);
      expect(result.samples.map((sample) => [sample.runtime, sample.sessionId, sample.request.key])).toEqual([
        ["claude-code", "claude-session-1", "req:req_011CUa1"],
        ["claude-code", "claude-session-1", "req:req_011CUa2"],
      ]);
      expect(result.samples[0]!.request).toMatchObject({
        inputTokens: 12,
        cacheWriteTokens: 1_500,
        cacheReadTokens: 20_000,
        outputTokens: 340,
        reasoningTokens: 0,
        contextTokens: 21_512,
        model: "claude-sonnet-4-5",
        timestamp: "2026-12-01T10:00:01.000Z",
      });
    }
  });

  it("recognises a Claude record by its body alone or by event.name alone", () => {
    const [, request] = claude;
    const byBody = { ...request!, attributes: { ...request!.attributes, "event.name": "something_else" } };
    const byName = { ...request!, body: "not the name" };
    for (const record of [byBody, byName]) {
      const decoded = decodeLogsJson(JSON.stringify(logsRequest([record])));
      expect(decoded.ok && mapOtlpRecords(decoded.value).samples).toHaveLength(1);
    }
  });

  it("maps Codex response.completed: input net of cache, output with reasoning", () => {
    const { json, protobuf } = decodeBoth(codex);
    for (const records of [json, protobuf]) {
      const result = mapOtlpRecords(records);
      expect(result.ignored).toBe(1);
      expect(result.samples).toHaveLength(1);
      expect(result.samples[0]).toMatchObject({ runtime: "codex", sessionId: "019a-codex-thread" });
      expect(result.samples[0]!.request).toMatchObject({ inputTokens: 2_000, cacheReadTokens: 8_000, cacheWriteTokens: 0, outputTokens: 700, reasoningTokens: 300, contextTokens: 10_000 });
    }
  });

  it("maps Gemini CLI api_response as the chat parser does (prompt − cached + tool; candidates + thoughts)", () => {
    const { json, protobuf } = decodeBoth(gemini);
    for (const records of [json, protobuf]) {
      const result = mapOtlpRecords(records);
      expect(result.samples).toHaveLength(1);
      expect(result.samples[0]!.request).toMatchObject({ key: "req:resp-gemini-session-1-0", inputTokens: 1_010, cacheReadTokens: 4_000, outputTokens: 250, reasoningTokens: 50 });
    }
  });

  it("checks every count like a log value (safe integer ≤ 10^8, else 0 with a finding) and rejects records without a session", () => {
    const [, request] = claude;
    const bad = { ...request!, attributes: { ...request!.attributes, input_tokens: "99999999999999999999", output_tokens: 1.5, cache_read_tokens: 200_000_000 } };
    const noSession = { ...request!, attributes: { ...request!.attributes, "session.id": "" } };
    const decoded = decodeLogsJson(JSON.stringify(logsRequest([bad, noSession])));
    const result = decoded.ok ? mapOtlpRecords(decoded.value) : null;
    expect(result?.rejected).toBe(1);
    expect(result?.samples[0]!.request).toMatchObject({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 1_500 });
    expect(result?.findings.join("\n")).toMatch(/input_tokens is "99999999999999999999" \(beyond exact integers\), counted as 0/);
    expect(result?.findings.join("\n")).toMatch(/output_tokens is 1.5 \(not a whole number\)/);
    expect(result?.findings.join("\n")).toMatch(/cache_read_tokens is "200000000" \(over 10\^8/);
    expect(result?.rejections[0]).toMatch(/without session.id/);
  });

  it("keeps nothing of a record but the allow-listed fields (no prompt, response or tool text in a sample)", () => {
    const { json } = decodeBoth([...claude, ...codex, ...gemini]);
    const result = mapOtlpRecords(json);
    expect(result.samples).toHaveLength(4);
    expect(JSON.stringify(result)).not.toContain("PLANTED-PROMPT");
    expect(JSON.stringify(result)).not.toContain(PLANTED_PROMPT);
  });

  it("reads bodies the OpenTelemetry JS SDK and its serializers produce (protobuf and JSON) to the same samples", () => {
    const exporter = new InMemoryLogRecordExporter();
    const provider = new LoggerProvider({ resource: resourceFromAttributes({ "service.name": "claude-code" }), processors: [new SimpleLogRecordProcessor({ exporter })] });
    const logger = provider.getLogger("com.anthropic.claude_code.events", "2.1.197");
    for (const record of claude) {
      logger.emit({ severityNumber: SeverityNumber.INFO, body: record.body, timestamp: Number(BigInt(record.timeUnixNano) / 1_000_000n), attributes: record.attributes });
    }
    const sdkRecords = exporter.getFinishedLogRecords();
    expect(sdkRecords).toHaveLength(3);
    const fromSdkProtobuf = decodeLogsProtobuf(ProtobufLogsSerializer.serializeRequest(sdkRecords)!);
    const fromSdkJson = decodeLogsJson(new TextDecoder().decode(JsonLogsSerializer.serializeRequest(sdkRecords)!));
    const ours = decodeBoth(claude).protobuf;
    const samplesOf = (records: OtlpLogRecord[]) => mapOtlpRecords(records).samples;
    expect(fromSdkProtobuf.ok && samplesOf(fromSdkProtobuf.value)).toEqual(samplesOf(ours));
    expect(fromSdkJson.ok && samplesOf(fromSdkJson.value)).toEqual(samplesOf(ours));
  });

  it("refuses bodies that are not OTLP", () => {
    expect(decodeLogsJson("{nope").ok).toBe(false);
    expect(decodeLogsJson('{"resourceLogs": 5}').ok).toBe(false);
    expect(decodeLogsProtobuf(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f])).ok).toBe(false);
  });

  it("encodes a partial-success response the SDK's response type reads", () => {
    const bytes = encodeResponseProtobuf("logs", { rejected: 2, errorMessage: "two without session.id" });
    const type = otlpProtoRoot().lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse");
    expect(type.toObject(type.decode(bytes), { longs: Number })).toEqual({ partialSuccess: { rejectedLogRecords: 2, errorMessage: "two without session.id" } });
    expect(encodeResponseProtobuf("logs", null)).toHaveLength(0);
  });
});
