import { describe, expect, it } from "vitest";
import { decodeNotifyPayload, encodeNotifyPayload, MAX_PAYLOAD_BYTES } from "./notify-payload";

describe("NOTIFY payloads", () => {
  it("round-trips an event and its origin", () => {
    const payload = encodeNotifyPayload({ kind: "comment", id: "r-1", version: 3 }, "abc");
    expect(decodeNotifyPayload(payload)).toEqual({ event: { kind: "comment", id: "r-1", version: 3 }, origin: "abc" });
  });

  it("stays under PostgreSQL's limit: an id too long is sent as '' (some record of the kind)", () => {
    const payload = encodeNotifyPayload({ kind: "handoff", id: "x".repeat(10_000), version: 1 }, "abc");
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(decodeNotifyPayload(payload)?.event).toEqual({ kind: "handoff", id: "", version: 1 });
  });

  it.each([undefined, "", "not json", "null", "[]", '{"kind":"nope","id":"a","version":1}', '{"kind":"review","id":1,"version":1}', '{"kind":"review","id":"a","version":1.5}'])(
    "refuses %o without throwing",
    (payload) => {
      expect(decodeNotifyPayload(payload)).toBeNull();
    },
  );

  it("keeps only kind, id and version of what it decodes, and a missing origin is null", () => {
    expect(decodeNotifyPayload('{"kind":"scan","id":"s","version":0,"extra":"dropped"}')).toEqual({ event: { kind: "scan", id: "s", version: 0 }, origin: null });
  });
});
