/**
 * Runs the generated commands through real shells with stub binaries first
 * in PATH, and checks what each program actually received.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildResume } from "./build-resume";
import type { ResumeRuntime } from "../runtimes/resume-commands";
import { CLAUDE_SESSION_ID, hostileResumeInput } from "./test-fixtures";

const SHELLS = ["/bin/sh", "bash"] as const;
const STUBBED = ["git", "claude", "codex", "gemini", "opencode"] as const;

// Records its own name, working directory and every argument, NUL-separated
// (no argument can contain NUL), then succeeds like the real program would.
const STUB = `#!/bin/sh
{
  printf '%s\\0' CALL "\${0##*/}" "$PWD" "$#"
  for arg in "$@"; do printf '%s\\0' "$arg"; done
} >> "$STUB_LOG"
exit 0
`;

interface RecordedCall {
  program: string;
  cwd: string;
  argv: string[];
}

let base = "";
let repo = "";
let markerDir = "";
let binDir = "";
let logFile = "";

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "baton-resume-")));
  // A quote, spaces and shell syntax in the repository's own name.
  repo = path.join(base, `repo it's "here" $(touch x) !`);
  markerDir = path.join(base, "markers");
  binDir = path.join(base, "bin");
  logFile = path.join(base, "calls.log");
  for (const dir of [repo, markerDir, binDir]) mkdirSync(dir, { recursive: true });
  for (const name of STUBBED) {
    const stubPath = path.join(binDir, name);
    writeFileSync(stubPath, STUB);
    chmodSync(stubPath, 0o755);
  }
});

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

beforeEach(() => {
  rmSync(logFile, { force: true });
});

