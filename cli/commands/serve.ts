import { parseArgs } from "node:util";
import { serve } from "../../lib/server/app/serve";
import { UsageError, type Io } from "../io";

export async function serveCommand(argv: string[], io: Io, defaults: { seedDemoIfEmpty?: boolean } = {}): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: "string", short: "p" }, host: { type: "string", short: "H" }, demo: { type: "boolean", default: false } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new UsageError(`invalid port "${values.port ?? process.env.PORT}"`);
  return serve({ host: values.host ?? "127.0.0.1", port, seedDemoIfEmpty: values.demo || Boolean(defaults.seedDemoIfEmpty), log: io.err });
}
