import { afterEach, describe, expect, it, vi } from "vitest";
import { buildAccessPolicy, describeAllowedHosts } from "./access-policy";
import { AccessError, requireAccess } from "./require-access";

describe("buildAccessPolicy", () => {
  const machine = () => ["my-laptop", "192.168.1.20", "[fd00::20]"];

  it("allows the loopback names on the serving port", () => {
    expect(describeAllowedHosts({ ...buildAccessPolicy({ BATON_SERVE_PORT: "3113" }, machine) })).toEqual(["localhost:3113", "127.0.0.1:3113", "[::1]:3113"]);
  });

  it("falls back to PORT, and to any port when none is known", () => {
    expect(describeAllowedHosts(buildAccessPolicy({ PORT: "4000" }, machine))[0]).toBe("localhost:4000");
    expect(describeAllowedHosts(buildAccessPolicy({}, machine))).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  it("adds serve's --host (on its port) and BATON_ALLOWED_HOSTS, which are also allowed origins", () => {
    const policy = buildAccessPolicy({ BATON_SERVE_PORT: "3000", BATON_SERVE_HOST: "192.168.1.20", BATON_ALLOWED_HOSTS: "baton.lan, proxy.example:443, not a host" }, machine);
    expect(describeAllowedHosts(policy)).toEqual(["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000", "baton.lan", "proxy.example:443"]);
    expect(policy.origins.map((host) => host.hostname)).toEqual(["192.168.1.20", "baton.lan", "proxy.example"]);
    expect(policy.invalid).toEqual(["not a host"]);
  });

  it.each(["0.0.0.0", "::"])("a wildcard --host %s stands for the machine's own names", (host) => {
    const policy = buildAccessPolicy({ BATON_SERVE_PORT: "3000", BATON_SERVE_HOST: host }, machine);
    expect(describeAllowedHosts(policy).slice(3)).toEqual(["my-laptop:3000", "192.168.1.20:3000", "[fd00::20]:3000"]);
  });
});

describe("requireAccess", () => {
  afterEach(() => vi.unstubAllEnvs());

  function call(headers: Record<string, string>, method = "POST") {
    return () => requireAccess(new Request("http://127.0.0.1:3113/api/scan", { method, headers }), "scan:run");
  }

  it("throws an AccessError with the status the route answers", () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    vi.stubEnv("BATON_ALLOWED_HOSTS", "baton.test");
    expect(call({ host: "127.0.0.1:3113" })).not.toThrow();
    expect(call({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" })).not.toThrow();
    expect(call({ host: "baton.test:3113", origin: "http://baton.test:3113" })).not.toThrow();
    expect(call({ host: "evil.example:3113" })).toThrow(expect.objectContaining({ status: 421 }));
    expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" })).toThrow(expect.objectContaining({ status: 403 }));
    expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" })).toThrow(AccessError);
  });

  it("checks Origin for a scope that changes something, even on a GET", () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" }, "GET")).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => requireAccess(new Request("http://x/api/health", { headers: { host: "localhost:3113", origin: "http://evil.example" } }), "health:read")).not.toThrow();
  });

  it("without a Host header (HTTP/1.0, a handler called in-process) the address's host is checked", () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    expect(() => requireAccess(new Request("http://127.0.0.1:3113/api/handoffs"), "handoffs:read")).not.toThrow();
    expect(() => requireAccess(new Request("http://evil.example:3113/api/handoffs"), "handoffs:read")).toThrow(expect.objectContaining({ status: 421 }));
    expect(() => requireAccess({ method: "GET", headers: new Headers() }, "handoffs:read")).toThrow(expect.objectContaining({ status: 421 }));
  });

  it("reads the environment again when it changes", () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    expect(call({ host: "other.test:3113" })).toThrow(AccessError);
    vi.stubEnv("BATON_ALLOWED_HOSTS", "other.test");
    expect(call({ host: "other.test:3113" })).not.toThrow();
  });
});
