import { requireAccess } from "@/lib/server/access/require-access";
import { requireTeamMode, teamWork } from "@/lib/server/auth/team-route";
import { revokeApiToken } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** DELETE /api/tokens/:id: revokes one of the caller's own tokens. */
export const DELETE = handle(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const actor = await requireAccess(request, "tokens:write");
  requireTeamMode();
  const { id } = await context.params;
  return { token: await teamWork(() => revokeApiToken(getDb(), actor.userId!, id)) };
});
