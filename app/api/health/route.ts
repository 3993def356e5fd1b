import { getDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const GET = route("health:read", {}, async () => {
  const repos = await getDb().repo.count();
  return { ok: true, repos };
});
