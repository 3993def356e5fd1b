import { parseArgs } from "node:util";
import { otelSetup } from "../../lib/core/otlp/otel-setup";
import { TELEMETRY_RUNTIMES, type TelemetryRuntime } from "../../lib/core/runtimes/runtimes";
import { normalizeServerUrl, resolveServerCredential } from "../credentials";
import { printJson, UsageError, type Io } from "../io";

/**
 * `baton otel-env --runtime claude-code|codex|gemini-cli [--server URL] [--token T] [--json]`: the
 * settings that send that runtime's telemetry to the team server. The token is --token, else the one
 * `baton login` stored for the server (BATON_TOKEN), else a placeholder to replace.
 */
export async function otelEnvCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { runtime: { type: "string" }, server: { type: "string" }, token: { type: "string" }, json: { type: "boolean", default: false } },
  });
  const runtime = values.runtime as TelemetryRuntime | undefined;
  if (!runtime || !TELEMETRY_RUNTIMES.includes(runtime)) throw new UsageError(`otel-env needs --runtime ${TELEMETRY_RUNTIMES.join("|")}`);
  const stored = resolveServerCredential(values.server, env);
  const server = values.server ? normalizeServerUrl(values.server) : stored?.server;
  if (!server) throw new UsageError('otel-env needs --server URL (or run "baton login --server URL" first)');
  const token = values.token ?? (stored?.server === server ? stored.token : null);
  const setup = otelSetup(runtime, server, token);
  if (values.json) {
    printJson(io, { ...setup, server, tokenIncluded: token !== null });
    return 0;
  }
  io.out(setup.file ? `# ${setup.file}` : "# environment variables");
  io.out(setup.text);
  for (const note of setup.notes) io.err(`# ${note}`);
  if (token === null) io.err("# no token given: replace the placeholder (baton token create, or --token T)");
  return 0;
}
