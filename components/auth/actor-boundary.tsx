/**
 * Resolves who is asking once per page render (the root layout) and hands it to client components.
 * On the team server with nobody signed in (the sign-in and invitation pages) it renders `bare`: the
 * page without the navigation of a dashboard that person cannot see yet.
 */
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { isTeamMode, requireAccess } from "@/lib/server/access/require-access";
import { ActorProvider, type PageActor } from "./actor-context";

async function currentActor(): Promise<PageActor | null> {
  try {
    const actor = await requireAccess({ method: "GET", headers: await headers() }, "account:read");
    return { kind: actor.kind, name: actor.name, email: actor.email, role: actor.role };
  } catch {
    return null;
  }
}

export async function ActorBoundary({ bare, children }: { bare: ReactNode; children: ReactNode }) {
  const actor = await currentActor();
  if (actor === null && isTeamMode()) return <ActorProvider actor={null}>{bare}</ActorProvider>;
  return <ActorProvider actor={actor}>{children}</ActorProvider>;
}
