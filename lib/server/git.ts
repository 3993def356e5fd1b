/**
 * git through execFile/spawn, never a shell: arguments are data, not code. Object reads are batched
 * (`cat-file --batch`) so a scan costs a handful of processes, not one per file.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";

/** Stable output, no prompts, no pager, no optional locks taken for reads. */
export const gitEnv = {
  ...process.env,
  LC_ALL: "C",
  GIT_OPTIONAL_LOCKS: "0",
  GIT_TERMINAL_PROMPT: "0",
  GIT_PAGER: "cat",
  GIT_CONFIG_NOSYSTEM: "1",
};

export class GitError extends Error {
  constructor(
    message: string,
    readonly args: string[],
    readonly stderr: string,
  ) {
    super(message);
    this.name = "GitError";
  }
}

export function git(cwd: string, args: string[], options: { maxBuffer?: number; allowExitCodes?: number[] } = {}): Promise<string> {
  const fullArgs = ["-c", "core.quotepath=off", ...args];
  return new Promise((resolve, reject) => {
    execFile("git", fullArgs, { cwd, env: gitEnv, maxBuffer: options.maxBuffer ?? 512 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) {
        const code = typeof (error as NodeJS.ErrnoException & { code?: unknown }).code === "number" ? Number((error as { code: number }).code) : null;
        if (code !== null && options.allowExitCodes?.includes(code)) return resolve(stdout);
        reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, args, stderr));
        return;
      }
      resolve(stdout);
    });
  });
}

export interface RepoInfo {
  /** The checkout's root; for a bare repository (a mirror) the repository folder itself. */
  topLevel: string;
  gitDir: string;
  isShallow: boolean;
  headSha: string | null;
  headBranch: string | null;
}

export async function readRepoInfo(path: string): Promise<RepoInfo> {
  const out = await git(path, ["rev-parse", "--show-toplevel", "--absolute-git-dir", "--is-shallow-repository"]);
  const [topLevel = path, gitDir = "", shallow = "false"] = out.trim().split("\n");
  const headSha = (await git(path, ["rev-parse", "--verify", "-q", "HEAD"], { allowExitCodes: [1] })).trim() || null;
  const headBranch = (await git(path, ["symbolic-ref", "-q", "--short", "HEAD"], { allowExitCodes: [1] })).trim() || null;
  return { topLevel, gitDir, isShallow: shallow === "true", headSha, headBranch };
}

/**
 * A bare repository (a mirror: no working tree, so `rev-parse --show-toplevel` fails): every branch is
 * read from git objects and HEAD names the remote's default branch.
 */
export async function readBareRepoInfo(path: string): Promise<RepoInfo> {
  const out = await git(path, ["rev-parse", "--is-bare-repository", "--absolute-git-dir", "--is-shallow-repository"]);
  const [bare = "false", gitDir = "", shallow = "false"] = out.trim().split("\n");
  if (bare !== "true") throw new GitError(`${path} is not a bare repository`, ["rev-parse"], "");
  const headSha = (await git(path, ["rev-parse", "--verify", "-q", "HEAD"], { allowExitCodes: [1] })).trim() || null;
  // An unborn HEAD (the remote has no branch of that name) names no branch.
  const headBranch = headSha === null ? null : (await git(path, ["symbolic-ref", "-q", "--short", "HEAD"], { allowExitCodes: [1] })).trim() || null;
  return { topLevel: gitDir, gitDir, isShallow: shallow === "true", headSha, headBranch };
}

export interface GitRef {
  /** Short name: "main", "origin/feat/x". */
  name: string;
  isRemote: boolean;
  sha: string;
  /** Committer time of the head, ms. */
  time: number;
}

