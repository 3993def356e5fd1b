/**
 * The check every request passes before a route, page or server action runs (SECURITY.md):
 * - its `Host` (and `X-Forwarded-Host`, when a proxy set one) must be an allowed name, else 421
 *   Misdirected Request: this is what stops DNS rebinding;
 * - a mutation (any method but GET, HEAD, OPTIONS) whose `Origin` is foreign, or whose
 *   `Sec-Fetch-Site` says another site sent it, answers 403: this is what stops CSRF. A mutation with
 *   no `Origin` (the CLI, curl, a bearer-token client) goes through: browsers always send one.
 * Pure: the caller reads the headers and the allowed names.
 */
import { isAllowedHost, parseHostName, type AllowedHost } from "./host-names";

export interface GuardedRequest {
  method: string;
  host: string | null;
  forwardedHost: string | null;
  origin: string | null;
  secFetchSite: string | null;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 421 | 403; reason: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isMutation(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * `hosts`: every name the server answers to. `origins`: the names allowed explicitly (`--host`,
 * BATON_ALLOWED_HOSTS) that a page may be served from although the request's Host differs.
 */
export interface GuardPolicy {
  hosts: readonly AllowedHost[];
  origins: readonly AllowedHost[];
}

export function checkRequest(request: GuardedRequest, policy: GuardPolicy, options: { mutates?: boolean } = {}): GuardVerdict {
  const allowed = policy.hosts;
  if (!isAllowedHost(request.host, allowed)) {
    return { ok: false, status: 421, reason: `this server does not answer to the host name ${describe(request.host)}` };
  }
  // The forwarded host is the name the browser used, when a reverse proxy stands in front.
  const forwardedHost = request.forwardedHost?.split(",")[0]?.trim() || null;
  if (forwardedHost !== null && !isAllowedHost(forwardedHost, allowed)) {
    return { ok: false, status: 421, reason: `this server does not answer to the forwarded host name ${describe(forwardedHost)}` };
  }
  if (!(options.mutates ?? isMutation(request.method))) return { ok: true };

  if (request.origin !== null && !isSameOrigin(request.origin, forwardedHost ?? request.host!, policy.origins)) {
    return { ok: false, status: 403, reason: `a change was sent from another site (${describe(request.origin)})` };
  }
  // Secondary signal: a browser that sends Sec-Fetch-Site says where the request came from even when an
  // extension or a privacy setting strips Origin. "none" is the user's own action (typed address).
  const site = request.secFetchSite?.trim().toLowerCase() ?? null;
  if (site !== null && site !== "same-origin" && site !== "none") {
    return { ok: false, status: 403, reason: `a change was sent from another site (Sec-Fetch-Site: ${describe(site)})` };
  }
  return { ok: true };
}

/**
 * An `Origin` is ours when it is http(s) and names the host the request was sent to, or one of the
 * names the user allowed explicitly (a reverse proxy that rewrites Host). `null` (sandboxed frames,
 * file: pages) and anything that is not a bare origin are never ours.
 */
export function isSameOrigin(origin: string, requestHost: string, allowedOrigins: readonly AllowedHost[]): boolean {
  const shape = /^(https?):\/\/([^/?#@\s]+)$/i.exec(origin);
  if (!shape) return false;
  const scheme = shape[1]!.toLowerCase();
  const defaultPort = scheme === "https" ? 443 : 80;
  const originHost = parseHostName(shape[2]!);
  const target = parseHostName(requestHost);
  if (!originHost || !target) return false;
  // Origin omits the scheme's default port; so may Host.
  const originPort = originHost.port ?? defaultPort;
  if (originHost.hostname === target.hostname && originPort === (target.port ?? defaultPort)) return true;
  return isAllowedHost(`${originHost.hostname}:${originPort}`, allowedOrigins);
}

function describe(value: string | null): string {
  if (value === null) return "(none)";
  const printable = value.replace(/[^\x20-\x7e]/g, "?");
  return JSON.stringify(printable.length > 80 ? `${printable.slice(0, 80)}…` : printable);
}
