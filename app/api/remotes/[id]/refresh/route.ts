import { getDb } from "@/lib/server/db/client";
import { fetchRemote } from "@/lib/server/remotes/fetch-remote";
import { getRemoteView } from "@/lib/server/remotes/remote-store";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/**
 * POST /api/remotes/:id/refresh (`remotes:refresh`, e.g. a CI job's token): fetches and scans now,
 * waiting for the result (a fetch already running is joined, not repeated).
 */
export const POST = route("remotes:refresh", {}, async ({ params }) => {
  const id = params.id!;
  const db = getDb();
  await getRemoteView(db, id);
  const outcome = await fetchRemote(id, { db });
  return { outcome, remote: await getRemoteView(db, id) };
});
