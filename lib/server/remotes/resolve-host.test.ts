import { expect, test } from "vitest";
import { checkRemoteUrl, parseGitAllowedHosts, type RemoteUrlPolicy } from "../../core/remotes/remote-url";
import { checkResolvedHost } from "./resolve-host";

const open: RemoteUrlPolicy = { allowedHosts: [], allowLocalPaths: false };

function url(text: string, policy = open) {
  const result = checkRemoteUrl(text, policy);
  if (!result.ok) throw new Error(result.refusal.message);
  return result.url;
}

const resolver = (table: Record<string, string[]>) => async (host: string) => {
  const addresses = table[host];
  if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return addresses;
};

test("a name that resolves to a private or loopback address is refused like the address", async () => {
  const dns = resolver({ "git.rebind.example": ["140.82.112.3", "10.0.0.5"], "loop.example": ["::1"], "github.com": ["140.82.112.3"] });
  expect(await checkResolvedHost(url("https://git.rebind.example/o/r.git"), open, dns)).toMatchObject({ ok: false, kind: "host-not-allowed" });
  expect(await checkResolvedHost(url("git@loop.example:o/r.git"), open, dns)).toMatchObject({ ok: false, kind: "host-not-allowed" });
  expect(await checkResolvedHost(url("https://github.com/o/r.git"), open, dns)).toEqual({ ok: true, addresses: ["140.82.112.3"], allowListed: false });
});

test("a name on the allow-list may resolve to a private address; a name that does not resolve is not found", async () => {
  const policy: RemoteUrlPolicy = { allowedHosts: parseGitAllowedHosts("git.office.example").hosts, allowLocalPaths: false };
  const dns = resolver({ "git.office.example": ["192.168.1.20"] });
  expect(await checkResolvedHost(url("https://git.office.example/o/r.git", policy), policy, dns)).toMatchObject({ ok: true, addresses: ["192.168.1.20"] });
  const missing = await checkResolvedHost(url("https://nowhere.example/o/r.git"), open, dns);
  expect(missing).toMatchObject({ ok: false, kind: "not-found" });
});
