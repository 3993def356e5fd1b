import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request) => {
  await requireAccess(request, "health:read");
  const repos = await getDb().repo.count();
  return { ok: true, repos };
});
