import { expect, test } from "vitest";
import { describeByteProgress, describeFileProgress, phaseClock } from "./scan-progress";

test("files, then rate and ETA once the phase has run a second", () => {
  expect(describeFileProgress("acme", 10, 400, 200)).toBe("acme: 10/400 files");
  expect(describeFileProgress("acme", 100, 400, 2_000)).toBe("acme: 100/400 files · 50 files/s · ETA 6 s");
  expect(describeFileProgress("acme", 1, 1, 2_000)).toBe("acme: 1/1 file · 0.5 files/s");
});

test("bytes read of the total, rate in binary units, ETA from bytes", () => {
  const mib = 1024 * 1024;
  expect(describeByteProgress("agent logs", { done: 50, total: 2459, bytes: 40 * mib, totalBytes: 409 * mib }, 500)).toBe("agent logs: 50/2,459 files · 40.0 MiB of 409.0 MiB");
  expect(describeByteProgress("agent logs", { done: 1200, total: 2459, bytes: 200 * mib, totalBytes: 400 * mib }, 2_000)).toBe(
    "agent logs: 1,200/2,459 files · 200.0 MiB of 400.0 MiB · 100.0 MiB/s · ETA 2 s",
  );
});

test("each phase has its own clock", () => {
  let now = 1_000;
  const elapsed = phaseClock(() => now);
  expect(elapsed("a")).toBe(0);
  now = 3_000;
  expect(elapsed("a")).toBe(2_000);
  expect(elapsed("b")).toBe(0);
});
