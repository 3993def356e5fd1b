/**
 * `npm run baton -- serve` and `npm start` as a user or a service manager runs them: SIGTERM / SIGINT
 * to the command stops every process it started and frees the port; `serve --host 0.0.0.0 --expose`
 * answers on the machine's names and still refuses foreign ones. Runs on the production build (these
 * commands build first when it is stale, so this lives beside the e2e specs, after `next build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, oncePerRun } from "./fixtures/test";

const root = path.resolve(import.meta.dirname, "..");
// Ports of their own, away from the e2e server's.
const basePort = Number(process.env.BATON_E2E_PORT ?? 3107) + 1000;

test.skip(!existsSync("/proc/self/stat"), "reads the process tree from /proc (Linux)");
// Each command here runs on a SQLite file of its own: nothing to learn from a second pass on PostgreSQL.
oncePerRun(test, "postgres", "its commands use their own SQLite file");
test.describe.configure({ timeout: 180_000 });

/** Every live process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Field 4, after the parenthesised command name (which may itself hold spaces and parentheses).
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie has exited; it only waits for its parent to read its status.
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "0.0.0.0", () => server.close(() => resolve(true)));
  });
}

/** The status of GET /api/health sent to 127.0.0.1:`port` with `Host: host` (0 when nothing answers). */
function healthy(port: number, host = `127.0.0.1:${port}`, timeoutMs = 5_000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/api/health", headers: { Host: host }, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", () => resolve(0));
    request.on("timeout", () => request.destroy());
  });
}

/** A live stream (`/api/events`) held open as a tab holds it: `connected` once the server says so, `ended` with all it received once the server ends it. */
function holdEventStream(port: number): { connected: Promise<void>; ended: Promise<string> } {
  let text = "";
  let onConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const ended = new Promise<string>((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/api/events", headers: { Host: `127.0.0.1:${port}` } }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes(": connected")) onConnected();
      });
      response.on("end", () => resolve(text));
      response.on("error", () => resolve(text));
    });
    request.on("error", () => resolve(text));
  });
  return { connected, ended };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  scratch: string;
}

function start(command: string, args: string[], port: number): Started {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-serve-process-"));
  let output = "";
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, BATON_DATA_DIR: scratch, DATABASE_URL: `file:${path.join(scratch, "baton.db")}`, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, scratch };
}

async function stopAndCheck(started: Started, port: number, signal: NodeJS.Signals) {
  const tree = descendants(started.child.pid!);
  // npm → sh → node (baton) → next-server: at least the server itself runs below the command.
  expect(tree.length, started.output()).toBeGreaterThanOrEqual(1);
  const exited = new Promise<number | null>((resolve) => started.child.once("exit", (code) => resolve(code)));
  started.child.kill(signal);
  const code = await exited;
  await expect.poll(() => [started.child.pid!, ...tree].filter(isAlive), { timeout: 15_000, message: started.output() }).toEqual([]);
  expect(await portIsFree(port)).toBe(true);
  expect(code, started.output()).not.toBeNull();
  rmSync(started.scratch, { recursive: true, force: true });
}

test("SIGTERM to `npm run baton -- serve` stops Node and Next and frees the port, ending an open tab's live stream", async () => {
  const port = basePort;
  const started = start("npm", ["run", "--silent", "baton", "--", "serve", "--port", String(port)], port);
  // "Baton on …" is said once the server listens, not before: the moment it appears, the server answers.
  await expect.poll(() => started.output().includes("Baton on http://127.0.0.1:"), { timeout: 90_000, intervals: [50], message: started.output() }).toBe(true);
  // Its first answer loads the route's code: on a loaded machine that takes seconds, but the
  // connection is accepted at once (a refused one answers 0 right away).
  expect(await healthy(port, `127.0.0.1:${port}`, 60_000), started.output()).toBe(200);
  expect(started.output()).not.toMatch(/Failed to start server|EADDRINUSE/);
  // An open tab's event stream must not hold the server's graceful close (it did until it was killed).
  const stream = holdEventStream(port);
  await stream.connected;
  await stopAndCheck(started, port, "SIGTERM");
  expect(await stream.ended).toContain('event: reconnect\ndata: {"reason":"server stopping"}');
});

test("SIGINT to `npm start` stops Node and Next and frees the port", async () => {
  const port = basePort + 1;
  const started = start("npm", ["start", "--silent", "--", "--port", String(port)], port);
  await expect.poll(() => healthy(port), { timeout: 120_000, message: started.output() }).toBe(200);
  await stopAndCheck(started, port, "SIGINT");
});

test("SIGTERM to `npm start` stops it too", async () => {
  const port = basePort + 2;
  const started = start("npm", ["start", "--silent", "--", "--port", String(port)], port);
  await expect.poll(() => healthy(port), { timeout: 120_000, message: started.output() }).toBe(200);
  await stopAndCheck(started, port, "SIGTERM");
});

test("serve --host 0.0.0.0 --expose warns, answers on this machine's name and refuses foreign names", async () => {
  const port = basePort + 3;
  const started = start(process.execPath, [path.join(root, "bin", "baton.mjs"), "serve", "--host", "0.0.0.0", "--port", String(port), "--expose"], port);
  await expect.poll(() => healthy(port), { timeout: 90_000, message: started.output() }).toBe(200);
  expect(started.output()).toContain("WARNING: --expose serves Baton on 0.0.0.0:");
  expect(started.output()).toContain("every handoff");
  expect(await healthy(port, `${os.hostname()}:${port}`)).toBe(200);
  expect(await healthy(port, `rebind.evil.example:${port}`)).toBe(421);
  await stopAndCheck(started, port, "SIGTERM");
});
