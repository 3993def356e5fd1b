import { describe, expect, it } from "vitest";
import { CONTEXT_THRESHOLDS, DEFAULT_THRESHOLDS_PERCENT } from "./context-thresholds.data";
import { contextTone } from "./context-tone";

describe("contextTone", () => {
  it.each([
    [null, "neutral"],
    [0, "green"],
    [59.9, "green"],
    [60, "amber"],
    [84.9, "amber"],
    [85, "red"],
    [120, "red"],
  ] as const)("%j %% is %s", (percent, tone) => {
    expect(contextTone(percent)).toBe(tone);
  });

  it("uses the chart's own lines: the first and the last default threshold", () => {
    expect(DEFAULT_THRESHOLDS_PERCENT).toEqual([60, 75, 85]);
    expect(contextTone(DEFAULT_THRESHOLDS_PERCENT[0]!)).toBe("amber");
    expect(contextTone(DEFAULT_THRESHOLDS_PERCENT.at(-1)!)).toBe("red");
    expect(CONTEXT_THRESHOLDS.warningPercent).toBe(75);
  });
});
