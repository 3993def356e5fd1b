/**
 * requireAccess for server-rendered pages: in single-user mode the local user; on the team server the
 * signed-in user, else a redirect to /sign-in with the page to come back to: `returnTo` when given, else
 * the page's own path and query (proxy.ts passes them on), so a revoked or expired session lands back
 * where it was. A page never renders team data for nobody.
 */
import { AppError } from "../app-error";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Actor } from "../../core/access/actor";
import { PAGE_PATH_HEADER, signInLocation } from "../../core/auth/team-gate";
import type { AccessScope } from "./access-scopes.data";
import { requireAccess } from "./require-access";

export async function requirePageActor(scope: AccessScope = "handoffs:read", returnTo?: string): Promise<Actor> {
  const requestHeaders = await headers();
  try {
    return await requireAccess({ method: "GET", headers: requestHeaders }, scope);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) redirect(signInLocation(returnTo ?? requestHeaders.get(PAGE_PATH_HEADER)));
    throw error;
  }
}
