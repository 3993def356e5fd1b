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
