import { describe, expect, it } from "vitest";
import { bearerToken, hashToken, isTeamRole, looksLikeToken, newToken, parseExpiry, parseStoredScopes, sameHash, tokenPrefix, tokenState } from "./api-token";

describe("personal API tokens", () => {
  it("makes a btn_ token whose hash and prefix are what is stored", () => {
    const made = newToken();
    expect(made.token).toMatch(/^btn_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.token.slice(0, 8));
    expect(made.prefix).toMatch(/^btn_.{4}$/);
    expect(made.hash).toBe(hashToken(made.token));
    expect(made.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(made.hash).not.toContain(made.token.slice(4));
    expect(newToken().token).not.toBe(made.token);
  });

  it("hashes deterministically and compares hashes in constant time", () => {
    const fixed = newToken(() => Buffer.alloc(32, 7));
    expect(fixed.token).toBe(`btn_${Buffer.alloc(32, 7).toString("base64url")}`);
    expect(hashToken(fixed.token)).toBe(fixed.hash);
    expect(sameHash(fixed.hash, hashToken(fixed.token))).toBe(true);
    expect(sameHash(fixed.hash, hashToken(`${fixed.token}x`))).toBe(false);
    expect(sameHash("", "")).toBe(false);
    expect(tokenPrefix(fixed.token)).toBe(fixed.token.slice(0, 8));
  });

  it("reads only Baton tokens from a Bearer header", () => {
    const { token } = newToken();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer   ${token} `)).toBe(token);
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken(`Basic ${token}`)).toBeNull();
    expect(bearerToken("Bearer btn_short")).toBeNull();
    expect(bearerToken(`Bearer ${token} extra`)).toBeNull();
    expect(looksLikeToken(`${token}=`)).toBe(false);
  });

  it("says whether a token is active, expired or revoked", () => {
    const now = new Date("2026-12-02T10:00:00Z");
    expect(tokenState({ expiresAt: null, revokedAt: null }, now)).toBe("active");
    expect(tokenState({ expiresAt: new Date("2026-12-02T10:00:01Z"), revokedAt: null }, now)).toBe("active");
    expect(tokenState({ expiresAt: now, revokedAt: null }, now)).toBe("expired");
    expect(tokenState({ expiresAt: null, revokedAt: new Date("2026-12-01T00:00:00Z") }, now)).toBe("revoked");
  });

  it("parses expiries in words and refuses the rest", () => {
    const now = new Date("2026-12-02T00:00:00Z");
    expect(parseExpiry("30d", now)).toEqual({ ok: true, expiresAt: new Date("2027-01-01T00:00:00Z") });
    expect(parseExpiry("12h", now)).toEqual({ ok: true, expiresAt: new Date("2026-12-02T12:00:00Z") });
    expect(parseExpiry("never", now)).toEqual({ ok: true, expiresAt: null });
    expect(parseExpiry("0d", now).ok).toBe(false);
    expect(parseExpiry("6y", now).ok).toBe(false);
    const bad = parseExpiry("soon", now);
    expect(bad.ok === false && bad.error).toContain("30d");
  });

  it("reads the stored scopes totally", () => {
    expect(parseStoredScopes('["reviews:read"]')).toEqual({ scopes: ["reviews:read"], valid: true });
    expect(parseStoredScopes("[]")).toEqual({ scopes: [], valid: true });
    expect(parseStoredScopes("{")).toEqual({ scopes: [], valid: false });
    expect(parseStoredScopes("[1]")).toEqual({ scopes: [], valid: false });
    expect(isTeamRole("viewer")).toBe(true);
    expect(isTeamRole("owner")).toBe(false);
  });
});
