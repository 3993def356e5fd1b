import path from "node:path";
import { parseCommand } from "../args";
import { printJson, UsageError, type Io } from "../io";
import { LOOP_RUNTIMES, isLoopRuntime, type LoopRuntime } from "../../lib/core/runtimes/hooks.data";
import { runtimeFromName } from "../../lib/core/runtimes/runtimes";
import { batonEntry } from "../baton-entry";
import { counted } from "../../lib/core/text/counted";
import { thresholdSourceWords } from "../../lib/core/agent-loop/guard";
import type { LoopStatus } from "../../lib/server/agent-loop/loop-status";

const USAGE = `Usage:
  baton hooks install [--runtime claude-code|codex|gemini-cli|all] [--scope user|project] [--mcp] [--statusline] [--no-trust] [--json]
  baton hooks uninstall [--runtime …] [--scope user|project] [--json]
  baton hooks status [--scope user|project] [--json]

  Puts Baton into an agent's loop (docs/agent-loop.md): a new session starts from the repository's
  latest open handoff, and a session crossing the handoff threshold (90 % of its context window by
  default; BATON_HANDOFF_AT=<percent> or the repo's declared budget) is told to write its handoff now.

  --runtime R     which runtime's settings to change (default: all three)
  --scope S       user (default: ~/.claude/settings.json, $CODEX_HOME/hooks.json, ~/.gemini/settings.json)
                  or project (.claude/settings.json, .codex/hooks.json, .gemini/settings.json in this repo)
  --mcp           also register \`baton mcp\` (Claude Code ~/.claude.json or .mcp.json, Codex config.toml
                  [mcp_servers.baton], Gemini CLI mcpServers)
  --statusline    also set Claude Code's status line to \`baton statusline\`, only where none is set
  --no-trust      Codex: do not mark Baton's hooks trusted (Codex skips untrusted hooks until you do)
  --json          print what changed as JSON

  Every other key and every other tool's hooks stay as they were; a second install changes nothing;
  uninstall gives the files back as they were. A settings file that is not valid JSON is left untouched
  (exit 2). The original is kept as <file>.baton-backup before each write.`;

function parseRuntimes(value: string | undefined): LoopRuntime[] {
  if (value === undefined || value === "all") return [...LOOP_RUNTIMES];
  const names = value.split(",").map((name) => name.trim()).filter(Boolean);
  return names.map((name) => {
    // An id or one of its aliases (claude, gemini): the runtimes table's own names.
    const runtime = runtimeFromName(name) ?? name;
    if (!isLoopRuntime(runtime)) throw new UsageError(`unknown runtime "${name}"; use one of: ${LOOP_RUNTIMES.join(", ")}, all`);
    return runtime;
  });
}

export async function hooksCommand(argv: string[], io: Io, context: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const { values, positionals, fail } = parseCommand(
    {
      name: "hooks",
      usage: USAGE,
      allowPositionals: true,
      options: {
        runtime: { type: "string" },
        scope: { type: "string", default: "user" },
        mcp: { type: "boolean", default: false },
        statusline: { type: "boolean", default: false },
        "no-trust": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
      },
    },
    argv,
  );
  const [verb, ...extra] = positionals;
  if (verb !== "install" && verb !== "uninstall" && verb !== "status") fail(verb === undefined ? "hooks needs install, uninstall or status" : `unknown hooks command "${verb}"`);
  if (extra.length > 0) fail(`unexpected argument "${extra[0]}"`);
  if (values.scope !== "user" && values.scope !== "project") fail(`--scope is user or project, not "${values.scope}"`);
  const scope = values.scope as "user" | "project";
  const runtimes = parseRuntimes(values.runtime);
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  const { repoRootOf } = await import("../../lib/server/agent-loop/repo-root");
  const projectRoot = (await repoRootOf(cwd))?.root ?? path.resolve(cwd);
  const entry = batonEntry(env);
  const install = await import("../../lib/server/agent-loop/install");

  try {
    if (verb === "status") {
      const { loopStatus } = await import("../../lib/server/agent-loop/loop-status");
      const status = await loopStatus({ scope, projectRoot, env, entry, askCodex: true });
      if (values.json) printJson(io, status);
      else io.out(describeStatus(status));
      return 0;
    }
    const report =
      verb === "install"
        ? await install.installLoop({ runtimes, scope, mcp: values.mcp, statusline: values.statusline, trust: !values["no-trust"], projectRoot, env, entry })
        : await install.uninstallLoop({ runtimes, scope, projectRoot, env });
    if (values.json) {
      printJson(io, report);
    } else {
      for (const change of report.files) io.out(`${change.runtime}: ${change.what} ${change.changed ? (verb === "install" ? "written to" : "removed from") : verb === "install" ? "already in" : "not in"} ${change.file}`);
      for (const note of report.notes) io.out(`note: ${note}`);
      for (const { runtime, result } of report.trust) {
        if (result.status === "trusted") io.out(`${runtime}: Baton's ${result.hooks.length} hooks are trusted (Codex's hooks/list says so${result.wrote > 0 ? `; ${result.wrote} newly trusted` : ""})`);
        else io.err(`${runtime}: ${result.message}`);
      }
    }
    // Trust that Codex refused or could not be asked for is a failure the user must act on. Without
    // codex installed there is nothing to run the hooks yet: the line says what to do, and exit 0.
    return report.trust.some(({ result }) => result.status === "not-trusted" || result.status === "failed") ? 1 : 0;
  } catch (error) {
    if (error instanceof install.UnsafeSettingsError) {
      io.err(`baton: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

function describeStatus(status: LoopStatus): string {
  const lines: string[] = [];
  for (const runtime of status.runtimes) {
    lines.push(`${runtime.runtime} (${runtime.scope}): ${runtime.file}${runtime.state === "absent" ? " (absent)" : ""}`);
    if (runtime.problem) lines.push(`  ${runtime.problem}`);
    for (const event of runtime.events) lines.push(`  ${event.event}: ${event.status === "current" ? "installed" : event.status === "outdated" ? "installed, from another Baton path or version (run hooks install again)" : "not installed"}`);
    if (runtime.statusLine !== null) lines.push(`  status line: ${runtime.statusLine ? "Baton's" : "not Baton's"}`);
    lines.push(`  MCP server: ${runtime.mcp ? "registered" : "not registered"}`);
    if (runtime.trust) for (const hook of runtime.trust) lines.push(`  trust: ${hook.key}: ${hook.trustStatus}`);
    if (runtime.trustNote) lines.push(`  trust: ${runtime.trustNote}`);
    const guard = runtime.guard.threshold;
    lines.push(`  guard asks at: ${guard.percent} % of a ${runtime.guard.window.toLocaleString("en-US")}-token window${guard.source === "runtime" ? ` (${thresholdSourceWords(guard)})` : ""}`);
  }
  lines.push(status.guardOff ? "handoff threshold here: off (BATON_HANDOFF_AT=off: the guard asks nothing)" : `handoff threshold here: ${status.threshold.percent} % (${thresholdSourceWords(status.threshold) ?? "default"})`);
  for (const problem of status.thresholdProblems) lines.push(`  ${problem}`);
  lines.push(`recorded: ${counted(status.events.guardInstructions, "handoff request")}, ${counted(status.events.resumesInjected, "resume")} given (${status.events.file})${status.events.badLines > 0 ? `, ${counted(status.events.badLines, "unreadable line")}` : ""}`);
  lines.push(`log: ${status.log}`);
  return lines.join("\n");
}
