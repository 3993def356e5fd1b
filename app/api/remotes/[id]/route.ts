import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";
import { removeRemote } from "@/lib/server/remotes/remote-store";

export const dynamic = "force-dynamic";

/** DELETE /api/remotes/:id (admins): the remote, its mirror and everything scanned from it. */
export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAccess(request, "remotes:admin");
  const { id } = await params;
  return { removed: await removeRemote(getDb(), id) };
});
