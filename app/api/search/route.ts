import { z } from "zod";
import { getDb } from "@/lib/server/db/client";
import { searchPalette } from "@/lib/server/queries/palette-search";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

const paletteQuerySchema = z.object({ q: z.string().max(200).default("") });

/** The command palette's search (components/layout/command-palette.tsx). */
export const GET = route("handoffs:read", { query: paletteQuerySchema }, async ({ query }) => searchPalette(getDb(), query.q));
