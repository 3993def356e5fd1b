/**
 * Host names the dashboard answers to (the DNS-rebinding guard, SECURITY.md). A rebinding site
 * resolves its own name to 127.0.0.1, so the browser sends `Host: evil.example:3000`: the name, not
 * the address, tells such a request apart. Pure: the caller supplies the configured names.
 */

/** `hostname` lower-cased, IPv6 in brackets (`[::1]`); `port` null when none was written. */
export interface HostName {
  hostname: string;
  port: number | null;
}

/** One allowed name; `port` null allows it on any port. */
export type AllowedHost = HostName;

export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

// A Host header or list entry is a name or an address, optionally a port: nothing else (no user, path,
// spaces). Checked before WHATWG URL parsing, which would accept and rewrite far more.
const HOST_SHAPE = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i;

/**
 * Reads `host` or `host:port` (`[v6]` or `[v6]:port`; a bare IPv6 address as `--host` takes it) into
 * its canonical form, or null when it is not one. The WHATWG URL parser canonicalises the name as a
 * browser does (case, IPv4 forms such as `127.1`, IPv6 zero runs).
 */
export function parseHostName(text: string): HostName | null {
  let value = text.trim();
  if (value.includes(":") && !value.startsWith("[") && value.split(":").length > 2) value = `[${value}]`;
  const shape = HOST_SHAPE.exec(value);
  if (!shape) return null;
  const port = shape[1] === undefined ? null : Number(shape[1]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return null;
  }
  if (url.hostname === "") return null;
  // URL drops `:80` for http; keep the port exactly as written.
  return { hostname: url.hostname, port };
}

/** Formats a HostName as a Host header would carry it. */
export function formatHostName(host: HostName): string {
  return host.port === null ? host.hostname : `${host.hostname}:${host.port}`;
}

/**
 * `BATON_ALLOWED_HOSTS`: comma-separated `host` or `host:port` entries. Entries that are not host
 * names are returned in `invalid` (the server reports them instead of guessing what they meant).
 */
export function parseAllowedHostList(text: string | undefined): { hosts: AllowedHost[]; invalid: string[] } {
  const hosts: AllowedHost[] = [];
  const invalid: string[] = [];
  for (const entry of (text ?? "").split(",")) {
    if (entry.trim() === "") continue;
    const host = parseHostName(entry);
    if (host) hosts.push(host);
    else invalid.push(entry.trim());
  }
  return { hosts, invalid };
}

/** The loopback names, on `port` (any port when it is not known). */
export function loopbackHosts(port: number | null): AllowedHost[] {
  return LOOPBACK_HOSTNAMES.map((hostname) => ({ hostname, port }));
}

/**
 * Whether binding `host` keeps the server to this machine: the loopback names and any 127.x.y.z or
 * ::1 address. Everything else (0.0.0.0, ::, a LAN address, a host name) is reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const parsed = parseHostName(host);
  if (!parsed) return false;
  if (parsed.hostname === "localhost" || parsed.hostname === "[::1]") return true;
  return /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname);
}

/** Whether `host` is a wildcard bind address (every interface), which names no host by itself. */
export function isWildcardHost(host: string): boolean {
  const parsed = parseHostName(host);
  return parsed !== null && (parsed.hostname === "0.0.0.0" || parsed.hostname === "[::]");
}

/**
 * Whether a request's `Host` (as sent: `name`, `name:port`, `[v6]:port`) is one of `allowed`. A Host
 * without a port is the scheme's default port, so it matches an entry without a port or on 80/443.
 */
export function isAllowedHost(header: string | null, allowed: readonly AllowedHost[]): boolean {
  if (header === null) return false;
  const host = parseHostName(header);
  if (!host) return false;
  return allowed.some((entry) => entry.hostname === host.hostname && portMatches(entry.port, host.port));
}

function portMatches(allowedPort: number | null, requestPort: number | null): boolean {
  if (allowedPort === null) return true;
  if (requestPort === null) return allowedPort === 80 || allowedPort === 443;
  return allowedPort === requestPort;
}
