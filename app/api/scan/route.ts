import { AppError } from "@/lib/server/app-error";
import { openBulkWriter } from "@/lib/server/db/bulk";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { classifyStorageError } from "@/lib/server/db/storage-errors";
import { route } from "@/lib/server/route";
import { inScanTurn } from "@/lib/server/ingest/scan-turn";
import { rescanRegistered, type RescanSummary } from "@/lib/server/ingest/watch";

export const dynamic = "force-dynamic";

/** One rescan at a time in this server: a second request while one runs gets the same result. */
let running: Promise<RescanSummary> | null = null;

/** Waits its turn behind a remote's scan running now (lib/server/ingest/scan-turn.ts). */
function rescan(): Promise<RescanSummary> {
  return inScanTurn(async () => {
    const bulk = openBulkWriter(resolveDatabaseUrl());
    try {
      return await rescanRegistered(bulk);
    } finally {
      await bulk.close();
    }
  });
}

/**
 * POST /api/scan: rescan every registered repo and agent log folder (lib/server/ingest/watch.ts).
 * requireAccess refuses a foreign Host (421) or Origin (403) first. JSON only: a cross-site form
 * cannot send it, and a cross-site fetch with it needs a preflight this route does not answer. A storage
 * failure (full disk, read-only file, unreachable server) answers 503 with the one line `baton scan`
 * prints, which the Rescan button shows; anything else is a logged 500 (lib/server/route.ts).
 */
export const POST = route("scan:run", {}, async ({ request }) => {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    throw new AppError(415, "send Content-Type: application/json");
  }
  running ??= rescan().finally(() => {
    running = null;
  });
  try {
    return await running;
  } catch (error) {
    const failure = classifyStorageError(error, resolveDatabaseUrl());
    if (failure === null) throw error;
    console.error(`rescan failed: ${failure.message}`);
    throw new AppError(503, failure.message, { kind: failure.kind });
  }
});
