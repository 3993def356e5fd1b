import { getDb } from "@/lib/server/db/client";
import { handoffFiltersSchema, listHandoffs } from "@/lib/server/queries/handoffs";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const GET = route("handoffs:read", { query: handoffFiltersSchema }, async ({ query }) => listHandoffs(getDb(), query));
