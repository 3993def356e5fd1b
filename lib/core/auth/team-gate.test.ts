import { describe, expect, it } from "vitest";
import { safeReturnPath, signInLocation, teamGate } from "./team-gate";

const nobody = { search: "", hasSession: false, hasBearer: false };

describe("the team server's front door", () => {
  it("sends a page without a session to sign-in, with the way back", () => {
    expect(teamGate({ ...nobody, pathname: "/handoffs", search: "?q=a b" })).toEqual({ action: "sign-in", location: `/sign-in?next=${encodeURIComponent("/handoffs?q=a b")}` });
    expect(teamGate({ ...nobody, pathname: "/" })).toEqual({ action: "sign-in", location: "/sign-in" });
  });

  it("answers 401 to an API route without a session or token", () => {
    expect(teamGate({ ...nobody, pathname: "/api/handoffs" })).toEqual({ action: "unauthorized" });
    expect(teamGate({ ...nobody, pathname: "/api/handoffs", hasBearer: true })).toEqual({ action: "pass" });
    expect(teamGate({ ...nobody, pathname: "/handoffs", hasSession: true })).toEqual({ action: "pass" });
  });

  it("keeps sign-in, invitations, better-auth, health, assets and OTLP open", () => {
    for (const pathname of ["/sign-in", "/invite/inv_x", "/api/auth/sign-in/email", "/api/health", "/api/invitations/accept", "/_next/static/a.js", "/icon.svg", "/v1/logs", "/otlp/t/v1/logs"]) {
      expect(teamGate({ ...nobody, pathname })).toEqual({ action: "pass" });
    }
    expect(teamGate({ ...nobody, pathname: "/api/healthz" })).toEqual({ action: "unauthorized" });
    expect(teamGate({ ...nobody, pathname: "/sign-in-elsewhere" }).action).toBe("sign-in");
  });

  it("returns only to a path of this site", () => {
    expect(safeReturnPath("//evil.example/x")).toBe("/");
    expect(safeReturnPath("https://evil.example")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("/reviews?state=open")).toBe("/reviews?state=open");
    expect(safeReturnPath(null)).toBe("/");
  });

  it("builds the sign-in address a page with an expired session sends its reader to: its own path, without Next's cache key", () => {
    expect(signInLocation("/sources")).toBe("/sign-in?next=%2Fsources");
    expect(signInLocation("/handoffs?repo=x&_rsc=1a2b")).toBe(`/sign-in?next=${encodeURIComponent("/handoffs?repo=x")}`);
    expect(signInLocation("/?_rsc=1a2b")).toBe("/sign-in");
    expect(signInLocation("//evil.example/x")).toBe("/sign-in");
    expect(signInLocation(null)).toBe("/sign-in");
  });
});
