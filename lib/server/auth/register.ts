/**
 * Plugs the team resolver into requireAccess. Called once per server process from instrumentation.ts
 * (team mode only), and by tests. requireAccess keeps the resolver on globalThis, so every bundle of
 * the server (route handlers, pages, server actions) sees the one registered here.
 */
import { registerTeamActorResolver } from "../access/require-access";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { createTeamResolver } from "./team-resolver";

export function registerTeamAuth(): void {
  registerTeamActorResolver(
    createTeamResolver({
      db: getDb,
      session: async (headers) => (await getAuth().api.getSession({ headers })) as { user: { id: string; email: string; name: string; role?: unknown } } | null,
    }),
  );
}
