import { describe, expect, it } from "vitest";
import { holdLeanJit, leanJitController } from "./lean-jit";

describe("lean JIT while large scans run", () => {
  it("turns inlining off for the first holder and back on when the last one lets go, once each", () => {
    const calls: boolean[] = [];
    const hold = leanJitController((inlining) => calls.push(inlining));
    const first = hold();
    const second = hold();
    expect(calls).toEqual([false]);
    first.release();
    first.release();
    expect(calls).toEqual([false]);
    second.release();
    expect(calls).toEqual([false, true]);
    hold().release();
    expect(calls).toEqual([false, true, false, true]);
  });

  it("the real one sets and restores V8's flag in this runtime, and hot code still runs and gives its results", () => {
    const held = holdLeanJit();
    let sum = 0;
    for (let index = 0; index < 200_000; index += 1) sum += index % 7;
    held.release();
    expect(sum).toBe(28_571 * 21 + 0 + 1 + 2);
  });
});
