/**
 * The real agent CLIs against ../shared/fixtures/realcli/_run/mock_llm.py, as ../shared/fixtures/realcli
 * was made: each CLI installed from the npm registry at the fixtures' version into a cache folder
 * outside git (`.tmp/realcli`, reused when present), its own fake HOME, a git repo as its cwd, and
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
/** Where the CLIs are installed: `.tmp/realcli`, or BATON_REALCLI_DIR (a CI cache, or an empty folder to time a fresh install). */
export const CLI_CACHE = process.env.BATON_REALCLI_DIR ? path.resolve(process.env.BATON_REALCLI_DIR) : path.join(PROJECT_ROOT, ".tmp", "realcli");

export const CLI_PACKAGES = {
  claude: { name: "@anthropic-ai/claude-code", version: "2.1.197" },
  codex: { name: "@openai/codex", version: "0.171.0" },
  gemini: { name: "@google/gemini-cli", version: "0.61.0" },
} as const;
export type CliName = keyof typeof CLI_PACKAGES;

/** Why the real-client tests cannot run here, or null when they can. */
export function missingPrerequisite(): string | null {
  if (!existsSync(MOCK)) return `skipped: ${path.relative(PROJECT_ROOT, REALCLI_RUN)}/mock_llm.py not found (../shared is absent)`;
  if (spawnSync("python3", ["--version"]).status !== 0) return "skipped: python3 is not installed (the mock LLM needs it)";
  if (spawnSync("git", ["--version"]).status !== 0) return "skipped: git is not installed";
  return null;
}

function installedVersion(cli: CliName): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(CLI_CACHE, "node_modules", CLI_PACKAGES[cli].name, "package.json"), "utf8")) as { version?: string };
    return manifest.version ?? null;
  } catch {
    return null;
  }
}

/**
 * The CLI's binary, installing it (all three at once, `npm install --prefix .tmp/realcli`) when the
 * cache lacks it. Null with the reason when it cannot be installed (no registry, no platform binary).
 */
export function ensureCli(cli: CliName): { bin: string } | { skip: string } {
  const bin = path.join(CLI_CACHE, "node_modules", ".bin", cli);
  const wanted = CLI_PACKAGES[cli];
  if (installedVersion(cli) !== wanted.version || !existsSync(bin)) {
    mkdirSync(CLI_CACHE, { recursive: true });
    if (!existsSync(path.join(CLI_CACHE, "package.json"))) writeFileSync(path.join(CLI_CACHE, "package.json"), '{ "private": true }\n');
    const specs = Object.values(CLI_PACKAGES).map((entry) => `${entry.name}@${entry.version}`);
    const npm = spawnSync("npm", ["install", "--prefix", CLI_CACHE, "--no-audit", "--no-fund", "--no-save", ...specs], { encoding: "utf8", timeout: 600_000 });
    if (npm.status !== 0 || installedVersion(cli) !== wanted.version) {
      return { skip: `skipped: ${wanted.name}@${wanted.version} could not be installed from the npm registry (${(npm.stderr || npm.error?.message || "").trim().split("\n").slice(-2).join(" ")})` };
    }
  }
  const version = spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 120_000 });
  if (version.status !== 0) return { skip: `skipped: ${bin} --version failed (${(version.stderr || "").trim().slice(0, 200)})` };
  return { bin };
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

/** Runs a command to completion (stdin /dev/null, as the fixtures' run-*.sh did). */
export function run(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string | undefined>; timeoutMs?: number }): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, encoding: "utf8", timeout: options.timeoutMs ?? 180_000, stdio: ["ignore", "pipe", "pipe"] });
  return { status: result.status, stdout: result.stdout ?? "", stderr: (result.stderr ?? "") + (result.error ? String(result.error) : "") };
}

/** The environment of ../shared/fixtures/realcli/_run/env-<cli>.sh, with this run's HOME and mock port. */
export function cliEnv(cli: CliName, options: { home: string; port: number; data: string }): Record<string, string> {
  const base = {
    PATH: `${path.join(CLI_CACHE, "node_modules", ".bin")}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
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
