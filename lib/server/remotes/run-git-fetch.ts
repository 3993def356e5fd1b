/**
 * Brings a bare mirror up to date with one git process run under a locked-down configuration
 * (SECURITY.md, "Fetching remote repositories"):
 * - only the transport the URL policy chose is allowed (`protocol.allow=never` + that one), so a
 *   redirect or a submodule-like indirection cannot switch to `ext::` or `file::`;
 * - no system or global git config (an `insteadOf` there could rewrite a checked URL);
 * - no prompts (`GIT_TERMINAL_PROMPT=0`, `GIT_ASKPASS=/bin/true`, ssh in batch mode), no redirects,
 *   every received object checked (`transfer.fsckObjects`), no hooks, no tags, no automatic gc;
 * - the URL (which may carry a token) goes to git through the environment (`GIT_CONFIG_COUNT`), never
 *   the command line (visible to every local user in `ps`) nor the mirror's config file;
 * - a time limit, after which the whole process group (git and its ssh / remote-https children) is killed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { RemoteUrl } from "../../core/remotes/remote-url";
import { git, listBranches } from "../git";

export interface GitFetchResult {
  ok: boolean;
  timedOut: boolean;
  stderr: string;
  durationMs: number;
}

const SAFE_CONFIG = [
  "protocol.allow=never",
  "http.followRedirects=false",
  "transfer.fsckObjects=true",
  "core.hooksPath=/dev/null",
  "gc.auto=0",
  "maintenance.auto=false",
  "fetch.recurseSubmodules=false",
  "credential.helper=",
  "core.askPass=/bin/true",
  // A connection that stalls below 1 KB/s for 60 s is given up before the overall limit.
  "http.lowSpeedLimit=1000",
  "http.lowSpeedTime=60",
];

/** Creates the bare repository a mirror lives in (no templates: nothing, not even sample hooks, is copied). */
export async function ensureMirror(mirror: string): Promise<void> {
  if (existsSync(path.join(mirror, "HEAD"))) return;
  mkdirSync(path.dirname(mirror), { recursive: true });
  await git(path.dirname(mirror), ["init", "--bare", "--quiet", "--template=", mirror]);
}

/**
 * A fetch does not move a bare repository's HEAD, and `git init` points it at a branch the remote may
 * not have. The scan reads `.baton.json` from HEAD, so when HEAD names no branch it is pointed at main,
 * master, trunk or develop, whichever the mirror has, else its first branch (a local ref change only).
 */
export async function pointHeadAtBranch(mirror: string): Promise<void> {
  if ((await git(mirror, ["rev-parse", "--verify", "-q", "HEAD"], { allowExitCodes: [1, 128] })).trim()) return;
  const branches = (await listBranches(mirror)).filter((ref) => !ref.isRemote).map((ref) => ref.name);
  const name = ["main", "master", "trunk", "develop"].find((candidate) => branches.includes(candidate)) ?? branches[0];
  if (name) await git(mirror, ["symbolic-ref", "HEAD", `refs/heads/${name}`]);
}

export function gitFetchArgs(url: RemoteUrl, pinned: string[]): string[] {
  const config = [...SAFE_CONFIG, `protocol.${url.transport}.allow=always`];
  if (url.transport === "https" && url.host !== null && url.port !== null && pinned.length > 0) {
    // curl connects to the addresses checked a moment ago, not to a second DNS answer.
    const host = url.host.includes(":") ? `[${url.host}]` : url.host;
    config.push(`http.curloptResolve=${host}:${url.port}:${pinned.map((address) => (address.includes(":") ? `[${address}]` : address)).join(",")}`);
  }
  return [...config.flatMap((entry) => ["-c", entry]), "fetch", "--prune", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--quiet", "origin"];
}

export function gitFetchEnv(url: RemoteUrl, timeoutMs: number, base: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  const connectSeconds = Math.max(1, Math.min(30, Math.floor(timeoutMs / 1000)));
  return {
    ...base,
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/true",
    SSH_ASKPASS: "/bin/true",
    // Neither the system's nor the server user's git config: an `url.<x>.insteadOf` there could send a
    // checked URL somewhere never checked. Proxies still come from HTTPS_PROXY / ALL_PROXY.
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_PROTOCOL_FROM_USER: "0",
    GIT_SSH_COMMAND: `ssh -o BatchMode=yes -o ConnectTimeout=${connectSeconds}`,
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "remote.origin.url",
    GIT_CONFIG_VALUE_0: url.fetchUrl,
    GIT_CONFIG_KEY_1: "remote.origin.fetch",
    GIT_CONFIG_VALUE_1: "+refs/heads/*:refs/heads/*",
  };
}

export function runGitFetch(mirror: string, url: RemoteUrl, options: { timeoutMs: number; pinned?: string[] }): Promise<GitFetchResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("git", gitFetchArgs(url, options.pinned ?? []), {
      cwd: mirror,
      env: gitFetchEnv(url, options.timeoutMs) as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "pipe"],
      // Its own process group, so the time limit ends git and every helper it started.
      detached: true,
    });
    let stderr = "";
    let timedOut = false;
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, timedOut: false, stderr: `could not run git: ${error.message}`, durationMs: Date.now() - started });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0 && !timedOut, timedOut, stderr, durationMs: Date.now() - started });
    });
  });
}
