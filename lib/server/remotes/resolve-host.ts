/**
 * A host name is checked again right before each fetch by the addresses it resolves to: a name that
 * points at 127.0.0.1 or 10.x (a DNS record anyone can create) is refused like the address itself,
 * unless the host is on BATON_GIT_ALLOWED_HOSTS. The addresses are returned so https can be pinned to
 * them (`http.curloptResolve`), leaving DNS no second answer to give.
 */
import { lookup } from "node:dns/promises";
import { isAddressLiteral, isBlockedAddress } from "../../core/remotes/private-address";
import { isHostAllowListed, type RemoteUrl, type RemoteUrlPolicy } from "../../core/remotes/remote-url";

export type HostCheck = { ok: true; addresses: string[]; allowListed: boolean } | { ok: false; kind: "host-not-allowed" | "not-found"; message: string };

export async function checkResolvedHost(url: RemoteUrl, policy: RemoteUrlPolicy, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<HostCheck> {
  if (url.host === null || url.port === null) return { ok: true, addresses: [], allowListed: true };
  const allowListed = policy.allowedHosts.length > 0 && isHostAllowListed(url.host, url.port, policy.allowedHosts);
  let addresses: string[];
  try {
    addresses = isAddressLiteral(url.host) ? [url.host] : await resolve(url.host);
  } catch (error) {
    return { ok: false, kind: "not-found", message: `not found: the host name ${url.host} does not resolve (${(error as NodeJS.ErrnoException).code ?? "lookup failed"})` };
  }
  if (addresses.length === 0) return { ok: false, kind: "not-found", message: `not found: the host name ${url.host} does not resolve` };
  if (!allowListed) {
    const blocked = addresses.find((address) => isBlockedAddress(address));
    if (blocked) {
      return { ok: false, kind: "host-not-allowed", message: `host not allowed: ${url.host} resolves to ${blocked}, a loopback or private address; list the host in BATON_GIT_ALLOWED_HOSTS to allow it` };
    }
  }
  return { ok: true, addresses, allowListed };
}

async function resolveAll(host: string): Promise<string[]> {
  const results = await lookup(host, { all: true, verbatim: true });
  return results.map((result) => result.address);
}
