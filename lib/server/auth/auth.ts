/**
 * The better-auth instance of the team server: email + password (accounts are created by an admin's
 * invitation or `baton user add`, never by open sign-up), GitHub when configured (it signs in people
 * who already have an account with the same verified email; it creates none), sessions in the database
 * through the Prisma adapter on the app's own client (SQLite in tests, PostgreSQL on the team server).
 * Only built on the team server: single-user mode never touches it.
 */
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { formatHostName } from "../../core/web/host-names";
import { accessPolicy } from "../access/access-policy";
import { resolveDatabaseUrl } from "../db/database-url";
import { getDb, type Db } from "../db/client";
import { authSettingsFromEnv, MIN_PASSWORD_LENGTH, SESSION_COOKIE_PREFIX, type AuthSettings } from "./auth-config";

/** Every origin a page of this server may be served from: the public address and the allowed names. */
function trustedOrigins(settings: AuthSettings): string[] {
  const origins = new Set<string>([settings.baseURL]);
  for (const host of accessPolicy().hosts) {
    const name = formatHostName({ ...host, port: null });
    const suffix = host.port === null ? ":*" : `:${host.port}`;
    origins.add(`http://${name}${suffix}`);
    origins.add(`https://${name}${suffix}`);
    if (host.port === null) {
      origins.add(`http://${name}`);
      origins.add(`https://${name}`);
    }
  }
  return [...origins];
}

export function createBatonAuth(settings: AuthSettings, db: Db, provider: "sqlite" | "postgresql") {
  return betterAuth({
    appName: "Baton",
    secret: settings.secret,
    baseURL: settings.baseURL,
    basePath: "/api/auth",
    trustedOrigins: trustedOrigins(settings),
    database: prismaAdapter(db, { provider }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: 256 },
    socialProviders: settings.github
      ? { github: { clientId: settings.github.clientId, clientSecret: settings.github.clientSecret, disableSignUp: true, disableImplicitSignUp: true } }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ["github"] } },
    user: { additionalFields: { role: { type: "string", required: false, defaultValue: "member", input: false } } },
    // No cookie cache: a changed role or a removed member takes effect on the next request.
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: settings.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: settings.secureCookies },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type BatonAuth = ReturnType<typeof createBatonAuth>;

const globalForAuth = globalThis as unknown as { batonAuth?: { key: string; auth: BatonAuth } };

/** The process's instance (one per database and secret), or an error in words when it cannot exist. */
export function getAuth(): BatonAuth {
  const result = authSettingsFromEnv();
  if (!result.ok) throw new Error(result.error);
  const target = resolveDatabaseUrl();
  const key = [target.url, result.settings.secret, result.settings.baseURL, result.settings.github?.clientId ?? ""].join("\u0000");
  if (globalForAuth.batonAuth?.key !== key) globalForAuth.batonAuth = { key, auth: createBatonAuth(result.settings, getDb(), target.provider) };
  return globalForAuth.batonAuth.auth;
}
