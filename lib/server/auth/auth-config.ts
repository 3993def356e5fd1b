/**
 * The team server's sign-in settings, read from the environment (pure, so every path is tested):
 * - BATON_AUTH_SECRET signs session cookies (required; at least 32 characters);
 * - BATON_PUBLIC_URL is the address people use (`https://baton.example.com` behind a TLS proxy);
 *   without it, the address `baton serve` listens on. Cookies are `Secure` exactly when it is https;
 * - GitHub sign-in is offered only when both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set;
 * - BATON_TRUSTED_PROXIES names the reverse proxies whose `X-Forwarded-For` is believed
 *   (lib/server/web/client-address.ts); without it, no forwarded address is.
 */
import { parseTrustedProxies, TRUSTED_PROXIES_ENV } from "../web/client-address";

export const SESSION_COOKIE_PREFIX = "baton";
/** The session cookie's names (plain over http, `__Secure-` over https); proxy.ts looks for either. */
export const SESSION_COOKIE_NAMES = [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`] as const;
export const MIN_SECRET_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 10;

type Environment = Record<string, string | undefined>;

export interface AuthSettings {
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  github: { clientId: string; clientSecret: string } | null;
  /** BATON_TRUSTED_PROXIES: addresses and CIDR ranges of the proxies in front of the server. */
  trustedProxies: string[];
}

export type AuthSettingsResult = { ok: true; settings: AuthSettings } | { ok: false; error: string };

/** Why a secret is unusable, or null. */
export function secretProblem(secret: string | undefined): string | null {
  if (!secret) return "BATON_AUTH_SECRET is not set: the team server signs its session cookies with it (e.g. BATON_AUTH_SECRET=$(openssl rand -base64 32))";
  if (secret.length < MIN_SECRET_LENGTH) return `BATON_AUTH_SECRET is too short (${secret.length} characters): use at least ${MIN_SECRET_LENGTH} (e.g. openssl rand -base64 32)`;
  return null;
}

function publicUrl(env: Environment): { ok: true; url: string } | { ok: false; error: string } {
  const raw = env.BATON_PUBLIC_URL?.trim();
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, error: `BATON_PUBLIC_URL "${raw}" is not an address (write it as https://host[:port])` };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: `BATON_PUBLIC_URL must start with https:// or http://, not "${raw}"` };
    return { ok: true, url: url.origin };
  }
  const host = env.BATON_SERVE_HOST?.trim() || "127.0.0.1";
  const port = env.BATON_SERVE_PORT ?? env.PORT ?? "3000";
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return { ok: true, url: `http://${shownHost}:${port}` };
}

export function authSettingsFromEnv(env: Environment = process.env): AuthSettingsResult {
  const problem = secretProblem(env.BATON_AUTH_SECRET);
  if (problem) return { ok: false, error: problem };
  const url = publicUrl(env);
  if (!url.ok) return url;
  const proxies = parseTrustedProxies(env[TRUSTED_PROXIES_ENV]);
  if (!proxies.ok) return proxies;
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  const clientSecret = env.GITHUB_CLIENT_SECRET?.trim();
  return {
    ok: true,
    settings: {
      secret: env.BATON_AUTH_SECRET!,
      baseURL: url.url,
      secureCookies: url.url.startsWith("https://"),
      github: clientId && clientSecret ? { clientId, clientSecret } : null,
      trustedProxies: proxies.entries,
    },
  };
}

/** Whether the sign-in page shows the GitHub button (no secret needed to answer). */
export function githubSignInConfigured(env: Environment = process.env): boolean {
  return Boolean(env.GITHUB_CLIENT_ID?.trim() && env.GITHUB_CLIENT_SECRET?.trim());
}
