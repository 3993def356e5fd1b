import { expect } from "vitest";

/**
 * Asserts that `run(size)` grows linearly, not quadratically, by timing it at a quarter of `size` and at
 * `size` in the same run: linear work costs about 4× as much at 4× the size, quadratic 16×. A busy
 * machine slows both measurements alike, so the test fails only when the ratio (over 8×, with a small
 * allowance for timer noise) AND the absolute time (over `absoluteMs`) are both out of line — a
 * quadratic blow-up at these sizes is both, by a wide margin, in every one of up to three measurements. Timings are tests' guard rails here;
 * performance itself is measured by `npm run bench`.
 */
export function expectLinear(run: (size: number) => void, { size, absoluteMs = 1500 }: { size: number; absoluteMs?: number }): void {
  const timed = (n: number) => {
    const started = performance.now();
    run(n);
    return performance.now() - started;
  };
  timed(Math.max(1, Math.floor(size / 64))); // warm-up: compile the hot paths first
  let quarter = timed(Math.floor(size / 4));
  let full = timed(size);
  // A machine busy with other tests can stall one measurement (a descheduled process, a GC): measure
  // again, up to twice, keeping each size's fastest. A quadratic blow-up is slow every time.
  for (let again = 0; again < 2 && full >= 8 * quarter + 50 && full >= absoluteMs; again += 1) {
    quarter = Math.min(quarter, timed(Math.floor(size / 4)));
    full = Math.min(full, timed(size));
  }
  const isLinear = full < 8 * quarter + 50;
  expect(isLinear || full < absoluteMs, `size ${size} took ${full.toFixed(0)} ms, a quarter of it ${quarter.toFixed(0)} ms`).toBe(true);
}
