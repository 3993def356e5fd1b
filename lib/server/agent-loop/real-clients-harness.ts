/**
 * The real agent CLIs against ../shared/fixtures/realcli/_run/mock_llm.py, as ../shared/fixtures/realcli
 * was made: each CLI installed from the npm registry at the fixtures' version (scripts/install-realcli.mjs,
 * into `.tmp/realcli` outside git, reused when present), its own fake HOME, a git repo as its cwd, and
 * the mock saving every request body. Used by real-clients.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");
export const REALCLI_RUN = path.resolve(PROJECT_ROOT, "../shared/fixtures/realcli/_run");
export const MOCK = path.join(REALCLI_RUN, "mock_llm.py");

/** Why the real-client tests cannot run here, or null when they can. */
export function missingPrerequisite(): string | null {
  if (!existsSync(MOCK)) return `skipped: ${path.relative(PROJECT_ROOT, REALCLI_RUN)}/mock_llm.py not found (../shared is absent)`;
  if (spawnSync("python3", ["--version"]).status !== 0) return "skipped: python3 is not installed (the mock LLM needs it)";
  if (spawnSync("git", ["--version"]).status !== 0) return "skipped: git is not installed";
  return null;
}

export type CliName = "claude" | "codex" | "gemini";

/** What scripts/install-realcli.mjs reports: where the CLIs are, and each one's binary or why its test skips. */
export interface InstalledClis {
  dir: string;
  clis: Record<CliName, { bin: string; version: string } | { skip: string }>;
}

/**
 * Installs the three CLIs (one npm call; nothing when the folder already holds their versions; a wait
 * when `npm test` started that install in the background). A child process: lib/ never imports scripts/.
 */
export async function installClis(): Promise<InstalledClis> {
  const result = await runAsync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "install-realcli.mjs"), "--json"], { cwd: PROJECT_ROOT, env: process.env, timeoutMs: 20 * 60 * 1000 });
  try {
    return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as InstalledClis;
  } catch {
    const skip = `skipped: scripts/install-realcli.mjs failed (exit ${result.status}: ${(result.stderr || result.stdout).trim().slice(-300)})`;
    return { dir: "", clis: { claude: { skip }, codex: { skip }, gemini: { skip } } };
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

export interface MockLlm {
  port: number;
  logdir: string;
  /** Saved request bodies in order, with the mock's number. */
  bodies(): { n: number; body: string }[];
  /** The mock's own log of each request (requests.jsonl): number, API, model, scenario (`compact`: a summarisation request). */
  requests(): { n: number; api?: string; model?: string; scenario?: string }[];
  stop(): void;
}

export async function startMock(logdir: string): Promise<MockLlm> {
  const port = await freePort();
  mkdirSync(logdir, { recursive: true });
  const child: ChildProcess = spawn("python3", [MOCK, "--port", String(port), "--logdir", logdir], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the mock LLM did not start on ${port}: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    logdir,
    bodies() {
      const folder = path.join(logdir, "bodies");
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((name) => /^\d+\.json$/.test(name))
        .sort()
        .map((name) => ({ n: Number(name.slice(0, -5)), body: readFileSync(path.join(folder, name), "utf8") }));
    },
    requests() {
      const file = path.join(logdir, "requests.jsonl");
      if (!existsSync(file)) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as { n: number; api?: string; model?: string; scenario?: string });
    },
    stop() {
      child.kill();
    },
  };
}

/** A scratch folder: fake HOME, a git repo (branch `feature/loop`) as cwd, Baton's data folder. */
export function scratch(name: string): { base: string; home: string; repo: string; data: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), `baton-${name}-`));
  const home = path.join(base, "home");
  const repo = path.join(base, "work");
  const data = path.join(base, "data");
  for (const folder of [home, repo, data]) mkdirSync(folder, { recursive: true });
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, { cwd: repo, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  };
  git("init", "-q", "-b", "feature/loop");
  git("config", "user.email", "loop@example.com");
  git("config", "user.name", "Loop Test");
  writeFileSync(path.join(repo, "README.txt"), "real-client test repository\n");
  git("add", "-A");
  git("commit", "-q", "-m", "init");
  return { base, home, repo, data };
}

export function gitIn(repo: string, ...args: string[]): string {
  const result = spawnSync("git", args, { cwd: repo, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion (stdin /dev/null, as the fixtures' run-*.sh did) without blocking the
 * event loop, so the three CLIs' scenarios run side by side; killed after `timeoutMs`.
 */
export function runAsync(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string | undefined>; timeoutMs?: number }): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 180_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, stdout, stderr: `${stderr}${String(error)}` });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The environment of ../shared/fixtures/realcli/_run/env-<cli>.sh, with this run's HOME and mock port. */
export function cliEnv(cli: CliName, options: { home: string; port: number; data: string; cliDir: string }): Record<string, string> {
  const base = {
    PATH: `${path.join(options.cliDir, "node_modules", ".bin")}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    HOME: options.home,
    LANG: "C.UTF-8",
    TERM: "dumb",
    BATON_DATA_DIR: options.data,
  };
  if (cli === "claude") {
    return {
      ...base,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${options.port}`,
      ANTHROPIC_API_KEY: "sk-ant-fake",
      DISABLE_TELEMETRY: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      DISABLE_BUG_COMMAND: "1",
      CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: "1",
    };
  }
  if (cli === "codex") return { ...base, CODEX_HOME: path.join(options.home, ".codex"), MOCK_OPENAI_API_KEY: "sk-fake-codex" };
  return {
    ...base,
    GEMINI_API_KEY: "fake-gemini-key",
    GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${options.port}`,
    GEMINI_TELEMETRY_ENABLED: "false",
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    NO_BROWSER: "true",
  };
}

/** The fixtures' Codex config.toml, pointed at this run's mock. */
export function codexConfig(port: number): string {
  return readFileSync(path.join(REALCLI_RUN, "codex-config.toml"), "utf8").replace(/127\.0\.0\.1:\d+/g, `127.0.0.1:${port}`);
}

/** The fixtures' Gemini CLI settings.json. */
export function geminiSettings(): string {
  return readFileSync(path.join(REALCLI_RUN, "gemini-settings.json"), "utf8");
}
