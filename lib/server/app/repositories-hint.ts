/**
 * What a page's "no repositories yet" hint needs to know (components/team/add-repositories-hint.tsx):
 * whether this is a team server, whether the reader may add remotes, and, for an admin, the team
 * database's address as the CLI must be given it (any password in it replaced).
 */
import type { Actor } from "../../core/access/actor";
import { redactLogText } from "../../core/web/redact-log";
import { isTeamMode } from "../access/require-access";
import { resolveDatabaseUrl } from "../db/database-url";

export function repositoriesHint(actor: Actor): { team: boolean; isAdmin: boolean; databaseUrl: string | null } {
  const team = isTeamMode();
  const isAdmin = actor.role === "admin";
  const target = resolveDatabaseUrl();
  return { team, isAdmin, databaseUrl: team && isAdmin && target.provider === "postgresql" ? redactLogText(target.url) : null };
}
