import { NextResponse } from "next/server";
import { AppError } from "@/lib/server/app-error";
import { getDb } from "@/lib/server/db/client";
import { handleGithubDelivery, MAX_WEBHOOK_BYTES } from "@/lib/server/remotes/github-delivery";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/**
 * POST /api/hooks/github: a GitHub push webhook. No session or token: the delivery is authenticated by
 * its `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the remote's secret). A push answers 202
 * at once and the fetch runs on (GitHub gives a delivery 10 s). Host is still checked (421).
 */
export const POST = route("hooks:deliver", {}, async ({ request }) => {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_WEBHOOK_BYTES) throw new AppError(413, "the delivery is larger than 1 MiB");
  const body = new Uint8Array(await request.arrayBuffer());
  const verdict = await handleGithubDelivery(
    { db: getDb() },
    { body, event: request.headers.get("x-github-event"), signature: request.headers.get("x-hub-signature-256") },
  );
  verdict.fetch?.catch((error: unknown) => console.error(`webhook fetch failed: ${(error as Error).message}`));
  return NextResponse.json(verdict.body, { status: verdict.status });
});
