import { describe, expect, it } from "vitest";
import type { BatonEvent } from "./baton-event";
import { formatSseComment, formatSseEvent, formatSseRetry, formatSseSignal } from "./sse-format";

describe("SSE formatting", () => {
  it("writes one data line of exactly kind, id, version, ended by a blank line", () => {
    const event = { kind: "review", id: "r-1", version: 7, secret: "never sent" } as BatonEvent;
    expect(formatSseEvent(event)).toBe('data: {"kind":"review","id":"r-1","version":7}\n\n');
  });

  it("keeps an id holding newlines on its one data line (JSON escapes them)", () => {
    const text = formatSseEvent({ kind: "handoff", id: "a\nb\r\ndata: x", version: 0 });
    expect(text.split("\n").filter(Boolean)).toHaveLength(1);
    expect(JSON.parse(text.slice("data: ".length))).toEqual({ kind: "handoff", id: "a\nb\r\ndata: x", version: 0 });
  });

  it("writes comments, named signals and the retry hint as the spec reads them", () => {
    expect(formatSseComment("ping")).toBe(": ping\n\n");
    expect(formatSseComment("a\nb")).toBe(": a b\n\n");
    expect(formatSseSignal("reconnect", { reason: "slow client" })).toBe('event: reconnect\ndata: {"reason":"slow client"}\n\n');
    expect(formatSseSignal("re\nsync")).toBe("event: resync\ndata: {}\n\n");
    expect(formatSseRetry(2000.4)).toBe("retry: 2000\n\n");
  });
});
