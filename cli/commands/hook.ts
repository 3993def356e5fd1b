import { readStdin } from "../stdin";
import type { Io } from "../io";
import { isLoopRuntime, LOOP_RUNTIMES, RUNTIME_HOOK_FACTS } from "../../lib/core/runtimes/hooks.data";
import { MAX_HOOK_INPUT_BYTES } from "../../lib/core/agent-loop/hook-input";

const USAGE = `Usage:
  baton hook <event> --runtime claude-code|codex|gemini-cli     (run by the agent, not by hand)

  The command \`baton hooks install\` puts into a runtime's settings. It reads the runtime's JSON on
  stdin and prints nothing or one {"hookSpecificOutput": …} object; it always exits 0, and a problem
  goes to Baton's log (<data folder>/logs/agent-loop.log). Events:
${LOOP_RUNTIMES.map((runtime) => `    ${runtime}: ${RUNTIME_HOOK_FACTS[runtime].events.map((event) => `${event.slug} (${event.event})`).join(", ")}`).join("\n")}
  docs/agent-loop.md`;

/**
 * Deliberately not parseCommand: a hook never exits 2 on a usage error (that would block the agent),
 * so a bad argument is logged and the hook does nothing.
 */
export async function hookCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const { logLine } = await import("../../lib/server/agent-loop/loop-files");
  const slug = argv[0];
  const runtimeIndex = argv.indexOf("--runtime");
  const runtime = runtimeIndex === -1 ? argv.find((arg) => arg.startsWith("--runtime="))?.slice("--runtime=".length) : argv[runtimeIndex + 1];
  if (slug === undefined || !isLoopRuntime(runtime)) {
    logLine(`baton hook ${argv.join(" ")}: expected "baton hook <event> --runtime ${LOOP_RUNTIMES.join("|")}"; nothing done`);
    return 0;
  }
  let stdin = "";
  try {
    stdin = await readStdin(MAX_HOOK_INPUT_BYTES);
  } catch (error) {
    logLine(`${runtime} ${slug}: could not read stdin: ${(error as Error).message}`);
  }
  const { runHook } = await import("../../lib/server/agent-loop/run-hook");
  const output = await runHook({ runtime, slug, stdin });
  if (output !== "") process.stdout.write(output);
  return 0;
}
