/**
 * Every usage mistake: one line naming it (the first line on stderr), the command's usage after it,
 * exit 2, never a stack trace. In-process through `main`, plus the real command once (bin/baton.mjs).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, test } from "vitest";
import { main } from "./baton";
import type { Io } from "./io";

function fakeIo() {
  let out = "";
  let err = "";
  const io: Io = { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), isTty: false };
  return { io, stdout: () => out, stderr: () => err };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-cli-errors-"));
const plain = path.join(scratch, "plain");
mkdirSync(plain);
const file = path.join(plain, "notes.md");
writeFileSync(file, "# notes\n");
const missing = path.join(scratch, "no-such-folder");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const COMMANDS = ["scan", "lint", "resume", "serve", "demo"];

describe("usage errors: exit 2, the problem on the first line, then the usage", () => {
  test.each([
    [["frob"], /^baton: unknown command "frob"$/],
    [["scna"], /^baton: unknown command "scna" \(did you mean "scan"\?\)$/],
    [["--frob"], /^baton: unknown option --frob$/],
    [["help", "frob"], /^baton: unknown command "frob"$/],
    ...COMMANDS.map((command) => [[command, "--bogus"], new RegExp(`^baton: unknown option --bogus for "baton ${command}"$`)] as const),
    [["lint", "--jsno"], /^baton: unknown option --jsno for "baton lint" \(did you mean --json\?\)$/],
    [["lint", "--json=1"], /^baton: --json takes no value$/],
    [["serve", "--port"], /^baton: --port needs a value$/],
    [["serve", "-p"], /^baton: --port needs a value$/],
    [["serve", "--port", "99999"], /^baton: invalid port "99999"$/],
    [["serve", "--every", "5"], /^baton: --every goes with --watch$/],
    [["demo", "extra"], /^baton: "baton demo" takes no arguments, but got "extra"$/],
    [["scan"], /^baton: scan needs at least one repo path, or --agents$/],
    [["scan", "--workers", "99", "."], /^baton: --workers takes a whole number from 0 to 16, not "99"$/],
    [["scan", missing], new RegExp(`^baton: ${missing} does not exist$`)],
    [["lint", missing], new RegExp(`^baton: ${missing} does not exist$`)],
    [["scan", plain], new RegExp(`^baton: ${plain} is not a git repository \\(nor inside one\\)`)],
    [["lint", plain], new RegExp(`^baton: ${plain} is not a git repository \\(nor inside one\\)`)],
    [["lint", file], new RegExp(`^baton: ${file} is a file; give the folder of a git repository$`)],
    [["resume"], /^baton: resume takes a handoff path or a repo/],
    [["resume", ".", "--runtime", "nope"], /^baton: unknown runtime "nope"/],
    [["resume", ".", "--command", "--json"], /^baton: --json already holds command and nativeCommand/],
  ] as const)("baton %j", async (argv, firstLine) => {
    const { io, stdout, stderr } = fakeIo();
    const code = await main([...argv], io);
    const lines = stderr().split("\n");
    expect(lines[0]).toMatch(firstLine);
    expect(code).toBe(2);
    expect(stdout()).toBe("");
    expect(stderr()).not.toMatch(/^\s+at /m);
    // The usage follows: the command's own, or the list of commands.
    const command = argv[0]!;
    expect(stderr()).toContain(COMMANDS.includes(command) ? `baton ${command}` : "Usage:");
  });
});

describe("help and version", () => {
  test.each(COMMANDS)("baton help %s and baton %s --help print its usage, exit 0", async (command) => {
    for (const argv of [["help", command], [command, "--help"], [command, "-h"], [command, "--bogus", "--help"]]) {
      const { io, stdout, stderr } = fakeIo();
      expect(await main(argv, io)).toBe(0);
      expect(stdout()).toMatch(new RegExp(`^Usage:\\n  baton ${command}`));
      expect(stderr()).toBe("");
    }
  });

  it("baton --help: in each section every description starts in one column (a long line's goes on the next line)", async () => {
    const { io, stdout } = fakeIo();
    expect(await main(["--help"], io)).toBe(0);
    const sections = stdout().split(/\n(?=[A-Z][a-z]+:\n)/).filter((section) => /^(Usage|Options|Environment):/.test(section));
    expect(sections.map((section) => section.split(":")[0])).toEqual(["Usage", "Options", "Environment"]);
    for (const section of sections) {
      const columns = new Set<number>();
      for (const line of section.split("\n").slice(1)) {
        if (line.trim() === "") continue;
        const gap = /^( {2}\S.*?\S)( {2,})\S/.exec(line);
        const continuation = /^( +)\S/.exec(line);
        // A term on its own line (its description follows on the next) has no gap of two spaces.
        if (gap) columns.add(gap[1]!.length + gap[2]!.length);
        else if (continuation && continuation[1]!.length > 2) columns.add(continuation[1]!.length);
      }
      expect([...columns], section.split("\n")[0]).toHaveLength(1);
    }
    expect(stdout()).toMatch(/^ {2}baton demo \[--json\] +\(re\)build/m);
    expect(stdout()).toMatch(/^ {2}baton otel-env --runtime R \[--server URL\] \[--token T\]\n {53}settings/m);
  });

  it("baton --version prints the package's version", async () => {
    const { io, stdout } = fakeIo();
    expect(await main(["--version"], io)).toBe(0);
    expect(stdout()).toMatch(/^baton \d+\.\d+\.\d+/);
  });
});

describe("the real command", () => {
  const projectRoot = path.resolve(import.meta.dirname, "..");
  const run = (args: string[]) => spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: `file:${path.join(scratch, "never.db")}` } });

  it("an unknown option: exit 2, one line then the usage, no stack trace, no database created", () => {
    const result = run(["scan", "--bogus"]);
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('baton: unknown option --bogus for "baton scan"');
    expect(result.stderr).toContain("baton scan <repo>...");
    expect(result.stderr).not.toMatch(/^\s+at |BATON_DEBUG/m);
    expect(result.stdout).toBe("");
    const missingPath = run(["scan", missing]);
    expect([missingPath.status, missingPath.stderr.split("\n")[0]]).toEqual([2, `baton: ${missing} does not exist`]);
    expect(spawnSync("ls", [scratch], { encoding: "utf8" }).stdout).not.toContain("never.db");
  });

  it("a DATABASE_URL of neither accepted form: exit 2, one line naming both forms, nothing created", () => {
    const repo = mkdtempSync(path.join(scratch, "repo-"));
    spawnSync("git", ["init", "-q", repo]);
    for (const url of ["mysql://root@localhost/x", "not-a-url"]) {
      for (const args of [["scan", repo], ["scan", "--agents"], ["report", "daily", "--no-scan"], ["resume", repo], ["demo"], ["serve", "--port", "3999"]]) {
        const cwd = mkdtempSync(path.join(scratch, "cwd-"));
        const result = spawnSync(process.execPath, [path.join(projectRoot, "bin", "baton.mjs"), ...args], {
          cwd,
          encoding: "utf8",
          env: { ...process.env, DATABASE_URL: url, BATON_DATA_DIR: path.join(cwd, "data"), HOME: cwd, BATON_HOME_DIR: cwd },
        });
        expect([result.status, result.stderr], `${url} ${args.join(" ")}`).toEqual([
          2,
          `baton: DATABASE_URL must be file:/path/to/baton.db (SQLite) or postgresql://user@host:5432/db (PostgreSQL), not "${url}"\n`,
        ]);
        expect(result.stdout).toBe("");
        // Nothing left behind: no folder named after the URL, no data folder, no database.
        expect(readdirSync(cwd), `${url} ${args.join(" ")}`).toEqual([]);
      }
    }
  });

  it("resume of a path that does not exist, outside any repository: exit 2, worded as scan and lint word it", () => {
    const result = run(["resume", "/nonexistent"]);
    expect([result.status, result.stderr.split("\n")[0], result.stdout]).toEqual([2, "baton: /nonexistent does not exist", ""]);
    expect(result.stderr).toContain("baton resume <handoff file | repo>");
    for (const command of ["scan", "lint"]) expect(run([command, "/nonexistent"]).stderr.split("\n")[0]).toBe("baton: /nonexistent does not exist");
  });

  it("--version", () => {
    const result = run(["--version"]);
    expect([result.status, result.stdout.trim()]).toEqual([0, expect.stringMatching(/^baton \d+\.\d+\.\d+/)]);
  });
});
