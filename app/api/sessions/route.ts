import { getDb } from "@/lib/server/db/client";
import { apiSessionFiltersSchema, listApiSessions } from "@/lib/server/queries/api-sessions";
import { route } from "@/lib/server/route";
import { sqlReaderFor } from "@/lib/server/db/sql-reader";

export const dynamic = "force-dynamic";

/** `GET /api/sessions[?runtime=&sessionId=]` → `{ sessions }` (lib/server/queries/api-sessions.ts). */
export const GET = route("sessions:read", { query: apiSessionFiltersSchema }, async ({ query }) => listApiSessions(sqlReaderFor(getDb()), query));
