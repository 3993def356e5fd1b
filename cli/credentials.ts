/**
 * Where the CLI finds the team server and its token: `BATON_SERVER` + `BATON_TOKEN` from the
 * environment (CI, scripts), else the file `baton login` writes, `$XDG_CONFIG_HOME/baton/credentials.json`
 * (default `~/.config/baton/credentials.json`), mode 0600, `{ "default": url, "servers": { url: { token } } }`.
 * A `--server URL` flag picks one of the stored servers. The token is never printed.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { UsageError } from "./io";

export interface ServerCredential {
  server: string;
  token: string;
}

interface CredentialsFile {
  default: string | null;
  servers: Record<string, { token: string }>;
}

type Environment = Record<string, string | undefined>;

export function credentialsPath(env: Environment = process.env): string {
  const home = env.BATON_HOME_DIR || env.HOME || os.homedir();
  const config = env.XDG_CONFIG_HOME || path.join(home, ".config");
  return path.join(config, "baton", "credentials.json");
}

/** A server address as stored: origin only, no trailing slash (`https://baton.example.com`). */
export function normalizeServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UsageError(`"${input}" is not a server address (write it as https://host[:port])`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UsageError(`"${input}": the server address must start with https:// or http://`);
  if (url.username || url.password) throw new UsageError("write the server address without a user name or password; the token is stored separately");
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

function readFile(file: string): CredentialsFile {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<CredentialsFile>;
    const servers: CredentialsFile["servers"] = {};
    for (const [url, entry] of Object.entries(parsed.servers ?? {})) {
      if (entry && typeof entry.token === "string") servers[url] = { token: entry.token };
    }
    return { default: typeof parsed.default === "string" ? parsed.default : null, servers };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { default: null, servers: {} };
    throw new UsageError(`cannot read ${file}: ${(error as Error).message} (run "baton login --server URL" again)`);
  }
}

/** The credential to use, or null when none is configured. */
export function resolveServerCredential(serverFlag: string | undefined, env: Environment = process.env): ServerCredential | null {
  if (!serverFlag && env.BATON_SERVER && env.BATON_TOKEN) return { server: normalizeServerUrl(env.BATON_SERVER), token: env.BATON_TOKEN };
  const file = readFile(credentialsPath(env));
  const server = serverFlag ? normalizeServerUrl(serverFlag) : (env.BATON_SERVER ? normalizeServerUrl(env.BATON_SERVER) : file.default);
  if (!server) return null;
  const token = file.servers[server]?.token ?? (env.BATON_TOKEN && (!serverFlag || env.BATON_SERVER === serverFlag) ? env.BATON_TOKEN : undefined);
  return token ? { server, token } : null;
}

/** Like resolveServerCredential, with the one-line fix when there is none. */
export function requireServerCredential(serverFlag: string | undefined, env: Environment = process.env): ServerCredential {
  const credential = resolveServerCredential(serverFlag, env);
  if (credential === null) {
    throw new UsageError(serverFlag ? `no token stored for ${normalizeServerUrl(serverFlag)}: run "baton login --server ${normalizeServerUrl(serverFlag)}"` : 'no team server configured: run "baton login --server URL" (or set BATON_SERVER and BATON_TOKEN)');
  }
  return credential;
}

/** Stores a token (atomically, mode 0600) and makes its server the default. */
export function saveServerCredential(credential: ServerCredential, env: Environment = process.env): string {
  const file = credentialsPath(env);
  const server = normalizeServerUrl(credential.server);
  const current = readFile(file);
  const next: CredentialsFile = { default: server, servers: { ...current.servers, [server]: { token: credential.token } } };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return file;
}

/** A JSON request to the team server with the stored token; a refusal becomes one readable line. */
export async function serverRequest<T>(credential: ServerCredential, method: string, route: string, body?: unknown): Promise<{ status: number; data: T }> {
  let response: Response;
  try {
    response = await fetch(`${credential.server}${route}`, {
      method,
      headers: { Authorization: `Bearer ${credential.token}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "error",
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new UsageError(`cannot reach ${credential.server}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text.slice(0, 200) };
  }
  if (response.status === 401) throw new UsageError(`${credential.server} refused the token (401): run "baton login --server ${credential.server}" with a valid token`);
  if (response.status === 403) throw new UsageError(`${credential.server}: not allowed (403): ${(data as { error?: string } | null)?.error ?? "your role or the token's scopes do not allow this"}`);
  return { status: response.status, data: data as T };
}
