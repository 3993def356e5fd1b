import { describe, expect, it } from "vitest";
import { authSettingsFromEnv, githubSignInConfigured, secretProblem } from "./auth-config";

const SECRET = "s".repeat(40);

describe("team sign-in settings", () => {
  it("refuses without a secret, or with a short one, in one line", () => {
    const missing = authSettingsFromEnv({});
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toMatch(/^BATON_AUTH_SECRET is not set/);
    expect(secretProblem("short")).toMatch(/too short \(5 characters\)/);
    expect(secretProblem(SECRET)).toBeNull();
  });

  it("enables GitHub only when both its id and secret are set", () => {
    const without = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET });
    expect(without.ok && without.settings.github).toBeNull();
    const half = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, GITHUB_CLIENT_ID: "id" });
    expect(half.ok && half.settings.github).toBeNull();
    expect(githubSignInConfigured({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: " " })).toBe(false);
    const both = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "gh-secret" });
    expect(both.ok && both.settings.github).toEqual({ clientId: "id", clientSecret: "gh-secret" });
    expect(githubSignInConfigured({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "gh-secret" })).toBe(true);
  });

  it("makes cookies Secure exactly when the public address is https", () => {
    const https = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, BATON_PUBLIC_URL: "https://baton.example.com/" });
    expect(https.ok && https.settings).toMatchObject({ baseURL: "https://baton.example.com", secureCookies: true });
    const served = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, BATON_SERVE_HOST: "10.0.0.5", BATON_SERVE_PORT: "8080" });
    expect(served.ok && served.settings).toMatchObject({ baseURL: "http://10.0.0.5:8080", secureCookies: false });
    const bad = authSettingsFromEnv({ BATON_AUTH_SECRET: SECRET, BATON_PUBLIC_URL: "ftp://x" });
    expect(bad.ok).toBe(false);
  });
});
