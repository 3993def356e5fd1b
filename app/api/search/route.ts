import { z } from "zod";
import { requireAccess } from "@/lib/server/access/require-access";
import { getDb } from "@/lib/server/db/client";
import { handle, searchParamsObject } from "@/lib/server/http";
import { searchPalette } from "@/lib/server/queries/palette-search";

export const dynamic = "force-dynamic";

const paletteQuerySchema = z.object({ q: z.string().max(200).default("") });

/** The command palette's search (components/layout/command-palette.tsx). */
export const GET = handle(async (request: Request) => {
  await requireAccess(request, "handoffs:read");
  return searchPalette(getDb(), paletteQuerySchema.parse(searchParamsObject(request.url)).q);
});
