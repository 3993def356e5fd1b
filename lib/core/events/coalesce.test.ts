import { describe, expect, it } from "vitest";
import type { BatonEvent } from "./baton-event";
import { EventCoalescer, type CoalescerClock } from "./coalesce";

function fakeClock() {
  let now = 0;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const clock: CoalescerClock = {
    now: () => now,
    schedule: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= now) timer.run();
      else timers.push(timer);
    }
  };
  return { clock, advance, pendingTimers: () => timers.filter((timer) => !timer.cancelled).length };
}

const review = (id: string, version: number): BatonEvent => ({ kind: "review", id, version });

describe("EventCoalescer", () => {
  it("sends an isolated change at once", () => {
    const { clock } = fakeClock();
    const sent: BatonEvent[] = [];
    const coalescer = new EventCoalescer((event) => sent.push(event), clock, 100);
    coalescer.push(review("a", 1));
    coalescer.push(review("b", 1));
    coalescer.push({ kind: "comment", id: "a", version: 1 });
    expect(sent).toEqual([review("a", 1), review("b", 1), { kind: "comment", id: "a", version: 1 }]);
  });

  it("holds a burst on one record and sends it once at the window's end with the highest version", () => {
    const { clock, advance } = fakeClock();
    const sent: BatonEvent[] = [];
    const coalescer = new EventCoalescer((event) => sent.push(event), clock, 100);
    coalescer.push(review("a", 1));
    advance(10);
    coalescer.push(review("a", 3));
    coalescer.push(review("a", 2));
    coalescer.push(review("a", 5));
    coalescer.push(review("a", 4));
    expect(sent).toEqual([review("a", 1)]);
    expect(coalescer.heldCount).toBe(1);
    advance(89);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toEqual([review("a", 1), review("a", 5)]);
    // A change after a quiet window goes out at once again.
    advance(100);
    coalescer.push(review("a", 6));
    expect(sent.at(-1)).toEqual(review("a", 6));
  });

  it("sends nothing after close, and leaves no timer behind", () => {
    const { clock, advance, pendingTimers } = fakeClock();
    const sent: BatonEvent[] = [];
    const coalescer = new EventCoalescer((event) => sent.push(event), clock, 100);
    coalescer.push(review("a", 1));
    coalescer.push(review("a", 2));
    coalescer.close();
    expect(pendingTimers()).toBe(0);
    advance(200);
    expect(sent).toEqual([review("a", 1)]);
  });

  it("forgets records older than the window, so many distinct records do not grow it without end", () => {
    const { clock, advance } = fakeClock();
    const coalescer = new EventCoalescer(() => {}, clock, 100);
    for (let index = 0; index < 5_000; index++) {
      coalescer.push(review(`r${index}`, 1));
      advance(1);
    }
    expect((coalescer as unknown as { lastSent: Map<string, number> }).lastSent.size).toBeLessThanOrEqual(1_100);
  });
});
