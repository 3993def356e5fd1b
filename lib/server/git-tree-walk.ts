/**
 * Lists the files of many commits' whole trees at once, for discovery at any depth. One
 * `git cat-file --batch` reads tree objects level by level; a folder whose tree is the same object at
 * the same path in another commit (most folders, across branches of one repo) is read and filtered
 * once. Folders the rules refuse (dependencies, build output) are never opened.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { gitEnv, GitError, type TreeEntry } from "./git";

export interface TreeWalkRules {
  /** Open this folder? (`folderPath` is repo-relative, `name` its last segment.) */
  descend(folderPath: string, name: string): boolean;
  /** Keep this file? */
  accept(filePath: string): boolean;
}

interface RawObject {
  sha: string;
  type: string;
  bytes: Buffer;
}

interface TreeItem {
  mode: string;
  name: string;
  sha: string;
}

/** A long-running `git cat-file --batch`, one request (a list of object names) at a time. */
class ObjectReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private pending: Buffer = Buffer.alloc(0);
  private current: { sha: string; type: string; size: number } | null = null;
  private waiting: { count: number; results: (RawObject | null)[]; resolve: (value: (RawObject | null)[]) => void; reject: (error: Error) => void } | null = null;
  private stderr = "";
  private failure: Error | null = null;

  constructor(repo: string) {
    this.child = spawn("git", ["cat-file", "--batch"], { cwd: repo, env: gitEnv, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.child.stdin.on("error", () => undefined);
    const fail = (error: Error) => {
      this.failure = error;
      this.waiting?.reject(error);
      this.waiting = null;
    };
    this.child.on("error", fail);
    this.child.on("close", (code) => {
      if (this.waiting) fail(new GitError(`git cat-file failed (${code}): ${this.stderr.trim()}`, ["cat-file", "--batch"], this.stderr));
    });
  }

  read(names: string[]): Promise<(RawObject | null)[]> {
    if (names.length === 0) return Promise.resolve([]);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { count: names.length, results: [], resolve, reject };
      this.child.stdin.write(`${names.join("\n")}\n`);
    });
  }

  close() {
    this.child.stdin.end();
  }

  private deliver(object: RawObject | null) {
    const waiting = this.waiting;
    if (!waiting) return;
    waiting.results.push(object);
    if (waiting.results.length === waiting.count) {
      this.waiting = null;
      waiting.resolve(waiting.results);
    }
  }

  private onData(chunk: Buffer) {
    this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (!this.current) {
        const newline = this.pending.indexOf(10);
        if (newline < 0) return;
        const header = this.pending.subarray(0, newline).toString("utf8");
        this.pending = this.pending.subarray(newline + 1);
        const parts = header.split(" ");
        if (parts.length < 3) {
          // "<name> missing" / "<name> ambiguous"
          this.deliver(null);
          continue;
        }
        this.current = { sha: parts[0] ?? "", type: parts[1] ?? "", size: Number(parts[2]) };
      }
      if (this.pending.length < this.current.size + 1) return;
      const bytes = Buffer.from(this.pending.subarray(0, this.current.size));
      this.pending = this.pending.subarray(this.current.size + 1);
      const object = { sha: this.current.sha, type: this.current.type, bytes };
      this.current = null;
      this.deliver(object);
    }
  }
}

/** A tree object's entries: `<mode> <name>\0<binary id>` repeated. */
function parseTree(bytes: Buffer, idLength: number): TreeItem[] {
  const items: TreeItem[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const space = bytes.indexOf(32, offset);
    const nul = bytes.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idLength > bytes.length) break;
    items.push({
      mode: bytes.toString("latin1", offset, space),
      name: bytes.toString("utf8", space + 1, nul),
      sha: bytes.toString("hex", nul + 1, nul + 1 + idLength),
    });
    offset = nul + 1 + idLength;
  }
  return items;
}

const isTreeMode = (mode: string) => mode === "40000" || mode === "040000";
/** Regular files only: symlinks (120000) and submodules (160000) are never handoffs and never followed. */
const isFileMode = (mode: string) => mode === "100644" || mode === "100755" || mode === "100664";

/** For each commit, its files the rules keep (paths repo-relative). */
export async function listCommitFiles(repo: string, commits: readonly string[], rules: TreeWalkRules): Promise<Map<string, TreeEntry[]>> {
  const result = new Map<string, TreeEntry[]>();
  const unique = [...new Set(commits)];
  if (unique.length === 0) return result;
  const reader = new ObjectReader(repo);
  try {
    const trees = new Map<string, TreeItem[]>();
    const roots = await reader.read(unique.map((commit) => `${commit}^{tree}`));
    const rootOf = new Map<string, string>();
    let frontier: { folder: string; sha: string }[] = [];
    const seen = new Set<string>();
    roots.forEach((object, index) => {
      if (!object || object.type !== "tree") return;
      rootOf.set(unique[index]!, object.sha);
      if (!trees.has(object.sha)) trees.set(object.sha, parseTree(object.bytes, object.sha.length / 2));
      if (!seen.has(`\0${object.sha}`)) {
        seen.add(`\0${object.sha}`);
        frontier.push({ folder: "", sha: object.sha });
      }
    });
    // Read every folder the rules open, one level per round trip; each tree object once.
    while (frontier.length > 0) {
      const next: { folder: string; sha: string }[] = [];
      for (const node of frontier) {
        for (const item of trees.get(node.sha) ?? []) {
          if (!isTreeMode(item.mode)) continue;
          const folder = node.folder ? `${node.folder}/${item.name}` : item.name;
          const key = `${folder}\0${item.sha}`;
          if (seen.has(key) || !rules.descend(folder, item.name)) continue;
          seen.add(key);
          next.push({ folder, sha: item.sha });
        }
      }
      const wanted = [...new Set(next.map((node) => node.sha))].filter((sha) => !trees.has(sha));
      const objects = await reader.read(wanted);
      objects.forEach((object, index) => {
        if (object && object.type === "tree") trees.set(wanted[index]!, parseTree(object.bytes, object.sha.length / 2));
      });
      frontier = next;
    }

    // Filter each (folder, tree) once, bottom up.
    const memo = new Map<string, TreeEntry[]>();
    const collect = (folder: string, sha: string): TreeEntry[] => {
      const key = `${folder}\0${sha}`;
      const known = memo.get(key);
      if (known) return known;
      const entries: TreeEntry[] = [];
      for (const item of trees.get(sha) ?? []) {
        const itemPath = folder ? `${folder}/${item.name}` : item.name;
        if (isTreeMode(item.mode)) {
          if (seen.has(`${itemPath}\0${item.sha}`)) for (const entry of collect(itemPath, item.sha)) entries.push(entry);
        } else if (isFileMode(item.mode) && rules.accept(itemPath)) {
          entries.push({ path: itemPath, sha: item.sha, mode: item.mode });
        }
      }
      memo.set(key, entries);
      return entries;
    };
    for (const commit of unique) {
      const root = rootOf.get(commit);
      result.set(commit, root ? collect("", root) : []);
    }
    return result;
  } finally {
    reader.close();
  }
}
