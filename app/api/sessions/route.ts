import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, searchParamsObject } from "@/lib/server/http";
import { apiSessionFiltersSchema, listApiSessions } from "@/lib/server/queries/api-sessions";
import { sqlReaderFor } from "@/lib/server/sessions/sql-reader";

export const dynamic = "force-dynamic";

/** `GET /api/sessions[?runtime=&sessionId=]` → `{ sessions }` (lib/server/queries/api-sessions.ts). */
export const GET = handle(async (request: Request) => {
  await requireAccess(request, "sessions:read");
  return listApiSessions(sqlReaderFor(getDb()), apiSessionFiltersSchema.parse(searchParamsObject(request.url)));
});
