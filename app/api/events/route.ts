import { NextResponse } from "next/server";
import { createEventStream, MAX_OPEN_STREAMS, openStreamCount, SSE_HEADERS } from "@/lib/server/events/event-stream";
import { subscribe } from "@/lib/server/events/publish";
import { streamAccessFor } from "@/lib/server/events/stream-access";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/**
 * GET /api/events: the live stream, Server-Sent Events (lib/server/events/event-stream.ts). One `data:`
 * `{ kind, id, version }` per change, a `: ping` comment every 15 s; it ends (and unsubscribes) when the
 * tab goes away. Clients refetch what changed; nothing else travels here.
 */
export const GET = route("events:read", {}, async ({ request, actor }) => {
  if (openStreamCount() >= MAX_OPEN_STREAMS) {
    // The browser's EventSource stops on a 503; the live provider retries with backoff.
    return NextResponse.json({ error: "too many live connections; retry later" }, { status: 503, headers: { "Retry-After": "30" } });
  }
  return new Response(createEventStream({ subscribe, signal: request.signal, access: streamAccessFor(request, actor) }), { headers: SSE_HEADERS });
});
