/** The better-auth instance as configured: GitHub only when set, no open sign-up, cookie attributes. */
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { createBatonAuth } from "./auth";
import { authSettingsFromEnv } from "./auth-config";

const SECRET = "s".repeat(40);
// The adapter only wraps the client; nothing here touches a database.
const noDb = {} as Db;

function settings(env: Record<string, string>) {
  const result = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, ...env });
  if (!result.ok) throw new Error(result.error);
  return result.settings;
}

describe("the better-auth configuration", () => {
  it("has a GitHub provider only when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set, and it creates no accounts", () => {
    expect(createBatonAuth(settings({}), noDb, "sqlite").options.socialProviders).toEqual({});
    const github = createBatonAuth(settings({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "gh" }), noDb, "postgresql").options.socialProviders;
    expect(github).toEqual({ github: expect.objectContaining({ clientId: "id", clientSecret: "gh", disableSignUp: true, disableImplicitSignUp: true }) });
  });

  it("has no open sign-up, and Secure cookies only behind https", () => {
    const local = createBatonAuth(settings({}), noDb, "sqlite").options;
    expect(local.emailAndPassword).toMatchObject({ enabled: true, disableSignUp: true });
    expect(local.advanced).toMatchObject({ useSecureCookies: false, defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: false } });
    const https = createBatonAuth(settings({ BATON_PUBLIC_URL: "https://baton.example.com" }), noDb, "sqlite").options;
    expect(https.advanced).toMatchObject({ useSecureCookies: true, defaultCookieAttributes: { secure: true } });
    expect(https.baseURL).toBe("https://baton.example.com");
  });
});
