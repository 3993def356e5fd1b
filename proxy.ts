/**
 * Runs before every route, page, server action and asset (SECURITY.md):
 * 1. a request to a host name this server does not answer to is refused (421), and a change sent from
 *    another site (foreign Origin / Sec-Fetch-Site) is refused (403): DNS rebinding and CSRF;
 * 2. a path that does not decode (`/handoffs/%ff%fe`) is a 404, not Next's bare 500;
 * 3. every response gets a fresh CSP nonce and the security headers (lib/core/web/security-headers.ts).
 * Route handlers and server actions repeat check 1 through requireAccess, so moving a route never
 * leaves it unguarded.
 *
 * Not run for the routes that take large bodies (`config.matcher` below): `/api/push` (up to 64 MB)
 * and the OTLP receivers (`/v1/*`, `/otlp/<token>/*`, 5 MB). For a request the proxy runs on, Next
 * first copies the body and cuts it at 10 MB (`proxyClientMaxBodySize`), printing a warning with the
 * address: a push past 10 MB arrived cut, and an OTLP path token reached the log. Those routes check
 * host, origin and credential themselves (requireAccess) and count their own body limit as it arrives.
 */
import { NextResponse, type NextRequest } from "next/server";
import { PAGE_PATH_HEADER, teamGate } from "@/lib/core/auth/team-gate";
import { isDecodablePath } from "@/lib/core/web/decodable-path";
import { checkRequest } from "@/lib/core/web/request-guard";
import { contentSecurityPolicy, createNonce, SECURITY_HEADERS } from "@/lib/core/web/security-headers";
import { accessPolicy } from "@/lib/server/access/access-policy";
import { isTeamMode, requestHost } from "@/lib/server/access/require-access";
import { SESSION_COOKIE_NAMES } from "@/lib/server/auth/auth-config";

/** Where an undecodable page address is sent: a path no route matches, so Next renders not-found. */
const UNDECODABLE_PAGE = "/_baton/undecodable-address";

function withSecurityHeaders(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  for (const header of SECURITY_HEADERS) response.headers.set(header.key, header.value);
  return response;
}

function refuse(request: NextRequest, status: number, message: string, policy: string): NextResponse {
  const isApi = request.nextUrl.pathname.startsWith("/api/");
  const response = isApi
    ? NextResponse.json({ error: message }, { status })
    : new NextResponse(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return withSecurityHeaders(response, policy);
}

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = contentSecurityPolicy({ nonce, isDevelopment: process.env.NODE_ENV === "development" });
  const verdict = checkRequest(
    {
      method: request.method,
      host: requestHost(request),
      forwardedHost: request.headers.get("x-forwarded-host"),
      origin: request.headers.get("origin"),
      secFetchSite: request.headers.get("sec-fetch-site"),
    },
    accessPolicy(),
  );
  if (!verdict.ok) {
    const hint = verdict.status === 421 ? " (to allow a name, add it to BATON_ALLOWED_HOSTS; see docs/cli.md)" : "";
    return refuse(request, verdict.status, `${verdict.reason}${hint}`, policy);
  }
  // Next reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  // Where a page sends its reader back to after signing in (set here, never taken from the client).
  requestHeaders.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  if (!isDecodablePath(request.nextUrl.pathname)) {
    if (request.nextUrl.pathname.startsWith("/api/")) return refuse(request, 404, "not found: the address is not valid percent-encoded UTF-8", policy);
    // A page address: the app's own not-found page (no route matches this path), with its 404.
    return withSecurityHeaders(NextResponse.rewrite(new URL(UNDECODABLE_PAGE, request.url), { request: { headers: requestHeaders } }), policy);
  }
  if (isTeamMode()) {
    // 4. the team server's front door (lib/core/auth/team-gate.ts): no credential, no page.
    const gate = teamGate({
      pathname: request.nextUrl.pathname,
      search: request.nextUrl.search,
      hasSession: SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name)),
      hasBearer: /^Bearer\s/i.test(request.headers.get("authorization") ?? ""),
    });
    if (gate.action === "unauthorized") return refuse(request, 401, "sign in, or send Authorization: Bearer <token>", policy);
    if (gate.action === "sign-in") return withSecurityHeaders(NextResponse.redirect(new URL(gate.location, request.url), 307), policy);
  }
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), policy);
}

/** Every path but the large-body routes (see the top of this file). */
export const config = {
  matcher: ["/((?!api/push|v1/|otlp/).*)"],
};
