/**
 * The host names this server answers to, from its environment (read once per process):
 * - the loopback names (`localhost`, `127.0.0.1`, `[::1]`) on the port it serves;
 * - the `--host` that `baton serve` was given (BATON_SERVE_HOST, set by serve itself); a wildcard bind
 *   (0.0.0.0, ::) names no host, so it stands for this machine's name and interface addresses;
 * - BATON_ALLOWED_HOSTS: comma-separated `host` or `host:port` (any port when none is written).
 * The port is BATON_SERVE_PORT (set by serve), else PORT; unknown, the loopback names match any port.
 */
import os from "node:os";
import { formatHostName, isWildcardHost, loopbackHosts, parseAllowedHostList, parseHostName, type AllowedHost } from "../../core/web/host-names";
import type { GuardPolicy } from "../../core/web/request-guard";

export interface AccessPolicy extends GuardPolicy {
  /** BATON_ALLOWED_HOSTS entries that are not host names (reported, never guessed at). */
  invalid: string[];
}

type Environment = Record<string, string | undefined>;

/** This machine's own names: its host name and every interface address (for a wildcard bind). */
export function machineHostNames(): string[] {
  const names = new Set<string>([os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      // Link-local IPv6 needs a zone (`fe80::1%eth0`), which no Host header can carry.
      if (address.family === "IPv6" && address.address.toLowerCase().startsWith("fe80:")) continue;
      names.add(address.family === "IPv6" ? `[${address.address}]` : address.address);
    }
  }
  return [...names];
}

export function buildAccessPolicy(env: Environment, machineNames: () => string[] = machineHostNames): AccessPolicy {
  const portText = env.BATON_SERVE_PORT ?? env.PORT;
  const port = portText !== undefined && /^\d{1,5}$/.test(portText) ? Number(portText) : null;
  const explicit: AllowedHost[] = [];
  const serveHost = env.BATON_SERVE_HOST?.trim();
  if (serveHost) {
    const names = isWildcardHost(serveHost) ? machineNames() : [serveHost];
    for (const name of names) {
      const host = parseHostName(name);
      if (host) explicit.push({ hostname: host.hostname, port });
    }
  }
  const listed = parseAllowedHostList(env.BATON_ALLOWED_HOSTS);
  explicit.push(...listed.hosts);
  return { hosts: [...loopbackHosts(port), ...explicit], origins: explicit, invalid: listed.invalid };
}

let cached: { key: string; policy: AccessPolicy } | null = null;

/** The policy for this process's environment, rebuilt only when one of its variables changes. */
export function accessPolicy(env: Environment = process.env): AccessPolicy {
  const key = [env.BATON_SERVE_HOST, env.BATON_SERVE_PORT, env.PORT, env.BATON_ALLOWED_HOSTS].join("\u0000");
  if (cached?.key !== key) {
    cached = { key, policy: buildAccessPolicy(env) };
    if (cached.policy.invalid.length > 0) console.warn(`BATON_ALLOWED_HOSTS: ignored ${cached.policy.invalid.map((entry) => JSON.stringify(entry)).join(", ")} (not a host name or host:port)`);
  }
  return cached.policy;
}

/** The allowed names as a user would write them (for serve's start-up message). */
export function describeAllowedHosts(policy: AccessPolicy): string[] {
  return policy.hosts.map(formatHostName);
}
