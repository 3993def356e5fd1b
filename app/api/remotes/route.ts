import { z } from "@/lib/core/zod";
import { getDb } from "@/lib/server/db/client";
import { fetchRemote } from "@/lib/server/remotes/fetch-remote";
import { addRemote, listRemotes } from "@/lib/server/remotes/remote-store";
import { webhookUrl } from "@/lib/server/remotes/webhook-url";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** GET /api/remotes → `{ remotes: [...] }` (URLs without credentials; never a secret). */
export const GET = route("remotes:read", {}, async () => ({ remotes: await listRemotes(getDb()) }));

const addRemoteSchema = z.object({
  url: z.string().min(1).max(2048),
  name: z.string().max(64).optional(),
  branches: z.string().max(200).optional(),
});

/**
 * POST /api/remotes `{ url, name?, branches? }` (admins): adds the remote, starts its first fetch, and
 * answers with the webhook URL and secret — the only time the secret is shown.
 */
export const POST = route("remotes:admin", { body: addRemoteSchema }, async ({ request, actor, body }) => {
  const db = getDb();
  const added = await addRemote(db, body, actor);
  fetchRemote(added.remote.id, { db }).catch((error: unknown) => console.error(`remote ${added.remote.name}: first fetch failed: ${(error as Error).message}`));
  return { remote: added.remote, webhook: { url: webhookUrl(request), secret: added.webhookSecret, contentType: "application/json", events: ["push"] } };
});
