import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";
import { fetchRemote } from "@/lib/server/remotes/fetch-remote";
import { getRemoteView } from "@/lib/server/remotes/remote-store";

export const dynamic = "force-dynamic";

/**
 * POST /api/remotes/:id/refresh (`remotes:refresh`, e.g. a CI job's token): fetches and scans now,
 * waiting for the result (a fetch already running is joined, not repeated).
 */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAccess(request, "remotes:refresh");
  const { id } = await params;
  const db = getDb();
  await getRemoteView(db, id);
  const outcome = await fetchRemote(id, { db });
  return { outcome, remote: await getRemoteView(db, id) };
});
