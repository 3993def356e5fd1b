/**
 * Who acts on a review, as stored: the user's id as a plain string (no relation to the auth lane's User
 * table) and a name snapshot for the timeline, plus the role the rules read.
 */
import type { Actor, TeamRole } from "../../core/access/actor";

export interface ReviewActor {
  id: string;
  name: string;
  role: TeamRole;
}

export const LOCAL_ACTOR_ID = "local";

export function reviewActor(actor: Actor): ReviewActor {
  if (actor.kind === "local" || actor.userId === null) return { id: LOCAL_ACTOR_ID, name: "local user", role: actor.role };
  return { id: actor.userId, name: actor.name ?? actor.email ?? "someone", role: actor.role };
}

/** The scan's own moves (a review opened, continued, moved to new content) in the timeline. */
export const SCAN_ACTOR = { id: "system", name: "scan" } as const;
