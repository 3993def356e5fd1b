/**
 * The team server's front door, run by proxy.ts on every request before any page or route: a request
 * with neither a session cookie nor a bearer token is sent to sign in (a page) or answered 401 (an API
 * route). Only the presence of a credential is checked here; whether it is valid, and what its role
 * may do, is requireAccess's job in the page or route itself. Open without one: the sign-in and
 * invitation pages, better-auth's routes, the health check, static assets, and the OTLP receivers
 * (`/v1/*`, `/otlp/*`), which check their own token.
 */
export type GateVerdict = { action: "pass" } | { action: "sign-in"; location: string } | { action: "unauthorized" };

const OPEN_EXACT = new Set(["/sign-in", "/api/health", "/api/invitations/accept", "/favicon.ico", "/icon.svg", "/robots.txt"]);
const OPEN_PREFIXES = ["/api/auth/", "/api/hooks/", "/invite/", "/_next/", "/v1/", "/otlp/"];

export function isOpenPath(pathname: string): boolean {
  return OPEN_EXACT.has(pathname) || OPEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Where to come back to after signing in: a path of this site only (never `//evil.example`). */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\r\n]/.test(next)) return "/";
  return next;
}

/** The request header proxy.ts sets to the page's own path and query, for a page that must send its reader to sign in. */
export const PAGE_PATH_HEADER = "x-baton-page";

/** The sign-in page that comes back to `pathAndSearch` (a path of this site only; Next's `_rsc` cache key dropped). */
export function signInLocation(pathAndSearch: string | null | undefined): string {
  let back = safeReturnPath(pathAndSearch);
  if (back.includes("_rsc=")) {
    const url = new URL(back, "http://baton.invalid");
    url.searchParams.delete("_rsc");
    back = `${url.pathname}${url.search}`;
  }
  return back === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(back)}`;
}

export function teamGate(request: { pathname: string; search: string; hasSession: boolean; hasBearer: boolean }): GateVerdict {
  if (isOpenPath(request.pathname) || request.hasSession || request.hasBearer) return { action: "pass" };
  if (request.pathname.startsWith("/api/")) return { action: "unauthorized" };
  return { action: "sign-in", location: signInLocation(`${request.pathname}${request.search}`) };
}
