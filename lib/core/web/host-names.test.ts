import { describe, expect, it } from "vitest";
import { isAllowedHost, isLoopbackHost, isWildcardHost, loopbackHosts, parseAllowedHostList, parseHostName } from "./host-names";

describe("parseHostName", () => {
  it.each([
    ["localhost", { hostname: "localhost", port: null }],
    ["LocalHost:3000", { hostname: "localhost", port: 3000 }],
    ["127.0.0.1:80", { hostname: "127.0.0.1", port: 80 }],
    ["127.1", { hostname: "127.0.0.1", port: null }],
    ["[::1]:3113", { hostname: "[::1]", port: 3113 }],
    ["::1", { hostname: "[::1]", port: null }],
    ["[0:0:0:0:0:0:0:1]", { hostname: "[::1]", port: null }],
    ["baton.lan", { hostname: "baton.lan", port: null }],
    [" baton.lan:8443 ", { hostname: "baton.lan", port: 8443 }],
  ])("%j → %j", (text, expected) => {
    expect(parseHostName(text)).toEqual(expected);
  });

  it.each(["", "evil.example/@localhost", "user@localhost", "localhost:0", "localhost:70000", "local host", "[::1", "http://localhost", "localhost:", "a:b:c:d"])("%j is not a host", (text) => {
    expect(parseHostName(text)).toBeNull();
  });
});

describe("isAllowedHost", () => {
  const allowed = [...loopbackHosts(3113), ...parseAllowedHostList("baton.lan, proxy.example:8443").hosts];
  it.each([
    ["127.0.0.1:3113", true],
    ["localhost:3113", true],
    ["[::1]:3113", true],
    ["LOCALHOST:3113", true],
    ["127.0.0.1:3000", false],
    ["127.0.0.1", false],
    ["evil.example:3113", false],
    ["localhost.evil.example:3113", false],
    ["localhost.:3113", false],
    ["baton.lan", true],
    ["baton.lan:9999", true],
    ["proxy.example:8443", true],
    ["proxy.example", false],
    ["proxy.example:443", false],
    [null, false],
    ["", false],
  ])("Host %j → %s", (header, expected) => {
    expect(isAllowedHost(header, allowed)).toBe(expected);
  });

  it("a Host without a port is the default port: it matches an entry on 80 or 443", () => {
    expect(isAllowedHost("localhost", loopbackHosts(80))).toBe(true);
    expect(isAllowedHost("baton.example", parseAllowedHostList("baton.example:443").hosts)).toBe(true);
    expect(isAllowedHost("baton.example", parseAllowedHostList("baton.example:8080").hosts)).toBe(false);
  });

  it("with no known port the loopback names match on any port", () => {
    expect(isAllowedHost("localhost:1234", loopbackHosts(null))).toBe(true);
    expect(isAllowedHost("evil.example:1234", loopbackHosts(null))).toBe(false);
  });
});

describe("parseAllowedHostList", () => {
  it("reads host and host:port entries and reports the rest", () => {
    expect(parseAllowedHostList(" a.lan ,, b.lan:81 , [fd00::1]:3000, http://c.lan, d e")).toEqual({
      hosts: [
        { hostname: "a.lan", port: null },
        { hostname: "b.lan", port: 81 },
        { hostname: "[fd00::1]", port: 3000 },
      ],
      invalid: ["http://c.lan", "d e"],
    });
    expect(parseAllowedHostList(undefined)).toEqual({ hosts: [], invalid: [] });
  });
});

describe("loopback and wildcard binds", () => {
  it.each([
    ["127.0.0.1", true, false],
    ["127.0.1.1", true, false],
    ["localhost", true, false],
    ["::1", true, false],
    ["[::1]", true, false],
    ["0.0.0.0", false, true],
    ["::", false, true],
    ["[::]", false, true],
    ["192.168.1.20", false, false],
    ["fd00::5", false, false],
    ["my-laptop.local", false, false],
    ["localhost.evil.example", false, false],
  ])("%j: loopback %s, wildcard %s", (host, loopback, wildcard) => {
    expect(isLoopbackHost(host)).toBe(loopback);
    expect(isWildcardHost(host)).toBe(wildcard);
  });
});
