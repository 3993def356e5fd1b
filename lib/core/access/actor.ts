/**
 * Who is making a request, as every route handler, server action and CLI command on the team server
 * sees it after `requireAccess` (lib/server/access). In single-user mode (SQLite, no sign-in) the actor is
 * the local user, who may do everything. Shared by the team-review pieces: sign-in and tokens produce it,
 * reviews, comments and the audit timeline record it.
 */
export type TeamRole = "admin" | "member" | "viewer";

export interface Actor {
  /** "user": a signed-in browser session; "token": a personal API token; "local": single-user mode. */
  kind: "user" | "token" | "local";
  /** The User row's id; null only for the local user of single-user mode. */
  userId: string | null;
  email: string | null;
  name: string | null;
  role: TeamRole;
  /** The ApiToken row's id when the request came with a bearer token. */
  tokenId: string | null;
}

export const LOCAL_ACTOR: Actor = { kind: "local", userId: null, email: null, name: "you", role: "admin", tokenId: null };

/** How an actor is named in the UI, the CLI and the audit timeline. */
export function actorLabel(actor: Pick<Actor, "name" | "email" | "kind">): string {
  if (actor.kind === "local") return "you";
  return actor.name ?? actor.email ?? "someone";
}
