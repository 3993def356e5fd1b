/** Builds real git repos for tests: commits with fixed dates, branches, a bare origin. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export class GitFixture {
  readonly root: string;
  private tick = 0;

  constructor(name = "repo") {
    this.root = path.join(mkdtempSync(path.join(os.tmpdir(), "baton-git-")), name);
    mkdirSync(this.root, { recursive: true });
    this.git("init", "-q", "-b", "main");
  }

  git(...args: string[]): string {
    const date = new Date(Date.UTC(2026, 10, 1) + this.tick * 60_000).toISOString();
    return execFileSync("git", args, {
      cwd: this.root,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Test",
        GIT_AUTHOR_EMAIL: "test@example.invalid",
        GIT_COMMITTER_NAME: "Test",
        GIT_COMMITTER_EMAIL: "test@example.invalid",
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_CONFIG_GLOBAL: "/dev/null",
        GIT_CONFIG_NOSYSTEM: "1",
      },
    }).trim();
  }

  write(file: string, content: string | Buffer): this {
    const target = path.join(this.root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    return this;
  }

  commit(message: string): string {
    this.tick++;
    this.git("add", "-A");
    this.git("commit", "-q", "--allow-empty", "-m", message);
    return this.git("rev-parse", "HEAD");
  }

  /** As after a fresh clone: every working-tree file gets the same mtime, so none can win on it. */
  sameMtimes(time: Date = new Date("2026-11-30T12:00:00Z")): this {
    const touch = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        if (entry === ".git") continue;
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) touch(full);
        else utimesSync(full, time, time);
      }
    };
    touch(this.root);
    return this;
  }

  checkout(branch: string, create = false, from?: string): this {
    if (create) this.git("checkout", "-q", "-b", branch, ...(from ? [from] : []));
    else this.git("checkout", "-q", branch);
    return this;
  }
}

/** A protocol-shaped handoff; `previous` chains it. */
export function handoffMarkdown(options: { phase: string; runtime?: string; previous?: string | null; head?: string; next?: string; path: string; extra?: string }): string {
  return `# Handoff: ${options.phase}

## Session identity
- Runtime: ${options.runtime ?? "claude-code"}
- Model: claude-opus-4-5
- Session id: unknown
- Timestamp: 2026-11-20T10:00:00Z
- Branch: main
- HEAD: ${options.head ?? "0000000"}

## Goal
Finish ${options.phase}. User: "keep the API stable".

## Key decisions
- One client per process.

## State
### Done
- [x] Step one (commit \`abc1234\`)
### In progress
- [ ] \`src/app.ts:20\` fails to compile
### Not started
- [ ] Cleanup

## Next action
${options.next ?? "Run `npx tsc --noEmit` and fix `src/app.ts:20`."}

## Verification commands
| Command | Last known result |
|---|---|
| \`npx tsc --noEmit\` | 3 errors |

## Resume pointer
- This file: \`${options.path}\`
- Previous: ${options.previous ? `\`${options.previous}\`` : "none"}

## Resume command
\`claude "Read ${options.path} and continue."\`
${options.extra ?? ""}`;
}
