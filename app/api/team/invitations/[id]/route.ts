import { withdrawInvitation } from "@/lib/server/auth/invitations";
import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** DELETE /api/team/invitations/:id (admins): the link stops working. */
export const DELETE = route("users:admin", { teamOnly: true }, async ({ params }) => {
  await withdrawInvitation(getDb(), params.id!);
  return { withdrawn: params.id };
});
