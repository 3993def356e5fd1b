/**
 * requireAccess for server actions: they are POSTs to the page's own address, so the same Host and
 * Origin check applies. Next's own action check compares Origin with Host, which a DNS-rebinding page
 * passes (both name the attacker's host): only the host-name list stops that, here and in proxy.ts.
 */
import { headers } from "next/headers";
import type { Actor } from "../../core/access/actor";
import type { AccessScope } from "./access-scopes.data";
import { requireAccess } from "./require-access";

export async function requireActionAccess(scope: AccessScope): Promise<Actor> {
  return requireAccess({ method: "POST", headers: await headers() }, scope);
}
