import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, jsonAnswer, LARGE_JSON_CHARS } from "./json-answer";

const request = (acceptEncoding?: string) => new Request("http://127.0.0.1/api/usage/session", { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
const large = { sessions: Array.from({ length: 6000 }, (_, index) => ({ id: `session-${index}`, totalTokens: index * 1000, note: "é ✓" })) };

describe("jsonAnswer", () => {
  it("sends a small document as plain JSON (Next compresses it or not)", async () => {
    const answer = await jsonAnswer(request("gzip"), { ok: true }, { status: 201 });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(await answer.json()).toEqual({ ok: true });
  });

  it("gzips a large document itself when the client takes gzip, to the same JSON", async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(LARGE_JSON_CHARS);
    const answer = await jsonAnswer(request("gzip, deflate, br"), large);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(large);
  });

  it("sends a large document plain to a client that does not take gzip", async () => {
    for (const header of [undefined, "identity", "br", "gzip;q=0, identity"]) {
      const answer = await jsonAnswer(request(header), large);
      expect(answer.headers.get("content-encoding")).toBeNull();
      expect(await answer.json()).toEqual(large);
    }
  });
});

describe("acceptsGzip", () => {
  it.each([
    [null, false],
    ["", false],
    ["gzip", true],
    ["GZIP", true],
    ["deflate, gzip;q=0.5", true],
    ["gzip;q=0", false],
    ["gzip; q=0.0", false],
    ["x-gzip", true],
    ["*", true],
    ["*;q=0", false],
    ["gzip;q=0, *", false],
    ["br, deflate", false],
  ])("%j → %j", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
