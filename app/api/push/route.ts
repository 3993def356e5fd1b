import { actorLabel } from "@/lib/core/access/actor";
import { pushRequestSchema, PUSH_BODY_LIMIT } from "@/lib/core/push/push-payload";
import { AppError } from "@/lib/server/app-error";
import { openBulkWriter } from "@/lib/server/db/bulk";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { decodeContentEncoding, readLimitedBody } from "@/lib/server/otlp/read-limited-body";
import { storePushedSessions } from "@/lib/server/push/store-pushed-sessions";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/**
 * `POST /api/push` (`baton push`): sessions the client's scan parsed, stored as the caller's
 * (lib/server/push/store-pushed-sessions.ts). JSON only, gzip allowed, at most 64 MB: the body is read
 * here (counted while it streams and inflates), then checked by pushRequestSchema.
 */
export const POST = route("ingest:push", {}, async ({ request, actor }) => {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) throw new AppError(415, "send Content-Type: application/json");
  const body = await decodeContentEncoding(await readLimitedBody(request, PUSH_BODY_LIMIT), request.headers.get("content-encoding"), PUSH_BODY_LIMIT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch (error) {
    throw new AppError(400, `the body is not JSON: ${(error as Error).message}`);
  }
  const { sessions } = pushRequestSchema.parse(parsed);
  const bulk = openBulkWriter(resolveDatabaseUrl());
  try {
    return await storePushedSessions(bulk, { userId: actor.userId, label: `Pushed: ${actor.kind === "local" ? "local user" : actorLabel(actor)}` }, sessions);
  } finally {
    await bulk.close();
  }
});
