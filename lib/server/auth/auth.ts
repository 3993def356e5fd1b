/**
 * The better-auth instance of the team server: email + password (accounts are created by an admin's
 * invitation or `baton user add`, never by open sign-up), GitHub when configured (it signs in people
 * who already have an account with the same verified email; it creates none), sessions in the database
 * through the Prisma adapter on the app's own client (SQLite in tests, PostgreSQL on the team server).
 * Only built on the team server: single-user mode never touches it.
 */
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { displayNameProblem } from "../../core/access/display-name";
import { formatHostName } from "../../core/web/host-names";
import { accessPolicy } from "../access/access-policy";
import { resolveDatabaseUrl } from "../db/database-url";
import { getDb, type Db } from "../db/client";
import { publish } from "../events/publish";
import { authSettingsFromEnv, MIN_PASSWORD_LENGTH, SESSION_COOKIE_PREFIX, type AuthSettings } from "./auth-config";
import { createSignInGuard } from "./sign-in-guard";

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
    // A session ended (sign-out, a password change that signs out the others, a revoke): its user's open
    // live streams check their credential again and end (lib/server/events/event-stream.ts).
    databaseHooks: {
      session: { delete: { after: async (session) => publish({ kind: "access", id: String(session.userId), version: 0 }) } },
      // A rename on the Account page (better-auth's update-user): no name teammates would read as themselves.
      user: {
        update: {
          before: async (user) => {
            const problem = typeof user.name === "string" ? displayNameProblem(user.name) : null;
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "NAME_READS_AS_READER" });
          },
        },
      },
    },
    advanced: {
      // The client's address (per-address sign-in limit, a session's recorded address): X-Forwarded-For,
      // which lib/server/web/client-address.ts sets from the socket unless a proxy named in
      // BATON_TRUSTED_PROXIES sent it; a chain is walked from the right past those proxies.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: settings.trustedProxies },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: settings.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: settings.secureCookies },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type BatonAuth = ReturnType<typeof createBatonAuth>;

const globalForAuth = globalThis as unknown as { batonAuth?: { key: string; auth: BatonAuth; guard: ReturnType<typeof createSignInGuard> } };

/** The process's instance (one per database and secret), or an error in words when it cannot exist. */
export function getAuth(): BatonAuth {
  const result = authSettingsFromEnv();
  if (!result.ok) throw new Error(result.error);
  const target = resolveDatabaseUrl();
  const key = [target.url, result.settings.secret, result.settings.baseURL, result.settings.github?.clientId ?? "", result.settings.trustedProxies.join(",")].join("\u0000");
  if (globalForAuth.batonAuth?.key !== key) {
    const guard = createSignInGuard({ db: getDb, trustedProxies: result.settings.trustedProxies });
    globalForAuth.batonAuth = { key, auth: createBatonAuth(result.settings, getDb(), target.provider), guard };
  }
  return globalForAuth.batonAuth.auth;
}

/** better-auth's routes, with Baton's per-account sign-in limit in front (sign-in-guard.ts). */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const auth = getAuth();
  return globalForAuth.batonAuth!.guard(request, (passed) => auth.handler(passed));
}
