import { describe, expect, it } from "vitest";
import { loopbackHosts, parseAllowedHostList } from "./host-names";
import { checkRequest, isMutation, type GuardedRequest, type GuardPolicy } from "./request-guard";

const listed = parseAllowedHostList("baton.lan,public.example:443").hosts;
const policy: GuardPolicy = { hosts: [...loopbackHosts(3113), ...listed], origins: listed };

function request(overrides: Partial<GuardedRequest>): GuardedRequest {
  return { method: "GET", host: "127.0.0.1:3113", forwardedHost: null, origin: null, secFetchSite: null, ...overrides };
}

describe("checkRequest: Host (DNS rebinding)", () => {
  it.each([
    ["127.0.0.1:3113", 200],
    ["localhost:3113", 200],
    ["[::1]:3113", 200],
    ["baton.lan:3113", 200],
    ["evil.example:3113", 421],
    ["127.0.0.1:3114", 421],
    ["[::2]:3113", 421],
    [null, 421],
    ["", 421],
  ])("GET with Host %j → %s", (host, status) => {
    const verdict = checkRequest(request({ host }), policy);
    expect(verdict.ok ? 200 : verdict.status).toBe(status);
  });

  it("also refuses a reads' foreign Host (a rebinding page reads, it need not write)", () => {
    const verdict = checkRequest(request({ host: "evil.example:3113", origin: "http://evil.example:3113" }), policy);
    expect(verdict).toMatchObject({ ok: false, status: 421 });
    expect(!verdict.ok && verdict.reason).toContain('"evil.example:3113"');
  });

  it("checks a forwarded host too (the name the browser used behind a proxy)", () => {
    expect(checkRequest(request({ forwardedHost: "public.example" }), policy).ok).toBe(true);
    expect(checkRequest(request({ forwardedHost: "evil.example, public.example" }), policy)).toMatchObject({ status: 421 });
  });
});

describe("checkRequest: Origin on changes (CSRF)", () => {
  it.each([
    // [method, origin, sec-fetch-site, expected]
    ["POST", null, null, 200],
    ["POST", "http://127.0.0.1:3113", "same-origin", 200],
    ["POST", "http://127.0.0.1:3113/", null, 403],
    ["DELETE", "http://127.0.0.1:3113", null, 200],
    ["POST", "http://localhost:3113", null, 403],
    ["POST", "http://evil.example", "cross-site", 403],
    ["POST", "http://evil.example", null, 403],
    ["PUT", "http://127.0.0.1:8080", "same-site", 403],
    // Same host and port: only this server can answer there, whatever the scheme (as Next's own check).
    ["PATCH", "https://127.0.0.1:3113", null, 200],
    ["POST", "null", null, 403],
    ["POST", "file://", null, 403],
    ["POST", "http://user@127.0.0.1:3113", null, 403],
    ["POST", null, "cross-site", 403],
    ["POST", null, "same-site", 403],
    ["POST", null, "none", 200],
    ["POST", "http://127.0.0.1:3113", "cross-site", 403],
    ["POST", "http://baton.lan:3113", null, 200],
    ["POST", "https://public.example", null, 200],
    ["POST", "http://public.example", null, 403],
    ["GET", "http://evil.example", "cross-site", 200],
    ["HEAD", "http://evil.example", null, 200],
    ["OPTIONS", "http://evil.example", null, 200],
    ["PROPFIND", "http://evil.example", null, 403],
  ])("%s Origin %j Sec-Fetch-Site %j → %s", (method, origin, secFetchSite, status) => {
    const verdict = checkRequest(request({ method, origin, secFetchSite }), policy);
    expect(verdict.ok ? 200 : verdict.status).toBe(status);
  });

  it("IPv6 loopback: an Origin naming the Host it was sent to is ours", () => {
    expect(checkRequest(request({ method: "POST", host: "[::1]:3113", origin: "http://[::1]:3113" }), policy).ok).toBe(true);
    expect(checkRequest(request({ method: "POST", host: "[::1]:3113", origin: "http://[::1]:3114" }), policy)).toMatchObject({ status: 403 });
  });

  it("default ports: Origin http://localhost is Host localhost (port 80)", () => {
    const onPort80: GuardPolicy = { hosts: loopbackHosts(80), origins: [] };
    expect(checkRequest(request({ method: "POST", host: "localhost", origin: "http://localhost" }), onPort80).ok).toBe(true);
    expect(checkRequest(request({ method: "POST", host: "localhost:80", origin: "http://localhost" }), onPort80).ok).toBe(true);
    // A TLS proxy that keeps the Host sends no port: the Origin's scheme says which default it is.
    expect(checkRequest(request({ method: "POST", host: "localhost", origin: "https://localhost" }), onPort80).ok).toBe(true);
    expect(checkRequest(request({ method: "POST", host: "localhost", origin: "http://localhost:8080" }), onPort80)).toMatchObject({ status: 403 });
  });

  it("a scope that changes something checks Origin whatever the method", () => {
    expect(checkRequest(request({ method: "GET", origin: "http://evil.example" }), policy, { mutates: true })).toMatchObject({ status: 403 });
  });

  it("names the refused value printable and short", () => {
    const verdict = checkRequest(request({ method: "POST", origin: `http://${"a".repeat(200)}\u0007.example` }), policy);
    expect(!verdict.ok && verdict.reason.length).toBeLessThan(140);
    expect(!verdict.ok && verdict.reason).not.toContain("\u0007");
  });
});

describe("isMutation", () => {
  it.each([["GET", false], ["head", false], ["OPTIONS", false], ["POST", true], ["put", true], ["PATCH", true], ["DELETE", true]])("%s → %s", (method, expected) => {
    expect(isMutation(method)).toBe(expected);
  });
});
