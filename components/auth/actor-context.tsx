"use client";

/**
 * Who is looking at the page, for client components: a viewer's page shows no control it could not
 * use (the server refuses the request anyway: this only keeps dead buttons off the screen).
 */
import { createContext, useContext, type ReactNode } from "react";
import type { Actor } from "@/lib/core/access/actor";
import { roleHolds, type AccessScope } from "@/lib/server/access/access-scopes.data";

export type PageActor = Pick<Actor, "kind" | "name" | "email" | "role">;

const ActorContext = createContext<PageActor | null>(null);

export function ActorProvider({ actor, children }: { actor: PageActor | null; children: ReactNode }) {
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

/** The signed-in person (or the local user of single-user mode); null on the sign-in pages. */
export function useActor(): PageActor | null {
  return useContext(ActorContext);
}

/** Whether the person may do what a scope allows (false when nobody is signed in). */
export function useCan(scope: AccessScope): boolean {
  const actor = useActor();
  return actor !== null && roleHolds(actor.role, scope);
}

/** Renders its children only for someone who holds the scope. */
export function Can({ scope, children }: { scope: AccessScope; children: ReactNode }) {
  return useCan(scope) ? <>{children}</> : null;
}
