import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REALCLI_PACKAGES } from "./install-realcli.mjs";

const SCRIPT = path.join(import.meta.dirname, "install-realcli.mjs");

/**
 * A stand-in `npm` on PATH: logs each call, waits a second (so a second installer finds the lock),
 * then writes each package's manifest and a `.bin/<cli>` that answers `--version`; `FAKE_NPM_FAIL`
 * makes it fail like a registry that cannot be reached.
 */
function fakeNpm(): { bin: string; calls: string } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "baton-fake-npm-"));
  const calls = path.join(folder, "calls.log");
  const node = JSON.stringify(process.execPath);
  const program = `
const fs = require("node:fs"), path = require("node:path");
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(calls)}, args.join(" ") + "\\n");
if (process.env.FAKE_NPM_FAIL) { console.error("npm error network request failed"); process.exit(1); }
const prefix = args[args.indexOf("--prefix") + 1];
const bins = { "@anthropic-ai/claude-code": "claude", "@openai/codex": "codex", "@google/gemini-cli": "gemini" };
setTimeout(() => {
  for (const spec of args.filter((arg) => arg.includes("@") && !arg.startsWith("-"))) {
    const at = spec.lastIndexOf("@"), name = spec.slice(0, at), version = spec.slice(at + 1);
    fs.mkdirSync(path.join(prefix, "node_modules", name), { recursive: true });
    fs.writeFileSync(path.join(prefix, "node_modules", name, "package.json"), JSON.stringify({ name, version }));
    fs.mkdirSync(path.join(prefix, "node_modules", ".bin"), { recursive: true });
    const bin = path.join(prefix, "node_modules", ".bin", bins[name]);
    fs.writeFileSync(bin, "#!/bin/sh\\necho " + version + "\\n");
    fs.chmodSync(bin, 0o755);
  }
}, 1000);
`;
  writeFileSync(path.join(folder, "fake-npm.cjs"), program);
  writeFileSync(path.join(folder, "npm"), `#!/bin/sh\nexec ${node} ${JSON.stringify(path.join(folder, "fake-npm.cjs"))} "$@"\n`);
  chmodSync(path.join(folder, "npm"), 0o755);
  return { bin: folder, calls };
}

function install(env: NodeJS.ProcessEnv): Promise<{ status: number | null; result: { dir: string; clis: Record<string, { bin?: string; version?: string; skip?: string }> } }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, "--json"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("close", (status) => resolve({ status, result: JSON.parse(stdout.trim().split("\n").at(-1) ?? "null") }));
  });
}

describe("scripts/install-realcli.mjs", () => {
  it("installs the three pinned CLIs in one npm call; a second run started meanwhile waits for it instead of installing again", async () => {
    const npm = fakeNpm();
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-realcli-")), "realcli");
    const env = { ...process.env, PATH: `${npm.bin}${path.delimiter}${process.env.PATH}`, BATON_REALCLI_DIR: dir };
    const [first, second] = await Promise.all([install(env), install(env)]);
    expect(first.status).toBe(0);
    expect(second.status).toBe(0);
    const calls = readFileSync(npm.calls, "utf8").trim().split("\n");
    expect(calls).toEqual([`install --prefix ${dir} --no-audit --no-fund --no-save ${Object.values(REALCLI_PACKAGES).map((entry) => `${entry.name}@${entry.version}`).join(" ")}`]);
    for (const { result } of [first, second]) {
      expect(result.dir).toBe(dir);
      expect(result.clis).toEqual({
        claude: { bin: path.join(dir, "node_modules", ".bin", "claude"), version: REALCLI_PACKAGES.claude.version },
        codex: { bin: path.join(dir, "node_modules", ".bin", "codex"), version: REALCLI_PACKAGES.codex.version },
        gemini: { bin: path.join(dir, "node_modules", ".bin", "gemini"), version: REALCLI_PACKAGES.gemini.version },
      });
    }
    expect(existsSync(path.join(dir, ".install.lock"))).toBe(false);
    // Installed: nothing more to do.
    await install(env);
    expect(readFileSync(npm.calls, "utf8").trim().split("\n")).toHaveLength(1);
  }, 60_000);

  it("reports each CLI it could not install as a skip with npm's reason", async () => {
    const npm = fakeNpm();
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-realcli-")), "realcli");
    mkdirSync(dir, { recursive: true });
    const { status, result } = await install({ ...process.env, PATH: `${npm.bin}${path.delimiter}${process.env.PATH}`, BATON_REALCLI_DIR: dir, FAKE_NPM_FAIL: "1" });
    expect(status).toBe(0);
    for (const cli of ["claude", "codex", "gemini"]) expect(result.clis[cli]!.skip).toMatch(/^skipped: .* could not be installed from the npm registry into .*\(npm install failed \(npm error network request failed\)\)$/);
    expect(readFileSync(path.join(dir, "install.log"), "utf8")).toContain("exit 1");
  }, 60_000);
});
