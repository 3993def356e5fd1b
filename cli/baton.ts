import { activeCommandUsage, CommandUsageError, HelpRequest, nearestName, resetActiveCommand } from "./args";
import { processIo, UsageError, type Io } from "./io";
import { batonVersion } from "./version";

const HELP = `baton — handoff chains and agent sessions, from your repos

Usage:
  baton scan <repo>... [--glob <glob>]... [--json]   register git repos and ingest their handoffs
  baton scan --agents [<repo>...] [--json]           also ingest agent session logs (Claude Code, Codex,
                                                     Gemini CLI, OpenCode) from their default folders
  baton lint <repo>... [--glob <glob>]... [--json]   check handoffs against the protocol (no database)
  baton resume <handoff|repo> [--runtime R] [--json]
                                                     prompt + command that continue a handoff (resume --help)
  baton serve [--port N] [--host H [--expose]] [--watch [--every S]]
                                                     serve the dashboard (default 127.0.0.1:3000); --watch
                                                     rescans the registered repos and agent logs every S s (30);
                                                     a host other machines can reach needs --expose (no sign-in)
  baton review <list|show|claim|release|…> [--json]  team review of open handoffs: claim, block, done,
                                                     fail, comment (review --help)
  baton remote add|list|fetch|remove …               mirror remote git repositories and scan them (remote --help)
  baton demo [--json]                                (re)build the demo workspace and scan it
  baton serve --team | user add|list | token create|list|revoke | login --server URL
                                                     team server (docs/team.md)
  baton push [--server URL] [--no-scan] [--json]     send changed agent sessions (no transcript text) to the team server
  baton otel-env --runtime R [--server URL] [--token T]
                                                     settings that stream a runtime's telemetry to the team server
  baton report daily|weekly|monthly|session|blocks   usage and estimated cost (report --help; docs/cli.md)
  baton hooks install|uninstall|status [--runtime R] put Baton into an agent's loop: resume at session start,
                                                     a handoff asked for at 90 % context (docs/agent-loop.md)
  baton hook <event> --runtime R                     what those hooks run (reads the runtime's JSON on stdin)
  baton statusline                                   Claude Code status line: model, context %, open handoff
  baton mcp                                          MCP server over stdio (handoffs, resume, lint, draft, context)

Options:
  --json       print one JSON document on stdout; progress goes to stderr
  -h, --help   show this help; baton help <command> (or baton <command> --help) shows a command's usage
  --version    print Baton's version

Environment:
  DATABASE_URL         file:/path/to/baton.db (SQLite, default: <baton>/data/baton.db) or postgresql://…
  BATON_DATA_DIR       Baton's data folder (default: <baton>/data)
  PORT                 default port for serve
  BATON_ALLOWED_HOSTS  extra host names (name or name:port, comma-separated) serve answers to
  CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_DATA_DIR, OPENCODE_DATA_DIR
                       agent log folders (as ccusage)
  BATON_HOME_DIR       home folder the default agent folders are looked for in (default: HOME)
  BATON_HANDOFF_AT     context percent at which the hooks ask for a handoff (default 90, or the repo's budget)
  BATON_DEBUG=1        print the stack trace of an unexpected failure

Docs: docs/cli.md`;

/** The command names the help lists (each command adds its line there). */
function commandNames(): string[] {
  return [...new Set([...HELP.matchAll(/^ {2}baton ([a-z][\w-]*)/gm)].map((match) => match[1]!))];
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  // `baton help scan` is `baton scan --help`.
  if (command === "help" && rest[0] !== undefined) return main([rest[0], "--help"], io);
  resetActiveCommand();
  try {
    switch (command) {
      case "scan":
        return await (await import("./commands/scan")).scanCommand(rest, io);
      case "lint":
        return await (await import("./commands/lint")).lintCommand(rest, io);
      case "resume":
        return await (await import("./commands/resume")).resumeCommand(rest, io);
      case "review":
        return await (await import("./commands/review")).reviewCommand(rest, io);
      case "serve":
        return await (await import("./commands/serve")).serveCommand(rest, io);
      case "user":
        return await (await import("./commands/user")).userCommand(rest, io);
      case "token":
        return await (await import("./commands/token")).tokenCommand(rest, io);
      case "login":
        return await (await import("./commands/login")).loginCommand(rest, io);
      case "remote":
        return await (await import("./commands/remote")).remoteCommand(rest, io);
      case "push":
        return await (await import("./commands/push")).pushCommand(rest, io);
      case "otel-env":
        return await (await import("./commands/otel-env")).otelEnvCommand(rest, io);
      case "demo":
        return await (await import("./commands/demo")).demoCommand(rest, io);
      case "report":
        return await (await import("./commands/report")).reportCommand(rest, io);
      case "hooks":
        return await (await import("./commands/hooks")).hooksCommand(rest, io);
      case "hook":
        return await (await import("./commands/hook")).hookCommand(rest, io);
      case "statusline":
        return await (await import("./commands/statusline")).statuslineCommand(rest, io);
      case "mcp":
        return await (await import("./commands/mcp")).mcpCommand(rest, io);
      case "--version":
      case "-v":
      case "version":
        io.out(`baton ${batonVersion()}`);
        return 0;
      case undefined:
      case "help":
      case "-h":
      case "--help":
        io.out(HELP);
        return command === undefined ? 2 : 0;
      default: {
        const near = nearestName(command, commandNames());
        const what = command.startsWith("-") ? `unknown option ${command}` : `unknown command "${command}"`;
        io.err(`baton: ${what}${near ? ` (did you mean "${near}"?)` : ""}\n\n${HELP}`);
        return 2;
      }
    }
  } catch (error) {
    if (error instanceof HelpRequest) {
      io.out(error.usage);
      return 0;
    }
    if (error instanceof UsageError) {
      // One line naming the mistake, then how the command is written.
      const usage = error instanceof CommandUsageError ? error.usage : activeCommandUsage();
      io.err(`baton: ${error.message}\n\n${usage ?? 'Run "baton --help" for usage.'}`);
      return 2;
    }
    const { DatabaseUrlError, resolveDatabaseUrl } = await import("../lib/server/db/database-url");
    // A DATABASE_URL of neither accepted form: one line naming both, exit 2, nothing created.
    if (error instanceof DatabaseUrlError) {
      io.err(`baton: ${error.message}`);
      return 2;
    }
    // A storage failure is one line a person can act on (the disk is full, the file is read-only);
    // anything else is its message. The stack only when asked for (BATON_DEBUG=1).
    const { classifyStorageError } = await import("../lib/server/db/storage-errors");
    let target: ReturnType<typeof resolveDatabaseUrl> | null = null;
    try {
      target = resolveDatabaseUrl(process.env);
    } catch {
      // A bad DATABASE_URL is reported where it is read; here it only means "no storage to name".
    }
    const storage = target === null ? null : classifyStorageError(error, target);
    // The first line: some errors carry a trace of their own in the message (the schema engine's).
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    io.err(`baton: ${storage?.message ?? message}`);
    if (process.env.BATON_DEBUG === "1") io.err((error as Error).stack ?? String(error));
    else if (storage === null) io.err("(set BATON_DEBUG=1 to see where it happened)");
    return 1;
  }
}
