import { parseArgs } from "node:util";
import { serve } from "../../lib/server/app/serve";
import { UsageError, type Io } from "../io";

export async function serveCommand(argv: string[], io: Io, defaults: { seedDemoIfEmpty?: boolean } = {}): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string", short: "H" },
      demo: { type: "boolean", default: false },
      watch: { type: "boolean", default: false },
      every: { type: "string" },
    },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new UsageError(`invalid port "${values.port ?? process.env.PORT}"`);
  const every = Number(values.every ?? 30);
  if (!Number.isFinite(every) || every < 2 || every > 86_400) throw new UsageError(`--every takes seconds from 2 to 86400, not "${values.every}"`);
  if (values.every !== undefined && !values.watch) throw new UsageError("--every goes with --watch");
  return serve({
    host: values.host ?? "127.0.0.1",
    port,
    seedDemoIfEmpty: values.demo || Boolean(defaults.seedDemoIfEmpty),
    log: io.err,
    watchSeconds: values.watch ? every : null,
  });
}
