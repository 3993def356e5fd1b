import { parseCommand } from "../args";
import { isLoopbackHost, parseHostName } from "../../lib/core/web/host-names";
import { buildAccessPolicy, describeAllowedHosts } from "../../lib/server/access/access-policy";
import { secretProblem } from "../../lib/server/auth/auth-config";
import { parseTrustedProxies, TRUSTED_PROXIES_ENV } from "../../lib/server/web/client-address";
import { serve } from "../../lib/server/app/serve";
import { UsageError, type Io } from "../io";

const SERVE_USAGE = `Usage:
  baton serve [--port N] [--host H [--expose]] [--demo] [--watch [--every S]]

  -p, --port N     port (default: PORT, else 3000)
  -H, --host H     address to bind (default 127.0.0.1); one other machines can reach needs --expose
  --expose         serve a reachable --host without sign-in (prints what becomes readable)
  --demo           build and scan the demo workspace when the database is empty
  --watch          rescan the registered repos and agent logs while serving
  --every S        seconds between --watch rescans, 2 to 86400 (default 30)`;

/** What anyone who reaches a server without sign-in can see and do (SECURITY.md). */
const EXPOSED = [
  "read every handoff (its full text, secrets masked), every repository path, branch and commit",
  "read every agent session (its folder, models, token use) and every resume command",
  "start rescans of the registered repositories and agent log folders, and change context-window overrides",
];

function refusal(host: string): string {
  return [
    `refusing to serve on ${host}: it is reachable from other machines, and without --team nobody signs in.`,
    `Anyone who can reach it could ${EXPOSED.join("; ")}.`,
    "Add --team for a team server with sign-in (PostgreSQL, docs/team.md); for one user on a network you trust,",
    "add --expose; otherwise leave --host out (127.0.0.1).",
  ].join("\n");
}

function exposureWarning(host: string, allowedHosts: string[]): string {
  return [
    `WARNING: --expose serves Baton on ${host} with no sign-in. Anyone who can reach it can:`,
    ...EXPOSED.map((line) => `  - ${line}`),
    "Use it only on a network you trust.",
    `Host names it answers to: ${allowedHosts.join(", ")} (add others with BATON_ALLOWED_HOSTS=name[:port],…).`,
  ].join("\n");
}

export async function serveCommand(argv: string[], io: Io, defaults: { seedDemoIfEmpty?: boolean } = {}): Promise<number> {
  const { values } = parseCommand({
    name: "serve",
    usage: SERVE_USAGE,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string", short: "H" },
      expose: { type: "boolean", default: false },
      team: { type: "boolean", default: false },
      demo: { type: "boolean", default: false },
      watch: { type: "boolean", default: false },
      every: { type: "string" },
    },
  }, argv);
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new UsageError(`invalid port "${values.port ?? process.env.PORT}"`);
  const every = Number(values.every ?? 30);
  if (!Number.isFinite(every) || every < 2 || every > 86_400) throw new UsageError(`--every takes seconds from 2 to 86400, not "${values.every}"`);
  if (values.every !== undefined && !values.watch) throw new UsageError("--every goes with --watch");
  const host = values.host ?? "127.0.0.1";
  if (parseHostName(host) === null) throw new UsageError(`invalid host "${host}" (a name or an IP address)`);
  const proxies = parseTrustedProxies(process.env[TRUSTED_PROXIES_ENV]);
  if (!proxies.ok) throw new UsageError(proxies.error);
  // The server process reads BATON_TEAM (lib/server/access/require-access.ts); never inherit it by accident.
  delete process.env.BATON_TEAM;
  if (values.team) {
    if (values.expose) throw new UsageError("--team and --expose do not go together: --team already lets other machines in, each after signing in");
    if (!/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL?.trim() ?? "")) throw new UsageError("--team needs a PostgreSQL database: set DATABASE_URL=postgresql://user@host:5432/baton (docs/team.md)");
    const problem = secretProblem(process.env.BATON_AUTH_SECRET);
    if (problem) throw new UsageError(`--team: ${problem}`);
    process.env.BATON_TEAM = "1";
    if (values.demo) throw new UsageError("--demo goes with a single-user server, not --team");
  } else if (!isLoopbackHost(host)) {
    if (!values.expose) throw new UsageError(refusal(host));
    const policy = buildAccessPolicy({ ...process.env, BATON_SERVE_HOST: host, BATON_SERVE_PORT: String(port) });
    io.err(exposureWarning(`${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`, describeAllowedHosts(policy)));
  }
  return serve({
    host,
    port,
    seedDemoIfEmpty: values.demo || Boolean(defaults.seedDemoIfEmpty),
    log: io.err,
    watchSeconds: values.watch ? every : null,
  });
}
