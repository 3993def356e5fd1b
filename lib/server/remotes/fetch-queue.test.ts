import { expect, test } from "vitest";
import { enqueueFetch, MAX_CONCURRENT_FETCHES } from "./fetch-queue";

test("at most two fetches run at once, and a remote already queued shares its run", async () => {
  let running = 0;
  let peak = 0;
  let calls = 0;
  const work = () => async () => {
    calls++;
    running++;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 20));
    running--;
    return calls;
  };
  const runs = ["a", "b", "c", "d", "e"].map((key) => enqueueFetch(key, work()));
  const again = enqueueFetch("a", work());
  await Promise.all([...runs, again]);
  expect(peak).toBe(MAX_CONCURRENT_FETCHES);
  expect(calls).toBe(5);
  expect(await again).toBe(await runs[0]);
});

test("the scheduler runs in a serving Node process only: not during next build, not in the edge runtime, not when turned off", async () => {
  const { schedulerWanted } = await import("./scheduler");
  expect(schedulerWanted({ NEXT_RUNTIME: "nodejs" })).toBe(true);
  expect(schedulerWanted({ NEXT_RUNTIME: "nodejs", NEXT_PHASE: "phase-production-build" })).toBe(false);
  expect(schedulerWanted({ NEXT_RUNTIME: "edge" })).toBe(false);
  expect(schedulerWanted({})).toBe(false);
  expect(schedulerWanted({ NEXT_RUNTIME: "nodejs", BATON_REMOTES_POLL: "0" })).toBe(false);
});
