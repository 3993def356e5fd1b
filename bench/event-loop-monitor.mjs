// Preloaded into the benchmarked server (`node --import`): every 50 ms a line
// `<epoch ms> <longest event-loop delay ms> <main thread CPU ms so far>` in $BATON_BENCH_ELD_FILE.
// The delay is wall-clock (a loaded machine delays every timer); the CPU time of the main thread alone
// (Linux: /proc/self/task/<pid>/stat) is what requests made it compute, whatever the machine's load.
// Worker threads (the markdown renderer) are not counted: holding them is their job.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const TICKS_PER_SECOND = 100;

function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return -1;
  }
}

const file = process.env.BATON_BENCH_ELD_FILE;
if (file && isMainThread) {
  writeFileSync(file, "");
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)} ${mainThreadCpuMs()}\n`);
    histogram.reset();
  }, 50).unref();
}
