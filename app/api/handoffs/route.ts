import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, searchParamsObject } from "@/lib/server/http";
import { handoffFiltersSchema, listHandoffs } from "@/lib/server/queries/handoffs";

export const dynamic = "force-dynamic";

export const GET = handle(async (request: Request) => {
  await requireAccess(request, "handoffs:read");
  return listHandoffs(getDb(), handoffFiltersSchema.parse(searchParamsObject(request.url)));
});
