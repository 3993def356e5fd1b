/**
 * `baton resume` end to end: a fixture repo that is not registered yet, a test database named by
 * DATABASE_URL, `main()` with a fake Io, and the printed commands run through /bin/sh with stub
 * agent CLIs that record what they received.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUME_RUNTIMES } from "../../lib/core/runtimes/resume-commands";
import { buildFreshCloneRepo, CURRENT_NEXT_STEPS, LATEST_PATHS, type FreshCloneFixture } from "../../lib/server/resume/latest-fixture";
import { buildResumeRepo, DRAFT_SESSION_ID, PATHS, type ResumeFixture } from "../../lib/server/resume/resume-fixture";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../../lib/server/test-support/test-database";
import { main } from "../baton";
import type { Io } from "../io";
import { resumeCommand } from "./resume";

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

function fakeIo(): { io: Io; stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  const line = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);
  return {
    io: { out: (text) => out.push(line(text)), err: (text) => err.push(line(text)), isTty: false },
    stdout: () => out.join(""),
    stderr: () => err.join(""),
  };
}

async function run(argv: string[]): Promise<Captured> {
  const { io, stdout, stderr } = fakeIo();
  const code = await main(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

interface ResumeJson {
  runtime: string;
  prompt: string;
  command: string | null;
  nativeCommand: string | null;
  details: { reason: string; handoff: { path: string }; checkout: { branch: string | null }; readiness: { commitsSince: { count: number } | null } };
}

// Records its name, working directory and every argument, NUL-separated (no argument can hold NUL).
const STUB = `#!/bin/sh
{
  printf '%s\\0' CALL "\${0##*/}" "$PWD" "$#"
  for arg in "$@"; do printf '%s\\0' "$arg"; done
} >> "$STUB_LOG"
exit 0
`;

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`baton resume (${provider.name})`, () => {
    let database: TestDatabase;
    let fixture: ResumeFixture;
    let root: string;
    let stubs: string;
    let previousUrl: string | undefined;

    function runInShell(command: string): { program: string; cwd: string; argv: string[] }[] {
      const log = path.join(stubs, "calls.log");
      rmSync(log, { force: true });
      execFileSync("/bin/sh", ["-c", command], {
        cwd: os.tmpdir(),
        env: { PATH: `${path.join(stubs, "bin")}:/usr/bin:/bin`, STUB_LOG: log, HOME: stubs, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const fields = readFileSync(log, "utf8").split("\0");
      const calls: { program: string; cwd: string; argv: string[] }[] = [];
      for (let index = 0; index < fields.length - 1; ) {
        const argc = Number(fields[index + 3]);
        calls.push({ program: fields[index + 1]!, cwd: fields[index + 2]!, argv: fields.slice(index + 4, index + 4 + argc) });
        index += 4 + argc;
      }
      return calls;
    }

    beforeAll(async () => {
      database = await provider.create();
      previousUrl = process.env.DATABASE_URL;
      process.env.DATABASE_URL = database.target.url;
      fixture = buildResumeRepo();
      root = realpathSync(fixture.root);
      stubs = realpathSync(mkdtempSync(path.join(os.tmpdir(), "baton-resume-stubs-")));
      mkdirSync(path.join(stubs, "bin"));
      for (const name of ["claude", "codex"]) {
        writeFileSync(path.join(stubs, "bin", name), STUB);
        chmodSync(path.join(stubs, "bin", name), 0o755);
      }
    });
    afterAll(async () => {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      if (stubs) rmSync(stubs, { recursive: true, force: true });
      await database?.drop();
    });

    it("registers and scans an unknown repo, then resumes its latest open handoff (--json: the contract keys plus details)", async () => {
      const result = await run(["resume", root, "--json"]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain("is not registered yet");
      const json = JSON.parse(result.stdout) as ResumeJson;
      expect(Object.keys(json).sort()).toEqual(["command", "details", "nativeCommand", "prompt", "runtime"]);
      expect(json.details.handoff.path).toBe(PATHS.draft);
      expect(json.runtime).toBe("claude-code");
      expect(json.command).toMatch(/^cd '[^']+' && claude -- '/);
      expect(json.nativeCommand).toContain(`claude --resume '${DRAFT_SESSION_ID}'`);
    });

    it("resumes a handoff file by absolute path, with a runtime alias", async () => {
      const result = await run(["resume", path.join(root, PATHS.continued), "--runtime", "claude", "--json"]);
      expect(result.code, result.stderr).toBe(0);
      const json = JSON.parse(result.stdout) as ResumeJson;
      expect(json).toMatchObject({ runtime: "claude-code", nativeCommand: null, details: { handoff: { path: PATHS.continued }, checkout: { branch: "feat/x" } } });
      expect(json.command).toMatch(/&& git checkout 'feat\/x' && claude -- '/);
      expect(json.details.readiness.commitsSince?.count).toBe(2);
    });

    it("resumes by a path relative to the current folder, and by repo + repo-relative path for a file only on origin", async () => {
      const { io, stdout, stderr } = fakeIo();
      expect(await resumeCommand([PATHS.continued, "--json"], io, { cwd: root }), stderr()).toBe(0);
      expect((JSON.parse(stdout()) as ResumeJson).details.handoff.path).toBe(PATHS.continued);

      const remote = await run(["resume", root, PATHS.remote, "--json"]);
      expect(remote.code, remote.stderr).toBe(0);
      const json = JSON.parse(remote.stdout) as ResumeJson;
      expect(json.runtime).toBe("codex");
      expect(json.command).toMatch(/&& git checkout -b 'feat\/remote' --track 'origin\/feat\/remote' && codex -- '/);

      // Not in the working tree at all: the path is still resolved against the repo that holds its folder.
      const byMissingPath = await run(["resume", path.join(root, PATHS.remote), "--json"]);
      expect(byMissingPath.code, byMissingPath.stderr).toBe(0);
      expect((JSON.parse(byMissingPath.stdout) as ResumeJson).details.handoff.path).toBe(PATHS.remote);
    });

    it("prints the prompt, a blank line, the command, then the native command with the reason", async () => {
      const json = JSON.parse((await run(["resume", path.join(root, PATHS.draft), "--json"])).stdout) as ResumeJson;
      const result = await run(["resume", path.join(root, PATHS.draft)]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(`${json.prompt}\n\n${json.command}\n\n# Or reopen the recorded session instead:\n${json.nativeCommand}\n# ${json.details.reason}\n`);
      expect(json.details.reason).toMatch(/^Fresh start: /);
      // Readiness goes to stderr so stdout stays copyable.
      expect(result.stderr).toContain("since the handoff: 1 commit on the current checkout");
      expect(result.stderr).toContain("referenced file missing on the current checkout: src/new-file.ts:4");
    });

    it("--command prints one line that starts the agent in the repo with exactly the plan's prompt", async () => {
      const json = JSON.parse((await run(["resume", path.join(root, PATHS.draft), "--json"])).stdout) as ResumeJson;
      const result = await run(["resume", path.join(root, PATHS.draft), "--command"]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(`${json.command}\n`);
      expect(runInShell(result.stdout.trimEnd())).toEqual([{ program: "claude", cwd: root, argv: ["--", json.prompt] }]);

      const native = await run(["resume", path.join(root, PATHS.draft), "--native"]);
      expect(native.code, native.stderr).toBe(0);
      expect(runInShell(native.stdout.trimEnd())).toEqual([{ program: "claude", cwd: root, argv: ["--resume", DRAFT_SESSION_ID] }]);
    });

    it("fails clearly when there is no such command, the runtime is unknown, or nothing is at the path", async () => {
      const noNative = await run(["resume", path.join(root, PATHS.continued), "--command", "--native"]);
      expect(noNative).toMatchObject({ code: 1, stdout: "" });
      expect(noNative.stderr).toContain("no native resume command for this handoff in Codex CLI");
      expect(noNative.stderr).toContain("records no session id");

      const antigravity = await run(["resume", path.join(root, PATHS.continued), "--runtime", "antigravity", "--command"]);
      expect(antigravity).toMatchObject({ code: 1, stdout: "" });
      expect(antigravity.stderr).toContain("Antigravity is not started from a shell");

      const unknown = await run(["resume", root, "--runtime", "vim"]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(`unknown runtime "vim"; use one of: ${RESUME_RUNTIMES.join(", ")}`);

      expect((await run(["resume", root, "--json", "--command"])).code).toBe(2);
      expect((await run(["resume"])).code).toBe(2);

      const notHandoff = await run(["resume", path.join(root, "README.md")]);
      expect(notHandoff).toMatchObject({ code: 1, stdout: "" });
      expect(notHandoff.stderr).toContain("no handoff at README.md");

      // Worded and coded as scan and lint word them: usage errors (exit 2).
      const notRepo = await run(["resume", os.tmpdir()]);
      expect(notRepo.code).toBe(2);
      expect(notRepo.stderr.split("\n")[0]).toBe(`baton: ${os.tmpdir()} is not a git repository (nor inside one); run "git init" there, or give a repository's folder`);
      const nowhere = await run(["resume", "/nonexistent/handoff.md"]);
      expect([nowhere.code, nowhere.stderr.split("\n")[0]]).toEqual([2, "baton: /nonexistent/handoff.md does not exist"]);
    });

    // Last: it really checks the branch out in the fixture.
    it("--command for a remote-only branch creates the local tracking branch, then starts codex with the prompt", async () => {
      const json = JSON.parse((await run(["resume", root, PATHS.remote, "--json"])).stdout) as ResumeJson;
      const result = await run(["resume", root, PATHS.remote, "--command"]);
      expect(result.code, result.stderr).toBe(0);
      expect(runInShell(result.stdout.trimEnd())).toEqual([{ program: "codex", cwd: root, argv: ["--", json.prompt] }]);
      expect(fixture.repo.git("rev-parse", "--abbrev-ref", "HEAD")).toBe("feat/remote");
      expect(fixture.repo.git("rev-parse", "--abbrev-ref", "feat/remote@{upstream}")).toBe("origin/feat/remote");
    });
  });
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`baton resume <fresh clone> (${provider.name})`, () => {
    let database: TestDatabase;
    let fixture: FreshCloneFixture;
    let previousUrl: string | undefined;

    beforeAll(async () => {
      database = await provider.create();
      previousUrl = process.env.DATABASE_URL;
      process.env.DATABASE_URL = database.target.url;
      fixture = buildFreshCloneRepo();
    });
    afterAll(async () => {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      await database?.drop();
    });

    it("resumes the newest committed handoff although every file has the same mtime, skipping the one marked DEPRECATED", async () => {
      const result = await run(["resume", fixture.clone, "--json"]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(`resuming the latest open handoff in ${fixture.clone}: ${LATEST_PATHS.current} (1 open handoff marked deprecated or superseded skipped)`);
      const json = JSON.parse(result.stdout) as ResumeJson & {
        details: { warnings: { rule: string; severity: string; message: string }[]; nextHandoff: { template: string }; readiness: { headMatches: boolean | null } };
      };
      expect(Object.keys(json).sort()).toEqual(["command", "details", "nativeCommand", "prompt", "runtime"]);
      expect(json.details.handoff.path).toBe(LATEST_PATHS.current);
      expect(json.prompt).toContain(CURRENT_NEXT_STEPS.join("\n"));
      expect(json.details.nextHandoff.template).toBe(".claude/handoffs/<slug>.md");
      expect(json.details.readiness.headMatches).toBeNull();
      expect(json.details.warnings).toEqual([expect.objectContaining({ rule: "resume-handoff-lint-errors", severity: "warning" })]);
    });

    it("text mode prints each warning on stderr; naming the deprecated handoff resumes it with a warning", async () => {
      const result = await run(["resume", fixture.clone, LATEST_PATHS.deprecated]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/^warning: This handoff marks itself deprecated or superseded \(title, line 1: # DEPRECATED: old plan/m);
      expect(result.stderr).toMatch(/^warning: The next action is vague/m);
      expect(result.stdout).not.toContain("warning:");
    });
  });
}

if (testProviders[1]!.skip) console.warn(`baton resume (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
