import { requireAccess } from "@/lib/server/access/require-access";
import { withdrawInvitation } from "@/lib/server/auth/invitations";
import { requireTeamMode } from "@/lib/server/auth/team-route";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** DELETE /api/team/invitations/:id (admins): the link stops working. */
export const DELETE = handle(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  await requireAccess(request, "users:admin");
  requireTeamMode();
  const { id } = await context.params;
  await withdrawInvitation(getDb(), id);
  return { withdrawn: id };
});
