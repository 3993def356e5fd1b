/**
 * `requireAccess(request, scope)`: the first line of every route handler and server action. It checks
 * that the request came to an allowed host name (else 421) and, for a change, from this site (else 403);
 * proxy.ts runs the same check on every request before any route. Then it says who is asking: in
 * single-user mode the local user (who may do everything); on the team server (`serve --team`) the
 * signed-in user or the bearer token's owner, refused with 401 (nobody) or 403 (role or token scope too
 * narrow). The team resolver is registered by lib/server/auth, so this file stays free of auth imports.
 */
import { AppError } from "../app-error";
import { LOCAL_ACTOR, type Actor } from "../../core/access/actor";
import { checkRequest } from "../../core/web/request-guard";
import { accessPolicy } from "./access-policy";
import { ACCESS_SCOPES, everyTokenHolds, roleHolds, type AccessScope } from "./access-scopes.data";

/** The parts of a request the check reads (a Request, or a server action's method + headers). */
export interface AccessRequest {
  method: string;
  headers: Pick<Headers, "get">;
  /** The request's address: its host stands in for a missing Host header (HTTP/1.0, in-process calls). */
  url?: string;
}

/**
 * Who sent a request on the team server: the actor with the scopes its token allows (null: every scope
 * of its role), or null when the request carries no valid session or token.
 */
export type TeamActorResolver = (request: AccessRequest) => Promise<{ actor: Actor; scopes: readonly AccessScope[] | null } | null>;

/**
 * Kept on globalThis: Next bundles instrumentation.ts (which registers it) apart from the route
 * handlers and pages (which read it), each with its own copy of this module.
 */
const registry = globalThis as unknown as { batonTeamResolver?: TeamActorResolver | null };

/** Registered once by the team server's auth module (lib/server/auth). */
export function registerTeamActorResolver(resolver: TeamActorResolver | null): void {
  registry.batonTeamResolver = resolver;
}

/** Whether this process serves a team (sign-in required): `baton serve --team` sets BATON_TEAM=1. */
export function isTeamMode(env: Record<string, string | undefined> = process.env): boolean {
  return env.BATON_TEAM === "1";
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

/** Host and Origin only (421 / 403), with no word on who is asking. */
export function checkRequestOrigin(request: AccessRequest, scope: AccessScope): void {
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
  if (!verdict.ok) throw new AppError(verdict.status, verdict.reason);
}

export async function requireAccess(request: AccessRequest, scope: AccessScope): Promise<Actor> {
  checkRequestOrigin(request, scope);
  if (!isTeamMode() || ACCESS_SCOPES[scope].public) return LOCAL_ACTOR;
  const teamResolver = registry.batonTeamResolver ?? null;
  if (teamResolver === null) throw new AppError(401, "sign-in is not available on this server");
  const found = await teamResolver(request);
  if (found === null) throw new AppError(401, "sign in, or send Authorization: Bearer <token>");
  if (!roleHolds(found.actor.role, scope)) throw new AppError(403, `a ${found.actor.role} may not do this (${scope})`);
  if (found.scopes !== null && !found.scopes.includes(scope) && !everyTokenHolds(scope)) throw new AppError(403, `this token does not hold the scope ${scope}`);
  return found.actor;
}
