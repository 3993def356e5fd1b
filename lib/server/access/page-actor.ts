/**
 * requireAccess for server-rendered pages: in single-user mode the local user; on the team server the
 * signed-in user, else a redirect to /sign-in (with the page to come back to). A page never renders
 * team data for nobody.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Actor } from "../../core/access/actor";
import type { AccessScope } from "./access-scopes.data";
import { AccessError, requireAccess } from "./require-access";

export async function requirePageActor(scope: AccessScope = "handoffs:read", returnTo?: string): Promise<Actor> {
  try {
    return await requireAccess({ method: "GET", headers: await headers() }, scope);
  } catch (error) {
    if (error instanceof AccessError && error.status === 401) {
      redirect(returnTo ? `/sign-in?next=${encodeURIComponent(returnTo)}` : "/sign-in");
    }
    throw error;
  }
}
