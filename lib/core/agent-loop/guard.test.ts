import { describe, expect, it } from "vitest";
import { decideGuard, DEFAULT_HANDOFF_PERCENT, FRESH_MEMORY, nextThreshold, resolveThreshold } from "./guard";

describe("the threshold", () => {
  it("is 90 % by default, the repo's highest declared threshold when it declares one, BATON_HANDOFF_AT above both", () => {
    expect(resolveThreshold(undefined, []).threshold).toEqual({ percent: DEFAULT_HANDOFF_PERCENT, source: "default", detail: null });
    const budgets = [{ file: ".moai/config.json", thresholdsPercent: [75, 85] }];
    expect(resolveThreshold(undefined, budgets).threshold).toEqual({ percent: 85, source: "repo", detail: ".moai/config.json" });
    expect(resolveThreshold("92", budgets).threshold).toEqual({ percent: 92, source: "env", detail: "BATON_HANDOFF_AT" });
    expect(resolveThreshold("80%", []).threshold.percent).toBe(80);
  });

  it.each(["abc", "0", "150", "-5", "NaN"])("ignores BATON_HANDOFF_AT=%s and says so", (value) => {
    const { threshold, problems } = resolveThreshold(value, []);
    expect(threshold.percent).toBe(90);
    expect(problems[0]).toContain("BATON_HANDOFF_AT");
  });

  it("skips declared thresholds that are not percents", () => {
    expect(resolveThreshold(undefined, [{ file: "a.json", thresholdsPercent: [250, -1] }]).threshold.source).toBe("default");
  });
});

describe("the guard's decision", () => {
  it("asks once when the position crosses the threshold, and again only after it fell below", () => {
    const steps: (number | null | "compacted")[] = [40, 89.9, 90, 95, 99, 30, 91, 92, "compacted", 93, null, 94];
    const asked: boolean[] = [];
    let memory = FRESH_MEMORY;
    for (const percent of steps) {
      const decision = decideGuard(memory, percent, 90);
      asked.push(decision.ask);
      memory = decision.memory;
    }
    expect(asked).toEqual([false, false, true, false, false, false, true, false, false, true, false, false]);
    expect(memory.times).toBe(3);
  });

  it("does nothing while the position is unknown", () => {
    expect(decideGuard(FRESH_MEMORY, null, 90)).toMatchObject({ ask: false, memory: FRESH_MEMORY });
  });
});

describe("the next threshold", () => {
  it("is the smallest one above the position", () => {
    expect(nextThreshold(50, [75, 85])).toBe(75);
    expect(nextThreshold(80, [75, 85])).toBe(85);
    expect(nextThreshold(90, [75, 85])).toBeNull();
  });
});
