import { describe, expect, test } from "vitest";
import { createByteBoundedCache } from "./render-cache";

const sized = (maxBytes: number, now = () => 0) => createByteBoundedCache<string>({ maxBytes, sizeOf: (value) => value.length, now });

describe("createByteBoundedCache", () => {
  test("keeps values until their bytes pass the bound, then drops the least recently used", () => {
    // Each entry weighs its value plus its one-character key (two bytes).
    const cache = sized(25);
    cache.set("a", "x".repeat(8));
    cache.set("b", "x".repeat(8));
    expect(cache.get("a")).toBe("x".repeat(8));
    cache.set("c", "x".repeat(8));
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["x".repeat(8), undefined, "x".repeat(8)]);
    expect(cache.bytes).toBe(20);
  });

  test("replacing a key counts its bytes once", () => {
    const cache = sized(100);
    cache.set("a", "12345");
    cache.set("a", "123");
    expect([cache.size, cache.bytes]).toEqual([1, 5]);
  });

  test("a value larger than the whole cache is not kept and evicts nothing", () => {
    const cache = sized(20);
    cache.set("a", "1234");
    cache.set("b", "x".repeat(50));
    expect([cache.get("a"), cache.get("b")]).toEqual(["1234", undefined]);
  });

  test("an entry with a time to live is gone after it", () => {
    let clock = 1_000;
    const cache = sized(100, () => clock);
    cache.set("transient", "v", { ttlMs: 500 });
    cache.set("kept", "v");
    clock = 1_499;
    expect(cache.get("transient")).toBe("v");
    clock = 1_500;
    expect([cache.get("transient"), cache.get("kept"), cache.size]).toEqual([undefined, "v", 1]);
  });
});
