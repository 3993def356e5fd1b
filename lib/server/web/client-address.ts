/**
 * Which address a request came from, for the sign-in rate limits (better-auth's per address, Baton's
 * per account) and the address recorded on a session.
 *
 * Any client can send `X-Forwarded-For` or `X-Real-IP`; Next passes a client's own value through and
 * only fills `X-Forwarded-For` with the socket's address when it is missing, so a new made-up address
 * per try used to get past the sign-in limit. Here every request is rewritten before Next reads it
 * (Node's `http.server.request.start` diagnostics channel runs before the server's request handler):
 * - from a proxy named in BATON_TRUSTED_PROXIES (IPs or CIDR ranges), its `X-Forwarded-For` (else its
 *   `X-Real-IP`) stays, and better-auth walks the chain from the right past the trusted hops;
 * - from anyone else, `X-Forwarded-For` becomes the socket's own address and `X-Real-IP` /
 *   `Forwarded` are dropped: what a client says about itself is never believed.
 */
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

export const TRUSTED_PROXIES_ENV = "BATON_TRUSTED_PROXIES";

export type TrustedProxiesResult = { ok: true; entries: string[] } | { ok: false; error: string };

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, how a dual-stack socket shows IPv4 peers) as IPv4. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** BATON_TRUSTED_PROXIES: addresses and CIDR ranges, separated by commas or spaces; empty trusts none. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxiesResult {
  const entries = (raw ?? "").split(/[\s,]+/).filter(Boolean);
  const bad: string[] = [];
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split("/");
    const family = isIP(address ?? "");
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0) bad.push(entry);
  }
  if (bad.length > 0) {
    return { ok: false, error: `${TRUSTED_PROXIES_ENV} holds ${bad.map((entry) => JSON.stringify(entry)).join(", ")}: write IP addresses or CIDR ranges (10.0.0.5, 10.0.0.0/24, fd00::/8), separated by commas` };
  }
  return { ok: true, entries: entries.map((entry) => (entry.includes("/") ? entry : plainAddress(entry))) };
}

export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function isTrustedProxy(peer: string, trusted: BlockList): boolean {
  const address = plainAddress(peer);
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

type HeaderValue = string | string[] | undefined;

function single(value: HeaderValue): string | null {
  if (value === undefined) return null;
  const text = Array.isArray(value) ? value.join(", ") : value;
  return text.trim() === "" ? null : text;
}

/**
 * The `X-Forwarded-For` a request is handled with: the forwarded chain when its sender is a trusted
 * proxy (or its `X-Real-IP` when it sends no chain), else the sender's own address. Null when the
 * socket has no address (it closed): the header is then removed.
 */
export function forwardedForOf(peer: string | undefined, headers: Record<string, HeaderValue>, trusted: BlockList | null): string | null {
  if (!peer) return null;
  if (trusted && isTrustedProxy(peer, trusted)) {
    const chain = single(headers["x-forwarded-for"]);
    if (chain !== null) return chain;
    const real = single(headers["x-real-ip"])?.trim();
    if (real && isIP(real) !== 0) return plainAddress(real);
  }
  return plainAddress(peer);
}

/** Rewrites one incoming request's address headers (see the top of this file). */
export function rewriteClientAddress(request: IncomingMessage, trusted: BlockList | null): void {
  const headers = request.headers;
  const peerTrusted = trusted !== null && request.socket.remoteAddress !== undefined && isTrustedProxy(request.socket.remoteAddress, trusted);
  const value = forwardedForOf(request.socket.remoteAddress, headers, trusted);
  if (value === null) delete headers["x-forwarded-for"];
  else headers["x-forwarded-for"] = value;
  if (!peerTrusted) {
    delete headers["x-real-ip"];
    delete headers["forwarded"];
  }
}

const globalForGuard = globalThis as unknown as { batonClientAddressGuard?: boolean };

/**
 * Subscribes the rewrite for every HTTP request of this process (once; instrumentation.ts calls it at
 * start). An unusable BATON_TRUSTED_PROXIES trusts no proxy and says so (`baton serve` refuses it first).
 */
export function installClientAddressGuard(env: Record<string, string | undefined> = process.env, log: (text: string) => void = console.error): void {
  if (globalForGuard.batonClientAddressGuard) return;
  globalForGuard.batonClientAddressGuard = true;
  const parsed = parseTrustedProxies(env[TRUSTED_PROXIES_ENV]);
  if (!parsed.ok) log(`${parsed.error}; no proxy is trusted until it is fixed`);
  const trusted = parsed.ok && parsed.entries.length > 0 ? trustedProxyList(parsed.entries) : null;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    rewriteClientAddress(request, trusted);
  });
}
