/**
 * Codex runs a hook only once the user trusted it, and skips an untrusted one without a word. Trust
 * is given the way Codex's own UI gives it: through `codex app-server` (JSON-RPC over stdio):
 * `hooks/list` names each hook's `key` and `currentHash`, `config/batchWrite` records
 * `hooks.state."<key>".trusted_hash = "<currentHash>"` in config.toml, and a second `hooks/list`
 * must then say `trusted`. Baton never computes the hash itself (../shared/STACK.md, "Agent hooks
 * with the real Codex CLI"). Only Baton's own hooks are touched.
 */
import { spawn } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import path from "node:path";
import { isBatonCommand } from "../../core/agent-loop/hook-settings";

export interface CodexHookEntry {
  key: string;
  eventName: string;
  command: string | null;
  currentHash: string;
  trustStatus: string;
  sourcePath: string;
}

export type TrustResult =
  | { status: "trusted"; hooks: CodexHookEntry[]; wrote: number }
  | { status: "not-trusted"; hooks: CodexHookEntry[]; message: string }
  | { status: "no-codex"; message: string }
  | { status: "failed"; message: string };

/** An executable named `name` on PATH, or null. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const folder of (env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

export const TRUST_BY_HAND =
  "Codex runs hooks only after you trust them: start Codex in this folder, open its hooks review (/hooks) and trust Baton's hooks, " +
  "or put codex on PATH and run `baton hooks install --runtime codex` again.";

class AppServer {
  private readonly child;
  private buffer = "";
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private exited: Error | null = null;

  constructor(codex: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(codex, ["app-server"], { env, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.receive(chunk));
    this.child.stderr.resume();
    const fail = (error: Error) => {
      this.exited = error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.child.on("error", fail);
    this.child.on("exit", (code) => fail(new Error(`codex app-server exited (${code})`)));
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) !== -1) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      let message: { id?: unknown; result?: unknown; error?: { message?: string } };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      if (typeof message.id !== "number") continue;
      const waiter = this.waiting.get(message.id);
      if (!waiter) continue;
      this.waiting.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message ?? "codex app-server answered an error"));
      else waiter.resolve(message.result);
    }
  }

  call(method: string, params: unknown): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  notify(method: string): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

async function withAppServer<T>(codex: string, env: NodeJS.ProcessEnv, work: (server: AppServer) => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const server = new AppServer(codex, env);
  let timer: NodeJS.Timeout | undefined;
  try {
    await server.call("initialize", { clientInfo: { name: "baton", version: "1" } });
    server.notify("initialized");
    return await Promise.race([
      work(server),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`codex app-server did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    server.close();
  }
}

function readEntries(result: unknown): CodexHookEntry[] {
  const data = (result as { data?: { hooks?: unknown[] }[] } | null)?.data ?? [];
  const entries: CodexHookEntry[] = [];
  for (const group of data) {
    for (const raw of group.hooks ?? []) {
      const hook = raw as Record<string, unknown>;
      if (typeof hook.key !== "string" || typeof hook.currentHash !== "string") continue;
      entries.push({
        key: hook.key,
        eventName: String(hook.eventName ?? ""),
        command: typeof hook.command === "string" ? hook.command : null,
        currentHash: hook.currentHash,
        trustStatus: String(hook.trustStatus ?? "unknown"),
        sourcePath: String(hook.sourcePath ?? ""),
      });
    }
  }
  return entries;
}

function samePath(a: string, b: string): boolean {
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return path.resolve(file);
    }
  };
  return real(a) === real(b);
}

/** Baton's hooks in `hooksFile` as Codex lists them for `cwd`. */
export async function listBatonCodexHooks(codex: string, env: NodeJS.ProcessEnv, cwd: string, hooksFile: string): Promise<CodexHookEntry[]> {
  return withAppServer(codex, env, async (server) => batonEntries(await server.call("hooks/list", { cwds: [cwd] }), hooksFile));
}

function batonEntries(result: unknown, hooksFile: string): CodexHookEntry[] {
  return readEntries(result).filter((entry) => isBatonCommand(entry.command) && samePath(entry.sourcePath, hooksFile));
}

/** Trusts Baton's hooks in `hooksFile` (the ones not trusted yet) and checks that Codex now says so. */
export async function trustCodexHooks(options: { env: NodeJS.ProcessEnv; cwd: string; hooksFile: string }): Promise<TrustResult> {
  const codex = findOnPath("codex", options.env);
  if (codex === null) return { status: "no-codex", message: `codex is not on PATH, so Baton could not mark its hooks trusted. ${TRUST_BY_HAND}` };
  try {
    return await withAppServer(codex, options.env, async (server) => {
      const before = batonEntries(await server.call("hooks/list", { cwds: [options.cwd] }), options.hooksFile);
      if (before.length === 0) return { status: "not-trusted" as const, hooks: before, message: `Codex does not list Baton's hooks from ${options.hooksFile} (are hooks turned off in its config?). ${TRUST_BY_HAND}` };
      const untrusted = before.filter((entry) => entry.trustStatus !== "trusted" && entry.trustStatus !== "managed");
      if (untrusted.length > 0) {
        const value = Object.fromEntries(untrusted.map((entry) => [entry.key, { trusted_hash: entry.currentHash }]));
        await server.call("config/batchWrite", { edits: [{ keyPath: "hooks.state", value, mergeStrategy: "upsert" }] });
      }
      const after = batonEntries(await server.call("hooks/list", { cwds: [options.cwd] }), options.hooksFile);
      const still = after.filter((entry) => entry.trustStatus !== "trusted" && entry.trustStatus !== "managed");
      if (still.length > 0) {
        return { status: "not-trusted" as const, hooks: after, message: `Codex still lists ${still.map((entry) => `${entry.key} as ${entry.trustStatus}`).join(", ")}. ${TRUST_BY_HAND}` };
      }
      return { status: "trusted" as const, hooks: after, wrote: untrusted.length };
    });
  } catch (error) {
    return { status: "failed", message: `codex app-server could not be asked (${(error as Error).message}). ${TRUST_BY_HAND}` };
  }
}

/** Before uninstall: the keys of Baton's hooks, so their trust entries can be dropped afterwards. */
export async function forgetCodexTrust(options: { env: NodeJS.ProcessEnv; keys: readonly string[]; configToml: string | null }): Promise<string | null> {
  if (options.keys.length === 0 || options.configToml === null) return null;
  const codex = findOnPath("codex", options.env);
  if (codex === null) return "codex is not on PATH: Baton's trusted_hash entries stay in config.toml (harmless; they name hooks that no longer exist)";
  const { parse } = await import("smol-toml");
  let state: Record<string, unknown> = {};
  try {
    const parsed = parse(options.configToml) as { hooks?: { state?: Record<string, unknown> } };
    state = parsed.hooks?.state ?? {};
  } catch {
    return "config.toml did not parse; Baton's trusted_hash entries were left in it";
  }
  const kept = Object.fromEntries(Object.entries(state).filter(([key]) => !options.keys.includes(key)));
  if (Object.keys(kept).length === Object.keys(state).length) return null;
  try {
    await withAppServer(codex, options.env, (server) => server.call("config/batchWrite", { edits: [{ keyPath: "hooks.state", value: kept, mergeStrategy: "replace" }] }));
    return null;
  } catch (error) {
    return `Baton's trusted_hash entries stay in config.toml (codex app-server: ${(error as Error).message})`;
  }
}
