import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { forwardedForOf, installClientAddressGuard, isTrustedProxy, parseTrustedProxies, plainAddress, trustedProxyList } from "./client-address";

describe("BATON_TRUSTED_PROXIES", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["10.0.0.5", ["10.0.0.5"]],
    ["10.0.0.0/24, fd00::/8 ::ffff:192.0.2.1", ["10.0.0.0/24", "fd00::/8", "192.0.2.1"]],
  ])("reads %j as %j", (raw, entries) => {
    expect(parseTrustedProxies(raw)).toEqual({ ok: true, entries });
  });

  it.each(["proxy.example", "10.0.0.0/33", "10.0.0.1/8/9", "fd00::/129", "10.0.0.256", "*"])("refuses %j in words", (raw) => {
    const result = parseTrustedProxies(`10.0.0.1,${raw}`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(JSON.stringify(raw));
  });

  it("matches addresses and ranges, IPv4-mapped IPv6 as IPv4", () => {
    const list = trustedProxyList(["10.0.0.0/24", "192.0.2.7", "fd00::/8"]);
    expect(isTrustedProxy("10.0.0.99", list)).toBe(true);
    expect(isTrustedProxy("::ffff:10.0.0.99", list)).toBe(true);
    expect(isTrustedProxy("10.0.1.1", list)).toBe(false);
    expect(isTrustedProxy("192.0.2.7", list)).toBe(true);
    expect(isTrustedProxy("fd12::1", list)).toBe(true);
    expect(isTrustedProxy("2001:db8::1", list)).toBe(false);
    expect(isTrustedProxy("not an address", list)).toBe(false);
    expect(plainAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
  });
});

describe("the X-Forwarded-For a request is handled with", () => {
  const trusted = trustedProxyList(["10.0.0.1"]);
  it("is the socket's address when the sender is not a trusted proxy, whatever it claims", () => {
    expect(forwardedForOf("::ffff:203.0.113.9", { "x-forwarded-for": "1.2.3.4" }, trusted)).toBe("203.0.113.9");
    expect(forwardedForOf("203.0.113.9", { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }, null)).toBe("203.0.113.9");
    expect(forwardedForOf(undefined, { "x-forwarded-for": "1.2.3.4" }, trusted)).toBeNull();
  });
  it("is the trusted proxy's chain, else its X-Real-IP, else the proxy itself", () => {
    expect(forwardedForOf("10.0.0.1", { "x-forwarded-for": "1.2.3.4, 198.51.100.2" }, trusted)).toBe("1.2.3.4, 198.51.100.2");
    expect(forwardedForOf("10.0.0.1", { "x-forwarded-for": ["1.2.3.4", "198.51.100.2"] }, trusted)).toBe("1.2.3.4, 198.51.100.2");
    expect(forwardedForOf("10.0.0.1", { "x-real-ip": "198.51.100.3" }, trusted)).toBe("198.51.100.3");
    expect(forwardedForOf("10.0.0.1", { "x-real-ip": "garbage" }, trusted)).toBe("10.0.0.1");
  });
});

describe("installClientAddressGuard", () => {
  it("rewrites every request of the process before its handler reads the headers", async () => {
    installClientAddressGuard({ BATON_TRUSTED_PROXIES: "127.0.0.2" });
    const server = http.createServer((request, response) => response.end(JSON.stringify({ forwarded: request.headers["x-forwarded-for"] ?? null, real: request.headers["x-real-ip"] ?? null })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const ask = (localAddress: string) =>
      new Promise<{ forwarded: string | null; real: string | null }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, localAddress, headers: { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" } }, (response) => {
            let text = "";
            response.on("data", (part: Buffer) => (text += part.toString()));
            response.on("end", () => resolve(JSON.parse(text)));
          })
          .on("error", reject);
      });
    try {
      expect(await ask("127.0.0.1")).toEqual({ forwarded: "127.0.0.1", real: null });
      expect(await ask("127.0.0.2")).toEqual({ forwarded: "1.2.3.4", real: "5.6.7.8" });
    } finally {
      server.close();
    }
  });
});
