/**
 * The live bench's server process: the real event bus and SSE stream (lib/server/events) behind a plain
 * node:http server on BATON_LIVE_PORT, over DATABASE_URL. Driven by its parent over IPC:
 * `{ type: "write", rate, seconds, reviewIds }` claims those reviews in this process (the
 * single-user server's in-process bus) and answers `{ type: "written", starts, commitMs, failed }`
 * (bench/live-writer.ts); `{ type: "rss" }` answers `{ type: "rss", rss }`.
 */
import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createDb } from "../lib/server/db/client";
import { resolveDatabaseUrl } from "../lib/server/db/database-url";
import { createEventStream, SSE_HEADERS } from "../lib/server/events/event-stream";
import { eventBus } from "../lib/server/events/publish";
import { writeAtRate } from "./live-writer";

const port = Number(process.env.BATON_LIVE_PORT);
const db = createDb(resolveDatabaseUrl());
const bus = eventBus();

const server = http.createServer((request, response) => {
  if (request.url !== "/api/events") {
    response.writeHead(request.url === "/health" ? 200 : 404).end();
    return;
  }
  const abort = new AbortController();
  request.on("close", () => abort.abort());
  response.writeHead(200, SSE_HEADERS);
  Readable.fromWeb(createEventStream({ subscribe: bus.subscribe, signal: abort.signal }) as NodeReadableStream).pipe(response);
});

await bus.listening();
server.listen(port, "127.0.0.1", () => process.send?.({ type: "ready" }));

process.on("message", (message: { type: string; rate?: number; seconds?: number; reviewIds?: string[] }) => {
  if (message.type === "rss") process.send?.({ type: "rss", rss: process.memoryUsage().rss });
  else if (message.type === "write") {
    void writeAtRate(db, message.reviewIds!, message.rate!, message.seconds!).then((written) => process.send?.({ type: "written", ...written }));
  } else if (message.type === "stop") {
    server.closeAllConnections();
    server.close();
    void bus.close().then(() => db.$disconnect()).then(() => process.exit(0));
  }
});
