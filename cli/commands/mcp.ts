import type { Io } from "../io";
import { batonVersion } from "../version";

const USAGE = `Usage:
  baton mcp        (an agent runtime starts it; it speaks MCP over stdin/stdout)

  Tools: list_handoffs {repo}, latest_handoff {repo}, resume_prompt {repo, runtime},
  lint_handoff {text}, draft_handoff {repo, runtime, phase}, context_status {transcript_path}.
  \`baton hooks install --mcp\` registers it; the lines to add by hand are in docs/agent-loop.md.`;

export async function mcpCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const { serveMcpOverStdio } = await import("../../lib/server/agent-loop/mcp-server");
  await serveMcpOverStdio(batonVersion());
  return 0;
}
