/**
 * `npm run bench -- guard` (issue 25): the context guard runs on every prompt and after every tool
 * call, so the whole hook command as the runtime runs it (`node bin/baton.mjs hook post-tool-use
 * --runtime claude-code`, the JSON on stdin) over a 30 MB Claude Code transcript is measured against
 * a bare `node -e 0` in the same run. Target: median at most 3× the bare start.
 *
 * Rounds alternate the two (BATON_BENCH_ROUNDS × 3, default 15). Two guard cases: below the
 * threshold (the usual call), and past it after the instruction was given (a session near its end:
 * every call reads the tail and finds nothing to say). The first call of each case, which reads the
 * repo's budget files and the bundle, is not timed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync } from "node:fs";
import path from "node:path";

interface Result {
  name: string;
  seconds: number;
  note?: string;
}

const TARGET_BYTES = 30 * 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/** A Claude Code transcript of ~30 MB: turns of a user prompt, tool results, and assistant lines with usage; the last request at `lastPrompt` tokens. */
function writeTranscript(file: string, lastPrompt: number): number {
  const fd = openSync(file, "w");
  let bytes = 0;
  let turn = 0;
  const filler = "lorem ipsum dolor sit amet ".repeat(60);
  try {
    while (bytes < TARGET_BYTES) {
      turn += 1;
      const at = new Date(Date.UTC(2026, 11, 7, 8, 0, 0) + turn * 1000).toISOString();
      const lines = [
        { type: "user", sessionId: "bench", uuid: `u${turn}`, parentUuid: `a${turn - 1}`, timestamp: at, cwd: "/w", gitBranch: "main", message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${turn}`, content: filler }] } },
        {
          type: "assistant",
          sessionId: "bench",
          uuid: `a${turn}`,
          parentUuid: `u${turn}`,
          timestamp: at,
          requestId: `req_${turn}`,
          message: { id: `msg_${turn}`, model: "claude-sonnet-4-5", role: "assistant", content: [{ type: "text", text: filler.slice(0, 400) }], usage: { input_tokens: 3, cache_creation_input_tokens: 200, cache_read_input_tokens: Math.min(150_000, 1_000 + turn * 20), output_tokens: 120 } },
        },
      ];
      const text = lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
      writeSync(fd, text);
      bytes += Buffer.byteLength(text);
    }
    const last = { type: "assistant", sessionId: "bench", uuid: "last", timestamp: new Date().toISOString(), requestId: "req_last", message: { id: "msg_last", model: "claude-sonnet-4-5", role: "assistant", content: [{ type: "text", text: "done" }], usage: { input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: lastPrompt - 3, output_tokens: 9 } } };
    const text = `${JSON.stringify(last)}\n`;
    writeSync(fd, text);
    bytes += Buffer.byteLength(text);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

function timed(command: string, args: string[], options: { input?: string; env: NodeJS.ProcessEnv; cwd: string }): { seconds: number; status: number | null; stdout: string } {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { input: options.input, env: options.env, cwd: options.cwd, encoding: "utf8" });
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, status: result.status, stdout: result.stdout ?? "" };
}

export async function benchGuard(work: string, root: string, log: (text: string) => void) {
  const folder = path.join(work, "guard");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const repo = path.join(folder, "repo");
  mkdirSync(repo);
  spawnSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
  const below = path.join(folder, "below.jsonl");
  const above = path.join(folder, "above.jsonl");
  log("writing two 30 MB Claude Code transcripts…");
  const size = writeTranscript(below, 120_000);
  writeTranscript(above, 185_000);
  const env = { ...process.env, BATON_DATA_DIR: path.join(folder, "data"), BATON_HANDOFF_AT: undefined, BATON_NO_BUNDLE: undefined };
  const hook = (transcript: string, session: string) => () =>
    timed(process.execPath, [path.join(root, "bin", "baton.mjs"), "hook", "post-tool-use", "--runtime", "claude-code"], {
      input: JSON.stringify({ session_id: session, transcript_path: transcript, cwd: repo, hook_event_name: "PostToolUse", tool_name: "Bash" }),
      env,
      cwd: repo,
    });
  const bare = () => timed(process.execPath, ["-e", "0"], { env, cwd: repo });
  const cases = { below: hook(below, "bench-below"), above: hook(above, "bench-above") };

  // Untimed first calls: the bundle, the budget cache, and the instruction for the session past the threshold.
  const first = cases.above();
  if (first.status !== 0 || !first.stdout.includes("Baton context guard")) throw new Error(`the guard did not ask for a handoff past the threshold: ${first.stdout}`);
  if (cases.below().stdout !== "") throw new Error("the guard spoke below the threshold");

  const rounds = Number(process.env.BATON_BENCH_ROUNDS ?? 5) * 3;
  const times = { bare: [] as number[], below: [] as number[], above: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    times.bare.push(bare().seconds);
    const belowRun = cases.below();
    const aboveRun = cases.above();
    if (belowRun.status !== 0 || aboveRun.status !== 0 || aboveRun.stdout !== "") throw new Error("a guard run failed or spoke twice");
    times.below.push(belowRun.seconds);
    times.above.push(aboveRun.seconds);
  }
  const medians = { bare: median(times.bare), below: median(times.below), above: median(times.above) };
  const mb = (statSync(below).size / 1048576).toFixed(1);
  const results: Result[] = [
    { name: "reference: `node -e 0` (process start)", seconds: medians.bare, note: `median of ${rounds}` },
    { name: `guard below the threshold, ${mb} MB transcript (whole command)`, seconds: medians.below, note: `median of ${rounds}` },
    { name: `guard past the threshold, already asked, ${mb} MB transcript (whole command)`, seconds: medians.above, note: `median of ${rounds}` },
  ];
  const ratios = { guardBelowVsNodeStart: medians.below / medians.bare, guardAboveVsNodeStart: medians.above / medians.bare };
  if (!existsSync(below) || size < TARGET_BYTES) throw new Error("transcript too small");
  writeFileSync(path.join(folder, "result.json"), JSON.stringify({ medians, times }, null, 2));
  return { benchmark: "guard (issue 25)", results, ratios, targets: { guardMedianAtMost3xNodeStart: ratios.guardBelowVsNodeStart <= 3 && ratios.guardAboveVsNodeStart <= 3 } };
}
