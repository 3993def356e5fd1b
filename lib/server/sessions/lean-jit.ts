/**
 * V8's optimising compiler told not to inline while a large agent scan parses.
 *
 * Why: a scan of a few hundred megabytes is short (well under a second per parsing thread), and the
 * parser is compiled twice, once per isolate (main thread and worker). On the bench corpus perf put
 * TurboFan's compiling at ~30 % of the scan's CPU, more than the parsing threads' own JavaScript:
 * inlining makes each optimised function carry copies of its callees (the line reader's decode
 * and value in both fields() and envelope(), the handlers' helpers), and the graphs grow faster
 * than the code they replace pays back in so short a run. Without inlining, each function is
 * compiled once, small. Measured with `npm run bench -- sessions`' in-process ingest, 20
 * alternating pairs on the 2-core machine: 7 % less wall time and CPU; limiting the inlining budget
 * instead (`--max-inlined-bytecode-size-cumulative=100`) gained about half as much.
 *
 * V8 flags are per process, so this is scoped: set for the scan (only large ones: the ones that
 * start parser workers), and set back when the last scan holding it ends. What was optimised
 * meanwhile stays as compiled; a process started with its own `--[no-]turbo-inlining` is left alone.
 * One side effect: while flags differ from the ones Node was built with, V8 rejects Node's cached
 * compilations of its own modules, so a worker started meanwhile compiles them again (~25 ms of its
 * CPU); a first scan therefore starts its worker before setting this (scan-agents.ts).
 */
import v8 from "node:v8";

export interface LeanJit {
  release(): void;
}

/** Counts holders; `set(false)` when the first takes it, `set(true)` when the last lets go. */
export function leanJitController(set: (inlining: boolean) => void): () => LeanJit {
  let holders = 0;
  return () => {
    if (holders++ === 0) set(false);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        if (--holders === 0) set(true);
      },
    };
  };
}

const chosenAtStart = process.execArgv.some((flag) => /^--(no-)?turbo[-_]inlining$/.test(flag));

/** Held for a large scan (scan-agents.ts), released when it ends. */
export const holdLeanJit: () => LeanJit = chosenAtStart
  ? () => ({ release: () => undefined })
  : leanJitController((inlining) => {
      try {
        v8.setFlagsFromString(inlining ? "--turbo-inlining" : "--no-turbo-inlining");
      } catch {
        // A runtime without the flag: compiling as it does is only slower.
      }
    });