function runInShell(shell: string, command: string): RecordedCall[] {
  execFileSync(shell, ["-c", command], {
    cwd: base,
    env: { PATH: `${binDir}:/usr/bin:/bin`, STUB_LOG: logFile, HOME: base, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const fields = readFileSync(logFile, "utf8").split("\0");
  const calls: RecordedCall[] = [];
  let index = 0;
  while (index < fields.length - 1) {
    expect(fields[index]).toBe("CALL");
    const program = fields[index + 1]!;
    const cwd = fields[index + 2]!;
    const argc = Number(fields[index + 3]);
    calls.push({ program, cwd, argv: fields.slice(index + 4, index + 4 + argc) });
    index += 4 + argc;
  }
  return calls;
}

function expectNoInjection(): void {
  expect(readdirSync(markerDir)).toEqual([]);
  expect(readdirSync(base).sort()).toEqual(["bin", "calls.log", "markers", path.basename(repo)].sort());
}

/** The argv each runtime must receive, written out independently of the implementation. */
const EXPECTED_START: Record<string, { program: string; argv: (prompt: string) => string[] }> = {
  "claude-code": { program: "claude", argv: (prompt) => ["--", prompt] },
  codex: { program: "codex", argv: (prompt) => ["--", prompt] },
  "gemini-cli": { program: "gemini", argv: (prompt) => [`--prompt-interactive=${prompt}`] },
  opencode: { program: "opencode", argv: (prompt) => [`--prompt=${prompt}`] },
};

const SESSION_IDS: Record<string, string> = {
  "claude-code": CLAUDE_SESSION_ID,
  codex: "019a3c5e-7b2d-7f10-8e4a-2c6b9d0f1a3e",
  "gemini-cli": "5d0c6e8a-1b2f-4c3d-9e4f-a5b6c7d8e9f0",
  opencode: "ses_3f9a8b7c6d5eFgHiJk",
};

const EXPECTED_NATIVE: Record<string, { program: string; argv: (id: string) => string[] }> = {
  "claude-code": { program: "claude", argv: (id) => ["--resume", id] },
  codex: { program: "codex", argv: (id) => ["resume", id] },
  "gemini-cli": { program: "gemini", argv: (id) => ["--resume", id] },
  opencode: { program: "opencode", argv: (id) => ["--session", id] },
};

const CLI_RUNTIMES = Object.keys(EXPECTED_START) as ResumeRuntime[];

describe.each(SHELLS)("commands run through %s", (shell) => {
  test.each(CLI_RUNTIMES)("%s: fresh start receives the exact prompt, in the repository, on the branch", (runtime) => {
    const input = hostileResumeInput(repo, markerDir, { handoffRuntime: runtime });
    const plan = buildResume(input, runtime);
    expect(plan.command).not.toBeNull();
    const calls = runInShell(shell, plan.command!);
    const expected = EXPECTED_START[runtime]!;
    expect(calls).toEqual([
      { program: "git", cwd: repo, argv: ["checkout", "feat/typecheck"] },
      { program: expected.program, cwd: repo, argv: expected.argv(plan.prompt) },
    ]);
    // The hostile next action reaches the agent byte for byte.
    expect(plan.prompt).toContain(input.parsed.nextAction!.text);
    expectNoInjection();
  });

  test.each(CLI_RUNTIMES)("%s: native resume reopens the recorded session", (runtime) => {
    const sessionId = SESSION_IDS[runtime]!;
    const plan = buildResume(hostileResumeInput(repo, markerDir, { handoffRuntime: runtime, sessionId }));
    expect(plan.runtime).toBe(runtime);
    expect(plan.nativeCommand).not.toBeNull();
    const calls = runInShell(shell, plan.nativeCommand!);
    const expected = EXPECTED_NATIVE[runtime]!;
    expect(calls).toEqual([
      { program: "git", cwd: repo, argv: ["checkout", "feat/typecheck"] },
      { program: expected.program, cwd: repo, argv: expected.argv(sessionId) },
    ]);
    expectNoInjection();
  });

  test("a remote-only branch is created from its remote-tracking branch", () => {
    const plan = buildResume(hostileResumeInput(repo, markerDir, { branch: "feat/x", branchIsRemoteOnly: true }));
    const calls = runInShell(shell, plan.command!);
    expect(calls[0]).toEqual({ program: "git", cwd: repo, argv: ["checkout", "-b", "feat/x", "--track", "origin/feat/x"] });
    expect(calls[1]?.program).toBe("claude");
    expectNoInjection();
  });

  test("a remote-tracking ref no configured remote fetches into is used by its full name, without --track", () => {
    const plan = buildResume(hostileResumeInput(repo, markerDir, { branch: "feat/x", branchIsRemoteOnly: true, remote: "upstream", remoteIsTracked: false }));
    const calls = runInShell(shell, plan.command!);
    expect(calls[0]).toEqual({ program: "git", cwd: repo, argv: ["checkout", "-b", "feat/x", "--no-track", "refs/remotes/upstream/feat/x"] });
    expect(calls[1]?.program).toBe("claude");
    expect(plan.prompt).toContain("git checkout -b 'feat/x' --no-track 'refs/remotes/upstream/feat/x'");
    expectNoInjection();
  });

  test("a remote-only branch with a local namesake is checked out and fast-forwarded, never merged", () => {
    const plan = buildResume(hostileResumeInput(repo, markerDir, { branch: "feat/x", branchIsRemoteOnly: true, localBranchExists: true }));
    const calls = runInShell(shell, plan.command!);
    expect(calls.slice(0, 2)).toEqual([
      { program: "git", cwd: repo, argv: ["checkout", "feat/x"] },
      { program: "git", cwd: repo, argv: ["merge", "--ff-only", "origin/feat/x"] },
    ]);
    expect(calls[2]?.program).toBe("claude");
    expect(plan.prompt).toContain("git merge --ff-only 'origin/feat/x'");
    expectNoInjection();
  });

  test("a branch name full of shell syntax (valid for git) reaches git unchanged", () => {
    const branch = `feat/it's-"q"-$(touch\${IFS}${markerDir}/branch)-\`id\`-!x`;
    const plan = buildResume(hostileResumeInput(repo, markerDir, { branch }));
    expect(plan.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    const calls = runInShell(shell, plan.command!);
    expect(calls[0]).toEqual({ program: "git", cwd: repo, argv: ["checkout", branch] });
    expectNoInjection();
  });

  test("control characters and NUL in the handoff are removed, and the rest still arrives intact", () => {
    const input = hostileResumeInput(repo, markerDir);
    const dirty = `before\u0000\u001b[201~\u0003\u0015 touch ${markerDir}/control\r\nafter\u202e`;
    input.parsed.nextAction = { text: dirty, line: 1, commands: [], fileRefs: [] };
    const plan = buildResume(input);
    const calls = runInShell(shell, plan.command!);
    expect(calls[1]?.argv).toEqual(["--", plan.prompt]);
    expect(plan.prompt).toContain(`before[201~ touch ${markerDir}/control\nafter`);
    // eslint-disable-next-line no-control-regex -- asserting that control characters are gone
    expect(plan.prompt).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\u202E]/);
    expect(plan.issues.map((issue) => issue.rule)).toEqual(
      expect.arrayContaining(["resume-nul-removed", "resume-control-characters-removed", "resume-bidi-controls-removed"]),
    );
    expectNoInjection();
  });
});
