import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hexDigest } from "./hex-digest";

describe("hexDigest", () => {
  it("is crypto's hex digest, for strings and bytes", () => {
    for (const algorithm of ["sha1", "sha256"] as const) {
      for (const data of ["", "claude-code\0/root\0abc", "é ✓ \u0000"]) {
        expect(hexDigest(algorithm, data)).toBe(createHash(algorithm).update(data).digest("hex"));
        const bytes = new TextEncoder().encode(data);
        expect(hexDigest(algorithm, bytes)).toBe(createHash(algorithm).update(bytes).digest("hex"));
      }
    }
  });
});
