/**
 * The few git questions readiness asks, through execFile/spawn with argument arrays (never a shell).
 * Kept beside readiness rather than in lib/server/git.ts: only resume needs them.
 */
import { spawn } from "node:child_process";
import { parseRemoteFetchConfig, type RemoteFetchSpec } from "../../core/resume/remote-tracking";
import { git, GitError, gitEnv } from "../git";

export interface ObjectHit {
  sha: string;
  type: string;
}

/**
 * One `git cat-file --batch-check` for many object names (`<sha>^{commit}`, `<commit>:<path>`): the
 * object each names, or null when it names nothing. A name with a line break would desynchronise
 * the batch, so the caller must not pass one (refused here rather than answered wrongly).
 */
export function batchCheckObjects(repo: string, names: readonly string[]): Promise<(ObjectHit | null)[]> {
  if (names.length === 0) return Promise.resolve([]);
  if (names.some((name) => /[\n\r\0]/.test(name))) {
    return Promise.reject(new RangeError("cat-file --batch-check names cannot contain line breaks or NUL"));
  }
  return new Promise((resolve, reject) => {
    const args = ["cat-file", "--batch-check=%(objectname) %(objecttype)"];
    const child = spawn("git", args, { cwd: repo, env: gitEnv, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new GitError(`git cat-file failed: ${stderr.trim() || `exit ${code}`}`, args, stderr));
        return;
      }
      const lines = stdout.split("\n");
      // Found objects print "<sha> <type>"; anything else ("<name> missing", "ambiguous") names nothing.
      resolve(
        names.map((_, index) => {
          const match = /^([0-9a-f]{40,64}) ([a-z]+)$/.exec(lines[index] ?? "");
          return match ? { sha: match[1]!, type: match[2]! } : null;
        }),
      );
    });
    // A closed stdin (git exited early) is reported through "close" with its stderr.
    child.stdin.on("error", () => undefined);
    child.stdin.end(names.map((name) => `${name}\n`).join(""));
  });
}

/** Full commit ids for full or abbreviated shas; null for a name that is not a commit here. */
export async function resolveCommits(repo: string, shas: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(shas)].filter((sha) => /^[0-9a-f]{4,64}$/i.test(sha));
  const hits = await batchCheckObjects(
    repo,
    unique.map((sha) => `${sha}^{commit}`),
  );
  const result = new Map<string, string | null>();
  unique.forEach((sha, index) => result.set(sha, hits[index]?.type === "commit" ? hits[index]!.sha : null));
  return result;
}

/**
 * The commit a full ref name points at (`refs/heads/feat/x`, `HEAD`), or null when there is no such
 * ref. Only full names are accepted: starting with `refs/` or being `HEAD`, they cannot be read as an
 * option (rev-parse learned `--end-of-options` only in git 2.30).
 */
export async function resolveRef(repo: string, ref: string): Promise<string | null> {
  if (ref !== "HEAD" && !ref.startsWith("refs/")) throw new RangeError(`not a full ref name: ${JSON.stringify(ref)}`);
  const out = await git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { allowExitCodes: [1] });
  return out.trim() || null;
}

/** True when `ancestor` is `descendant` or in its history. */
export async function isAncestor(repo: string, ancestor: string, descendant: string): Promise<boolean> {
  // merge-base exits 1 when the two share no history; its answer equals `ancestor` exactly when it is one.
  const out = await git(repo, ["merge-base", "--end-of-options", ancestor, descendant], { allowExitCodes: [1] });
  return out.trim() === ancestor;
}

/** How many commits `head` has that `base` does not, and the subjects of the newest `limit` of them. */
export async function commitsBetween(repo: string, base: string, head: string, limit: number): Promise<{ count: number; subjects: string[] }> {
  const range = `${base}..${head}`;
  const [count, log] = await Promise.all([
    git(repo, ["rev-list", "--count", "--end-of-options", range]),
    // %s is the subject with its lines joined, so one line per commit.
    git(repo, ["log", `--max-count=${limit}`, "--format=%s", "--end-of-options", range]),
  ]);
  const subjects = log.split("\n").slice(0, -1);
  return { count: Number(count.trim()), subjects };
}

/**
 * The oldest commit in `head`'s history that wrote this exact content at `path`: where the handoff
 * was committed on this branch, when the commit that first added it anywhere is on another branch
 * (the same file committed separately on two branches).
 */
export async function commitAddingBlob(repo: string, head: string, filePath: string, blobSha: string): Promise<string | null> {
  const out = await git(repo, [
    "log",
    "--reverse",
    "--no-renames",
    "--raw",
    "--no-abbrev",
    "-z",
    "--format=%x00commit %H",
    "--end-of-options",
    head,
    "--",
    filePath,
  ]);
  let commit: string | null = null;
  for (const token of out.split("\0")) {
    const text = token.replace(/^\n+/, "");
    if (text.startsWith("commit ")) {
      commit = text.slice("commit ".length).trim();
      continue;
    }
    // ":100644 100644 <old> <new> M"; the path follows as its own token.
    if (commit !== null && text.startsWith(":") && text.split(" ")[3] === blobSha) return commit;
  }
  return null;
}

/**
 * Every remote's fetch refspecs, as git reads them (repo and global config), or null when git could
 * not be asked (then nothing is assumed about tracking).
 */
export async function remoteFetchSpecs(repo: string): Promise<RemoteFetchSpec[] | null> {
  try {
    // Exit 1: no such key (no remote has a fetch refspec).
    return parseRemoteFetchConfig(await git(repo, ["config", "-z", "--get-regexp", "^remote\\..*\\.fetch$"], { allowExitCodes: [1] }));
  } catch {
    return null;
  }
}
