import type { ClaimSource } from "../../lib/server/agent-loop/review-claim";
import { resolveServerCredential } from "../credentials";
import type { Io } from "../io";
import { readStdin } from "../stdin";

const USAGE = `Usage:
  baton statusline        (Claude Code runs it: "statusLine": {"type": "command", "command": "… baton statusline"})

  Reads the JSON Claude Code sends on stdin and prints one line: the model, the context position
  (from that JSON's context_window) with the next handoff threshold, and your review claim on this
  repo (the team server you logged in to with \`baton login\`, else this machine's database) or the
  repo's open handoff. \`baton hooks install --statusline\` sets it where no status line is set.
  docs/agent-loop.md`;

/** Where your review claims are: the team server `baton login` stored (as `baton review` uses), else the single-user database. */
async function claimSource(env: NodeJS.ProcessEnv): Promise<ClaimSource | null> {
  try {
    const credential = resolveServerCredential(undefined, env);
    if (credential !== null) return { kind: "server", server: credential.server, token: credential.token };
  } catch {
    // An unreadable credentials file: no server claims (the status line never fails).
    return null;
  }
  const { resolveDatabaseUrl } = await import("../../lib/server/db/database-url");
  return { kind: "database", target: resolveDatabaseUrl(env) };
}

export async function statuslineCommand(argv: string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  const stdin = await readStdin(1024 * 1024, 5_000).catch(() => "");
  const { statusLine } = await import("../../lib/server/agent-loop/statusline");
  io.out(await statusLine(stdin, { claims: await claimSource(process.env) }));
  // A database or server connection still closing must not hold Claude Code's status line.
  setTimeout(() => process.exit(0), 100).unref();
  return 0;
}
