import { describe, expect, it } from "vitest";
import { redactLogText } from "./redact-log";

describe("redactLogText", () => {
  const token = `btn_${"Ab3_-".repeat(8)}xyz`;
  it.each([
    [`Request body exceeded 10MB for /otlp/${token}/v1/logs. Only the first 10MB`, "Request body exceeded 10MB for /otlp/[redacted]/v1/logs. Only the first 10MB"],
    [`token ${token} revoked`, "token btn_[redacted] revoked"],
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
    ["fetch https://x-access-token:ghp_secret@github.com/team/p.git failed", "fetch https://[redacted]@github.com/team/p.git failed"],
    ["/otlp/anything-at-all/v1/metrics 400", "/otlp/[redacted]/v1/metrics 400"],
  ])("%s", (input, output) => {
    expect(redactLogText(input)).toBe(output);
  });
  it("leaves other text as it is", () => {
    const text = "GET /api/handoffs 200 in 12 ms (https://github.com/team/project)";
    expect(redactLogText(text)).toBe(text);
  });
});
