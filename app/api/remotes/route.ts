import { z } from "@/lib/core/zod";
import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, HttpError } from "@/lib/server/http";
import { fetchRemote } from "@/lib/server/remotes/fetch-remote";
import { addRemote, listRemotes } from "@/lib/server/remotes/remote-store";
import { webhookUrl } from "@/lib/server/remotes/webhook-url";

export const dynamic = "force-dynamic";

/** GET /api/remotes → `{ remotes: [...] }` (URLs without credentials; never a secret). */
export const GET = handle(async (request: Request) => {
  await requireAccess(request, "remotes:read");
  return { remotes: await listRemotes(getDb()) };
});

const addRemoteSchema = z.object({
  url: z.string().min(1).max(2048),
  name: z.string().max(64).optional(),
  branches: z.string().max(200).optional(),
});

/**
 * POST /api/remotes `{ url, name?, branches? }` (admins): adds the remote, starts its first fetch, and
 * answers with the webhook URL and secret — the only time the secret is shown.
 */
export const POST = handle(async (request: Request) => {
  const actor = await requireAccess(request, "remotes:admin");
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) throw new HttpError(415, "send Content-Type: application/json");
  const input = addRemoteSchema.parse(await request.json());
  const db = getDb();
  const added = await addRemote(db, input, actor);
  fetchRemote(added.remote.id, { db }).catch((error: unknown) => console.error(`remote ${added.remote.name}: first fetch failed: ${(error as Error).message}`));
  return { remote: added.remote, webhook: { url: webhookUrl(request), secret: added.webhookSecret, contentType: "application/json", events: ["push"] } };
});
