/** The production build served for the browser benchmarks (graph, session page). */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

/**
 * `next start` on 127.0.0.1 and a port in [basePort, basePort + 100) over `databaseUrl`, once it
 * answers; `nodeFlags` go to its Node process (e.g. `--import` of a monitor), `env` to its environment.
 */
export async function startNextServer(databaseUrl: string, basePort: number, { nodeFlags = [], env = {}, exactPort = false }: { nodeFlags?: string[]; env?: Record<string, string>; exactPort?: boolean } = {}): Promise<{ origin: string; stop: () => void; pid: number }> {
  const port = exactPort ? basePort : basePort + Math.floor(Math.random() * 100);
  const server = spawn(process.execPath, [...nodeFlags, path.join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const stop = () => void server.kill("SIGTERM");
  try {
    await waitForServer(`http://127.0.0.1:${port}/api/health`, 30_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, stop, pid: server.pid! };
}
