import v8 from "node:v8";
import vm from "node:vm";
import { expect, it } from "vitest";
import { ownString } from "./own-string";

it("copies any string exactly", () => {
  for (const text of ["", "a", "0123456789ab", "0123456789abc", "projects/-home-x/1b2c3d4e-aaaa-bbbb-cccc-ddddeeeeffff.jsonl", "é✓😀\0", "x".repeat(10_000)]) {
    expect(ownString(text)).toBe(text);
    expect(ownString(text.slice(1))).toBe(text.slice(1));
  }
});

it("keeps no parent alive: pieces cut from large strings let those strings be collected", () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  const heldBy = (own: (text: string) => string) => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept: string[] = [];
    for (let index = 0; index < 16; index++) {
      // A flat 4 MB parent per piece (repeat + a distinct suffix, then flattened by indexOf).
      const parent = `${"p".repeat(4_000_000)}/${index}/agent-session-id-0123456789`;
      parent.indexOf("#");
      kept.push(own(parent.slice(parent.length - 40)));
    }
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(kept.every((piece) => piece.length === 40)).toBe(true);
    return held;
  };
  // The check itself must be able to fail: plain slices hold their parents (~64 MB here).
  expect(heldBy((text) => text)).toBeGreaterThan(32_000_000);
  // Owned pieces hold ~1 KB; the bound leaves room for what the runner itself allocates meanwhile
  // (a few MB on a busy machine) and still fails if as few as 4 of the 16 parents stay alive.
  expect(heldBy(ownString)).toBeLessThan(16_000_000);
});
