import { AppError } from "../app-error";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildAccessPolicy, describeAllowedHosts } from "./access-policy";
import { LOCAL_ACTOR, type Actor } from "../../core/access/actor";
import { registerTeamActorResolver, requireAccess } from "./require-access";

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
  afterEach(() => {
    vi.unstubAllEnvs();
    registerTeamActorResolver(null);
  });

  function call(headers: Record<string, string>, method = "POST") {
    return requireAccess(new Request("http://127.0.0.1:3113/api/scan", { method, headers }), "scan:run");
  }

  it("refuses with an AppError carrying the status the route answers", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    vi.stubEnv("BATON_ALLOWED_HOSTS", "baton.test");
    await expect(call({ host: "127.0.0.1:3113" })).resolves.toEqual(LOCAL_ACTOR);
    await expect(call({ host: "127.0.0.1:3113", origin: "http://127.0.0.1:3113" })).resolves.toEqual(LOCAL_ACTOR);
    await expect(call({ host: "baton.test:3113", origin: "http://baton.test:3113" })).resolves.toEqual(LOCAL_ACTOR);
    await expect(call({ host: "evil.example:3113" })).rejects.toMatchObject({ status: 421 });
    await expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" })).rejects.toMatchObject({ status: 403 });
    await expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" })).rejects.toBeInstanceOf(AppError);
  });

  it("checks Origin for a scope that changes something, even on a GET", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    await expect(call({ host: "127.0.0.1:3113", origin: "http://evil.example" }, "GET")).rejects.toMatchObject({ status: 403 });
    await expect(requireAccess(new Request("http://x/api/health", { headers: { host: "localhost:3113", origin: "http://evil.example" } }), "health:read")).resolves.toBeDefined();
  });

  it("without a Host header (HTTP/1.0, a handler called in-process) the address's host is checked", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    await expect(requireAccess(new Request("http://127.0.0.1:3113/api/handoffs"), "handoffs:read")).resolves.toBeDefined();
    await expect(requireAccess(new Request("http://evil.example:3113/api/handoffs"), "handoffs:read")).rejects.toMatchObject({ status: 421 });
    await expect(requireAccess({ method: "GET", headers: new Headers() }, "handoffs:read")).rejects.toMatchObject({ status: 421 });
  });

  it("reads the environment again when it changes", async () => {
    vi.stubEnv("BATON_SERVE_PORT", "3113");
    await expect(call({ host: "other.test:3113" })).rejects.toBeInstanceOf(AppError);
    vi.stubEnv("BATON_ALLOWED_HOSTS", "other.test");
    await expect(call({ host: "other.test:3113" })).resolves.toBeDefined();
  });

  describe("on the team server", () => {
    const member: Actor = { kind: "token", userId: "u1", email: "m@example.test", name: "M", role: "member", tokenId: "t1" };
    const viewer: Actor = { ...member, role: "viewer" };
    const read = () => requireAccess(new Request("http://127.0.0.1:3113/api/handoffs", { headers: { host: "127.0.0.1:3113" } }), "handoffs:read");

    it("answers 401 to nobody, and health stays public", async () => {
      vi.stubEnv("BATON_SERVE_PORT", "3113");
      vi.stubEnv("BATON_TEAM", "1");
      await expect(read()).rejects.toMatchObject({ status: 401 });
      registerTeamActorResolver(async () => null);
      await expect(read()).rejects.toMatchObject({ status: 401 });
      await expect(requireAccess(new Request("http://127.0.0.1:3113/api/health"), "health:read")).resolves.toEqual(LOCAL_ACTOR);
    });

    it("returns the actor whose role holds the scope, else 403; a token's scopes narrow its role", async () => {
      vi.stubEnv("BATON_SERVE_PORT", "3113");
      vi.stubEnv("BATON_TEAM", "1");
      registerTeamActorResolver(async () => ({ actor: member, scopes: null }));
      await expect(read()).resolves.toEqual(member);
      await expect(call({ host: "127.0.0.1:3113" })).resolves.toEqual(member);
      registerTeamActorResolver(async () => ({ actor: viewer, scopes: null }));
      await expect(call({ host: "127.0.0.1:3113" })).rejects.toMatchObject({ status: 403 });
      registerTeamActorResolver(async () => ({ actor: member, scopes: ["handoffs:read"] }));
      await expect(read()).resolves.toEqual(member);
      await expect(call({ host: "127.0.0.1:3113" })).rejects.toMatchObject({ status: 403 });
    });
  });
});
