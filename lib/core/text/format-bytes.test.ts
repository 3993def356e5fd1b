import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatBytes, formatDuration } from "./format-bytes";

describe("formatBytes", () => {
  test.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [1536, "1.5 KiB"],
    [1024 * 1024 - 1, "1.0 MiB"],
    [12.34 * 1024 * 1024, "12.3 MiB"],
    [3.9e9, "3.6 GiB"],
    [-5, "0 B"],
    [Number.NaN, "0 B"],
  ])("%d → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  test("property: one decimal from KiB up, never 1024.0 of a unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 2 ** 50 }), (bytes) => {
        const text = formatBytes(bytes);
        expect(text).toMatch(/^\d+\.\d (?:KiB|MiB|GiB|TiB)$/);
        expect(text).not.toMatch(/^1024\.0 (?:KiB|MiB|GiB)/);
      }),
    );
  });
});

test.each([
  [0, "0 s"],
  [4_400, "4 s"],
  [65_000, "1 min 05 s"],
  [7_380_000, "2 h 03 min"],
])("formatDuration(%d) = %s", (ms, text) => {
  expect(formatDuration(ms)).toBe(text);
});
