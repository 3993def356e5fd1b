/**
 * The settings a fetch runs under, read from the environment each time (so a changed allow-list applies
 * to the next fetch): `BATON_GIT_ALLOWED_HOSTS`, `BATON_GIT_FETCH_TIMEOUT_SECONDS` (default 300), and
 * where mirrors live (`<data>/mirrors/<id>.git`).
 */
import path from "node:path";
import { parseGitAllowedHosts, type RemoteUrlPolicy } from "../../core/remotes/remote-url";
import { dataDirectory } from "../db/database-url";

export function remoteUrlPolicy(options: { isAdmin: boolean }, env: NodeJS.ProcessEnv = process.env): RemoteUrlPolicy & { invalidHosts: string[] } {
  const { hosts, invalid } = parseGitAllowedHosts(env.BATON_GIT_ALLOWED_HOSTS);
  return { allowedHosts: hosts, allowLocalPaths: options.isAdmin, invalidHosts: invalid };
}

export const DEFAULT_FETCH_TIMEOUT_MS = 300_000;

export function fetchTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.BATON_GIT_FETCH_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : DEFAULT_FETCH_TIMEOUT_MS;
}

export function mirrorsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(dataDirectory(env), "mirrors");
}

/** A mirror's folder: named by the remote's id (never by anything from the URL). */
export function mirrorPath(remoteId: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!/^[a-z0-9]+$/i.test(remoteId)) throw new Error(`unexpected remote id ${JSON.stringify(remoteId)}`);
  return path.join(mirrorsDirectory(env), `${remoteId}.git`);
}
