/**
 * `requireAccess(request, scope)`: the first line of every route handler and server action. Today it
 * checks that the request came to an allowed host name (else 421) and, for a change, from this site
 * (else 403); proxy.ts runs the same check on every request before any route. The team server grows
 * it into sign-in and role checks (401/403) without changing its callers.
 */
import { checkRequest } from "../../core/web/request-guard";
import { accessPolicy } from "./access-policy";
import { ACCESS_SCOPES, type AccessScope } from "./access-scopes.data";

/** Thrown when a request may not go on; the route wrapper answers `status` with `message`. */
export class AccessError extends Error {
  constructor(
    readonly status: 401 | 403 | 421,
    message: string,
  ) {
    super(message);
    this.name = "AccessError";
  }
}

/** The parts of a request the check reads (a Request, or a server action's method + headers). */
export interface AccessRequest {
  method: string;
  headers: Pick<Headers, "get">;
  /** The request's address: its host stands in for a missing Host header (HTTP/1.0, in-process calls). */
  url?: string;
}

/** The Host header, else the host of the request's address (a browser always sends Host). */
export function requestHost(request: AccessRequest): string | null {
  const header = request.headers.get("host");
  if (header !== null || request.url === undefined) return header;
  try {
    return new URL(request.url).host || null;
  } catch {
    return null;
  }
}

export function requireAccess(request: AccessRequest, scope: AccessScope): void {
  const { headers } = request;
  const verdict = checkRequest(
    {
      method: request.method,
      host: requestHost(request),
      forwardedHost: headers.get("x-forwarded-host"),
      origin: headers.get("origin"),
      secFetchSite: headers.get("sec-fetch-site"),
    },
    accessPolicy(),
    { mutates: ACCESS_SCOPES[scope].mutates || undefined },
  );
  if (!verdict.ok) throw new AccessError(verdict.status, verdict.reason);
}
