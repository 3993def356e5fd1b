import { NextResponse } from "next/server";
import { openBulkWriter } from "@/lib/server/db/bulk";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { handle } from "@/lib/server/http";
import { rescanRegistered, type RescanSummary } from "@/lib/server/ingest/watch";

export const dynamic = "force-dynamic";

/** One rescan at a time in this server: a second request while one runs gets the same result. */
let running: Promise<RescanSummary> | null = null;

async function rescan(): Promise<RescanSummary> {
  const bulk = openBulkWriter(resolveDatabaseUrl());
  try {
    return await rescanRegistered(bulk);
  } finally {
    await bulk.close();
  }
}

const post = handle(async () => {
  running ??= rescan().finally(() => {
    running = null;
  });
  return running;
});

/**
 * POST /api/scan: rescan every registered repo and agent log folder (lib/server/ingest/watch.ts).
 * JSON only: a cross-site form cannot send it, and a cross-site fetch with it needs a preflight
 * this route does not answer.
 */
export async function POST(request: Request) {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return NextResponse.json({ error: "send Content-Type: application/json" }, { status: 415 });
  }
  return post();
}
