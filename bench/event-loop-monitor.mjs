// Preloaded into the benchmarked server (`node --import`): every 50 ms, the longest the main thread
// went without turning its event loop, as a line `<epoch ms> <max delay ms>` in $BATON_BENCH_ELD_FILE.
// Worker threads (the markdown renderer) are not measured: holding them is their job.
import { appendFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.BATON_BENCH_ELD_FILE;
if (file && isMainThread) {
  writeFileSync(file, "");
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 50).unref();
}