export async function listBranches(repo: string): Promise<GitRef[]> {
  const out = await git(repo, [
    "for-each-ref",
    "--format=%(objectname)%09%(objecttype)%09%(committerdate:unix)%09%(refname)%09%(symref)",
    "refs/heads",
    "refs/remotes",
  ]);
  const refs: GitRef[] = [];
  for (const line of out.split("\n")) {
    if (!line) continue;
    const [sha = "", type, time, refname = "", symref] = line.split("\t");
    // refs/remotes/origin/HEAD is a pointer to another ref, not a branch of its own.
    if (symref || type !== "commit") continue;
    const isRemote = refname.startsWith("refs/remotes/");
    refs.push({
      name: refname.replace(/^refs\/(heads|remotes)\//, ""),
      isRemote,
      sha,
      time: Number(time) * 1000,
    });
  }
  return refs;
}

export async function defaultBranch(repo: string, refs: GitRef[]): Promise<string | null> {
  const originHead = (await git(repo, ["symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD"], { allowExitCodes: [1, 128] })).trim();
  if (originHead) return originHead.replace(/^origin\//, "");
  for (const candidate of ["main", "master", "trunk", "develop"]) if (refs.some((ref) => !ref.isRemote && ref.name === candidate)) return candidate;
  return refs.find((ref) => !ref.isRemote)?.name ?? null;
}

export interface TreeEntry {
  path: string;
  sha: string;
  mode: string;
}

/** Blobs under the given folders of a commit's tree (ls-tree takes path prefixes, not globs). */
export async function listTreeBlobs(repo: string, commit: string, prefixes: string[]): Promise<TreeEntry[]> {
  const args = ["ls-tree", "-r", "-z", "--full-tree", commit];
  if (prefixes.length > 0 && !prefixes.includes("")) args.push("--", ...prefixes);
  const out = await git(repo, args);
  const entries: TreeEntry[] = [];
  for (const record of out.split("\0")) {
    if (!record) continue;
    const tab = record.indexOf("\t");
    const [mode = "", type, sha = ""] = record.slice(0, tab).split(" ");
    // Symlinks (120000) and submodules (commit) are not handoffs and are never followed.
    if (type !== "blob" || mode === "120000") continue;
    entries.push({ path: record.slice(tab + 1), sha, mode });
  }
  return entries;
}

export interface BlobContent {
  sha: string;
  size: number;
  /** Null when the object is missing or larger than maxBytes (then only its size is known). */
  bytes: Buffer | null;
}

/** Reads many blobs with one `git cat-file --batch`. Oversized blobs are reported, not loaded. */
export function readBlobs(repo: string, shas: string[], maxBytes: number): Promise<Map<string, BlobContent>> {
  const result = new Map<string, BlobContent>();
  if (shas.length === 0) return Promise.resolve(result);
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd: repo, env: gitEnv, stdio: ["pipe", "pipe", "pipe"] });
    const queue = [...shas];
    let pending: Buffer = Buffer.alloc(0);
    let current: { sha: string; size: number; type: string } | null = null;
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!current) {
          const newline = pending.indexOf(10);
          if (newline < 0) break;
          const header = pending.subarray(0, newline).toString("utf8");
          pending = pending.subarray(newline + 1);
          const parts = header.split(" ");
          if (parts[1] === "missing" || parts.length < 3) {
            const sha = parts[0] ?? "";
            result.set(sha, { sha, size: 0, bytes: null });
            queue.shift();
            continue;
          }
          current = { sha: parts[0] ?? "", type: parts[1] ?? "", size: Number(parts[2]) };
        }
        if (pending.length < current.size + 1) break;
        const body = pending.subarray(0, current.size);
        pending = pending.subarray(current.size + 1);
        result.set(current.sha, {
          sha: current.sha,
          size: current.size,
          bytes: current.size <= maxBytes ? Buffer.from(body) : null,
        });
        current = null;
        queue.shift();
      }
    });
    child.on("close", (code) => {
      if (code !== 0) reject(new GitError(`git cat-file failed: ${stderr.trim()}`, ["cat-file"], stderr));
      else resolve(result);
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(shas.join("\n") + "\n");
  });
}

/** Which of these object names (full or abbreviated shas) name a commit in the repo. */
export function existingCommits(repo: string, names: string[]): Promise<Map<string, boolean>> {
  const result = new Map<string, boolean>();
  const unique = [...new Set(names)].filter((name) => /^[0-9a-f]{4,40}$/i.test(name));
  if (unique.length === 0) return Promise.resolve(result);
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["cat-file", "--batch-check=%(objectname) %(objecttype)"], { cwd: repo, env: gitEnv });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => {
      const lines = out.split("\n");
      unique.forEach((name, index) => {
        const line = lines[index] ?? "";
        result.set(name, / commit$/.test(line));
      });
      resolve(result);
    });
    child.stdin.end(unique.map((name) => `${name}^{commit}`).join("\n") + "\n");
  });
}

/**
 * The author-date offset (`+0900`) of each commit, as git prints it: the writer's zone when the commit was
 * made. Unknown or unreadable shas are left out.
 */
export async function commitOffsets(repo: string, shas: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const unique = [...new Set(shas)].filter((sha) => /^[0-9a-f]{7,40}$/i.test(sha));
  for (let start = 0; start < unique.length; start += 500) {
    const batch = unique.slice(start, start + 500);
    const out = await git(repo, ["show", "--no-patch", "--no-walk=unsorted", "--format=%H %ai", ...batch], { allowExitCodes: [128] });
    for (const line of out.split("\n")) {
      const match = /^([0-9a-f]{40}) \S+ \S+ ([+-]\d{4})$/.exec(line.trim());
      if (match === null) continue;
      const full = match[1]!;
      const asked = batch.find((sha) => full.startsWith(sha.toLowerCase()));
      if (asked !== undefined) result.set(asked, match[2]!);
    }
  }
  return result;
}

export interface BlobIntroduction {
  commitSha: string;
  /** Committer time, ms. */
  time: number;
}

/**
 * For every blob under the prefixes, the earliest commit (by committer time) on any local or
 * remote-tracking branch that introduced that exact content: one `git log --raw` for the repo.
 */
export async function blobIntroductions(repo: string, prefixes: string[], wanted: Set<string>): Promise<Map<string, BlobIntroduction>> {
  const result = new Map<string, BlobIntroduction>();
  if (wanted.size === 0) return result;
  const args = ["log", "--branches", "--remotes", "--reverse", "--date-order", "--no-renames", "--raw", "--no-abbrev", "-z", "--format=%x00commit %H %ct"];
  if (prefixes.length > 0 && !prefixes.includes("")) args.push("--", ...prefixes);
  const out = await git(repo, args, { allowExitCodes: [128] });
  let commit: BlobIntroduction | null = null;
  for (const token of out.split("\0")) {
    const text = token.replace(/^\n+/, "");
    if (text.startsWith("commit ")) {
      const [, sha = "", time = "0"] = text.split(" ");
      commit = { commitSha: sha, time: Number(time) * 1000 };
      continue;
    }
    if (!commit || !text.startsWith(":")) continue;
    // ":100644 100644 <old> <new> M" then the path as the next token.
    const fields = text.split(" ");
    const newSha = fields[3];
    if (newSha && wanted.has(newSha) && !result.has(newSha)) result.set(newSha, commit);
  }
  return result;
}

/** git's blob id of some bytes (`git hash-object`), computed in-process for working-tree files. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
}
