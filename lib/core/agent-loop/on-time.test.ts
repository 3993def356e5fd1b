import { describe, expect, it } from "vitest";
import { crossingOutcome, onTimeRate } from "./on-time";

describe("the on-time rate", () => {
  it.each([
    [{ askedAt: 100, compactions: [], handoffs: [150] }, "on-time"],
    [{ askedAt: 100, compactions: [200], handoffs: [150] }, "on-time"],
    [{ askedAt: 100, compactions: [50, 200], handoffs: [150] }, "on-time"],
    [{ askedAt: 100, compactions: [200], handoffs: [250] }, "late"],
    [{ askedAt: 100, compactions: [200], handoffs: [90] }, "none"],
    [{ askedAt: 100, compactions: [], handoffs: [] }, "none"],
  ] as const)("%j is %s", (facts, outcome) => {
    expect(crossingOutcome({ session: "s", ...facts })).toBe(outcome);
  });

  it("counts sessions that crossed and how many handed off in time", () => {
    const rate = onTimeRate([
      { session: "a", askedAt: 1, compactions: [], handoffs: [2] },
      { session: "b", askedAt: 1, compactions: [3], handoffs: [4] },
      { session: "c", askedAt: 1, compactions: [], handoffs: [] },
      { session: "d", askedAt: 1, compactions: [9], handoffs: [5] },
    ]);
    expect(rate).toEqual({ crossed: 4, onTime: 2, late: 1, none: 1, percent: 50 });
    expect(onTimeRate([]).percent).toBeNull();
  });
});
