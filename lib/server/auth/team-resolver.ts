/**
 * The team server's answer to "who is asking?" for requireAccess: a bearer token (`Authorization:
 * Bearer btn_…`) is looked up by its hash; otherwise the better-auth session cookie. A request that
 * carries a Baton token which does not resolve is refused outright (no falling back to a cookie), so a
 * revoked token never quietly acts as someone.
 */
import type { Actor } from "../../core/access/actor";
import { bearerToken, isTeamRole } from "../../core/auth/api-token";
import type { AccessRequest, TeamActorResolver } from "../access/require-access";
import type { Db } from "../db/client";
import { findTokenOwner } from "./tokens";

/** The session's user as better-auth returns it (only what is read here). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role?: unknown;
}

export type SessionLookup = (headers: Headers) => Promise<{ user: SessionUser } | null>;

function toHeaders(request: AccessRequest): Headers {
  if (request.headers instanceof Headers) return request.headers;
  const headers = new Headers();
  for (const name of ["cookie", "host", "origin", "user-agent", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

export function createTeamResolver(deps: { db: () => Db; session: SessionLookup }): TeamActorResolver {
  return async (request) => {
    const authorization = request.headers.get("authorization");
    if (authorization !== null && /^Bearer\s/i.test(authorization)) {
      const token = bearerToken(authorization);
      if (token === null) return null;
      const owner = await findTokenOwner(deps.db(), token);
      if (!owner) return null;
      const actor: Actor = { kind: "token", userId: owner.userId, email: owner.email, name: owner.name, role: owner.role, tokenId: owner.tokenId };
      return { actor, scopes: owner.scopes };
    }
    if (!request.headers.get("cookie")) return null;
    const found = await deps.session(toHeaders(request));
    if (!found) return null;
    const { user } = found;
    const actor: Actor = { kind: "user", userId: user.id, email: user.email, name: user.name, role: isTeamRole(user.role) ? user.role : "viewer", tokenId: null };
    return { actor, scopes: null };
  };
}
