import type { Io } from "../io";
import { readStdin } from "../stdin";

const USAGE = `Usage:
  baton statusline        (Claude Code runs it: "statusLine": {"type": "command", "command": "… baton statusline"})

  Reads the JSON Claude Code sends on stdin and prints one line: the model, the context position
  (from that JSON's context_window) with the next handoff threshold, and the repo's open handoff.
  \`baton hooks install --statusline\` sets it where no status line is set. docs/agent-loop.md`;

export async function statuslineCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const stdin = await readStdin(1024 * 1024, 5_000).catch(() => "");
  const { statusLine } = await import("../../lib/server/agent-loop/statusline");
  io.out(await statusLine(stdin));
  return 0;
}
