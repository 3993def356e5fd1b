// Installs the real agent CLIs that lib/server/agent-loop/real-clients.test.ts drives, at the versions
// the shared fixtures were made with, into .tmp/realcli (or BATON_REALCLI_DIR), in one npm call, only
// when the folder does not already hold those versions. `npm test` starts it in the background first
// thing, so the download (~60 s on an empty cache) overlaps the typecheck and the lint; the test runs
// it too and waits for a run already under way (a lock file in the folder names its process).
//
//   node scripts/install-realcli.mjs [--json] [--if-fixtures]
//
// --json prints { dir, clis: { claude: { bin, version } | { skip }, … } } (the test reads it);
// --if-fixtures does nothing when ../shared/fixtures/realcli is absent (the tests skip there anyway).
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

/** The versions of ../shared/fixtures/realcli (its README names each CLI's version). */
export const REALCLI_PACKAGES = {
  claude: { name: "@anthropic-ai/claude-code", version: "2.1.197" },
  codex: { name: "@openai/codex", version: "0.171.0" },
  gemini: { name: "@google/gemini-cli", version: "0.61.0" },
};

const WAIT_MS = 15 * 60 * 1000;

export function realcliDir(env = process.env) {
  return env.BATON_REALCLI_DIR ? path.resolve(env.BATON_REALCLI_DIR) : path.join(root, ".tmp", "realcli");
}

function installedVersion(dir, cli) {
  try {
    return JSON.parse(readFileSync(path.join(dir, "node_modules", REALCLI_PACKAGES[cli].name, "package.json"), "utf8")).version ?? null;
  } catch {
    return null;
  }
}

const missing = (dir) => Object.keys(REALCLI_PACKAGES).filter((cli) => installedVersion(dir, cli) !== REALCLI_PACKAGES[cli].version || !existsSync(path.join(dir, "node_modules", ".bin", cli)));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Takes the folder's install lock, or waits for the process holding it; false when that took too long. */
async function lock(file) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // The lock appears with its holder's pid already in it (a hard link of a written file is atomic),
    // so a waiter never reads an empty lock and mistakes a live install for a dead one.
    const own = `${file}.${process.pid}`;
    writeFileSync(own, String(process.pid));
    try {
      linkSync(own, file);
      return "taken";
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    } finally {
      rmSync(own, { force: true });
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(file, "utf8").trim() || "0");
    } catch (error) {
      if (error.code === "ENOENT") return "waited";
      throw error;
    }
    if (!(holder > 0) || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) return "timeout";
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!existsSync(file)) return "waited";
  }
}

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 600_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, output: `${output}${error.message}` });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

export async function installRealCli(env = process.env) {
  const dir = realcliDir(env);
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, ".install.lock");
  const problems = {};
  if (missing(dir).length > 0) {
    const held = await lock(lockFile);
    if (held === "timeout") for (const cli of missing(dir)) problems[cli] = `another install in ${dir} did not finish within ${WAIT_MS / 60_000} minutes`;
    if (held === "taken") {
      try {
        if (missing(dir).length > 0) {
          if (!existsSync(path.join(dir, "package.json"))) writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
          const specs = Object.values(REALCLI_PACKAGES).map((entry) => `${entry.name}@${entry.version}`);
          const started = Date.now();
          const npm = await run("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--no-save", ...specs], { env });
          appendFileSync(path.join(dir, "install.log"), `${new Date().toISOString()} npm install ${specs.join(" ")}: exit ${npm.status} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${npm.output}\n`);
          if (npm.status !== 0) for (const cli of missing(dir)) problems[cli] = `npm install failed (${npm.output.trim().split("\n").slice(-2).join(" ")})`;
        }
      } finally {
        rmSync(lockFile, { force: true });
      }
    }
  }
  const clis = {};
  await Promise.all(
    Object.entries(REALCLI_PACKAGES).map(async ([cli, wanted]) => {
      const bin = path.join(dir, "node_modules", ".bin", cli);
      if (problems[cli] || missing(dir).includes(cli)) {
        clis[cli] = { skip: `skipped: ${wanted.name}@${wanted.version} could not be installed from the npm registry into ${dir} (${problems[cli] ?? "see install.log there"})` };
        return;
      }
      const version = await run(bin, ["--version"], { env, timeoutMs: 120_000 });
      clis[cli] = version.status === 0 ? { bin, version: wanted.version } : { skip: `skipped: ${bin} --version failed (${version.output.trim().slice(0, 200)})` };
    }),
  );
  return { dir, clis };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  if (args.includes("--if-fixtures") && !existsSync(path.resolve(root, "../shared/fixtures/realcli/_run/mock_llm.py"))) process.exit(0);
  const result = await installRealCli();
  if (args.includes("--json")) console.log(JSON.stringify(result));
  else for (const [cli, entry] of Object.entries(result.clis)) console.log(`${cli}: ${entry.skip ?? `${entry.version} (${entry.bin})`}`);
}
