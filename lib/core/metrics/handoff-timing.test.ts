import { describe, expect, it } from "vitest";
import { judgeHandoffTiming } from "./handoff-timing";

describe("judgeHandoffTiming", () => {
  it.each([
    [[100_000, 184_000], 0, "in-time"],
    [[100_000, 120_000], 0, "early"],
    [[150_000, 196_000], 0, "late"],
    [[150_000, 40_000], 1, "after-compaction"],
  ] as const)("contexts %j with %i compactions → %s", (contexts, compactions, verdict) => {
    expect(judgeHandoffTiming({ contextWindow: 200_000, contextsBefore: contexts, compactionsBefore: compactions }).verdict).toBe(verdict);
  });

  it("says unknown without a window instead of guessing", () => {
    expect(judgeHandoffTiming({ contextWindow: null, contextsBefore: [5], compactionsBefore: 0 })).toMatchObject({ verdict: "unknown", percentAtHandoff: null });
  });
});
