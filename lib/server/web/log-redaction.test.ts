import { describe, expect, it } from "vitest";
import { installLogRedaction } from "./log-redaction";

describe("installLogRedaction", () => {
  it("passes every console method's text through the redaction, errors included", () => {
    const written: unknown[][] = [];
    const target = { log: (...args: unknown[]) => written.push(args), info: (...args: unknown[]) => written.push(args), warn: (...args: unknown[]) => written.push(args), error: (...args: unknown[]) => written.push(args), debug: (...args: unknown[]) => written.push(args), trace: (...args: unknown[]) => written.push(args) } as unknown as Console;
    installLogRedaction(target);
    const token = `btn_${"a".repeat(43)}`;
    target.warn(`Request body exceeded 10MB for /otlp/${token}/v1/logs`);
    target.error(new Error(`failed for ${token}`));
    target.log("plain", { count: 2 });
    expect(JSON.stringify(written)).not.toContain(token);
    expect(String(written[0]![0])).toContain("/otlp/[redacted]/v1/logs");
    expect(String(written[1]![0])).toContain("btn_[redacted]");
    expect(written[2]).toEqual(["plain", { count: 2 }]);
  });
});
