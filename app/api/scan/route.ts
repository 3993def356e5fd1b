import { NextResponse } from "next/server";
import { openBulkWriter } from "@/lib/server/db/bulk";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { classifyStorageError } from "@/lib/server/db/storage-errors";
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

/**
 * The rescan's summary; a storage failure (full disk, read-only file, unreachable server) answers
 * 503 with the one line `baton scan` prints, which the Rescan button shows; anything else is a
 * logged 500, as in lib/server/http.ts.
 */
async function post(): Promise<Response> {
  running ??= rescan().finally(() => {
    running = null;
  });
  try {
    return NextResponse.json(await running);
  } catch (error) {
    const failure = classifyStorageError(error, resolveDatabaseUrl());
    if (failure !== null) {
      console.error(`rescan failed: ${failure.message}`);
      return NextResponse.json({ error: failure.message, kind: failure.kind }, { status: 503 });
    }
    console.error(error);
    return NextResponse.json({ error: "internal error" }, { status: 500 });
  }
}

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
