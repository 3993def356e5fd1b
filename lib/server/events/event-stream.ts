/**
 * One browser tab's live stream (`GET /api/events`) as a ReadableStream of Server-Sent Events: a `data:`
 * line per change (bursts coalesced per record, lib/core/events/coalesce.ts), a `: ping` comment every
 * 15 s so proxies and browsers keep the connection, `event: resync` when the bus may have missed events
 * (the client refetches everything). It unsubscribes when the request is aborted or the stream cancelled.
 *
 * Bounded: a client that stops reading (a frozen tab, a stalled proxy) lets chunks pile up in the
 * stream's queue; past `maxQueued` unread chunks it is sent `event: reconnect` and closed, instead of
 * the server holding an ever-growing queue for it. Its EventSource comes back and refetches.
 *
 * Revocable: a stream opened with a credential (`access`) checks it again when an `access` event names
 * its user (a token revoked, a session ended, the member removed: sent by the writes that do it, from
 * any process on the database) and at every `recheckMs` besides (a session that simply expired); when
 * the credential no longer holds, the stream ends with `event: reconnect` (the client's reconnect is
 * then refused with 401). `access` events themselves are never sent to the client.
 */
import type { BatonEvent } from "../../core/events/baton-event";
import { EventCoalescer, type CoalescerClock } from "../../core/events/coalesce";
import { formatSseComment, formatSseEvent, formatSseRetry, formatSseSignal } from "../../core/events/sse-format";
import type { EventListener, SubscribeOptions } from "./event-bus";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: a compressing proxy must not hold events back to fill a gzip block.
  "Cache-Control": "no-cache, no-transform",
  // nginx buffers proxied responses unless told not to.
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
} as const;

export interface EventStreamOptions {
  subscribe: (listener: EventListener, options?: SubscribeOptions) => () => void;
  signal?: AbortSignal;
  heartbeatMs?: number;
  coalesceMs?: number;
  /** Unread chunks a client may have waiting before it is dropped. */
  maxQueued?: number;
  clock?: CoalescerClock;
  /** Whose credential opened the stream, and how to ask whether it still holds. */
  access?: StreamAccess;
}

export interface StreamAccess {
  userId: string;
  /** True while the credential is valid; false once revoked, expired or removed. */
  stillValid: () => Promise<boolean>;
  /** How often to check even without an `access` event (default 60 s). */
  recheckMs?: number;
}

/** Streams open in this process (the route refuses new ones past MAX_OPEN_STREAMS: each holds a connection, timers and a subscription). */
let openStreams = 0;
export const MAX_OPEN_STREAMS = 2_000;

export function openStreamCount(): number {
  return openStreams;
}

/**
 * How to end each open stream at once (see closeAllEventStreams). On globalThis: instrumentation.ts,
 * which calls it at shutdown, is bundled apart from the route that opens the streams.
 */
const globalForStreams = globalThis as unknown as { batonEventStreamClosers?: Set<(reason: string) => void> };
const closers = (globalForStreams.batonEventStreamClosers ??= new Set());

/**
 * Ends every open stream with `event: reconnect`, so a stopping server is not held open by its tabs:
 * Node's graceful close waits for every connection, and an event stream never ends by itself (a
 * SIGTERM left `next start` running for as long as one tab stayed open). Each EventSource comes back,
 * on another instance behind a load balancer, or with backoff until this one is up again.
 */
export function closeAllEventStreams(reason: string): number {
  const open = [...closers];
  for (const close of open) close(reason);
  return open.length;
}

const realClock: CoalescerClock = {
  now: () => performance.now(),
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export function createEventStream(options: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const maxQueued = options.maxQueued ?? 256;
  let finish: (() => void) | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        let heartbeat: NodeJS.Timeout | null = null;
        let unsubscribe: (() => void) | null = null;
        let recheck: NodeJS.Timeout | null = null;
        let checking = false;
        const coalescer = new EventCoalescer((event) => write(formatSseEvent(event)), options.clock ?? realClock, options.coalesceMs ?? 100);
        openStreams++;
        const stop = () => {
          if (closed) return;
          closed = true;
          openStreams--;
          closers.delete(closeForShutdown);
          if (heartbeat) clearInterval(heartbeat);
          if (recheck) clearInterval(recheck);
          coalescer.close();
          unsubscribe?.();
          options.signal?.removeEventListener("abort", onAbort);
        };
        const close = () => {
          stop();
          try {
            controller.close();
          } catch {
            // already closed or errored by the reader
          }
        };
        const write = (text: string) => {
          if (closed) return;
          if (controller.desiredSize !== null && controller.desiredSize <= 0) {
            controller.enqueue(encoder.encode(formatSseSignal("reconnect", { reason: "slow client" })));
            close();
            return;
          }
          controller.enqueue(encoder.encode(text));
        };
        const onAbort = () => close();
        const closeForShutdown = (reason: string) => {
          if (closed) return;
          controller.enqueue(encoder.encode(formatSseSignal("reconnect", { reason })));
          close();
        };
        closers.add(closeForShutdown);
        const access = options.access;
        const checkAccess = () => {
          if (!access || closed || checking) return;
          checking = true;
          access.stillValid().then(
            (valid) => {
              checking = false;
              if (!valid) closeForShutdown("credential revoked");
            },
            () => {
              // The check itself failed (the database is away): keep the stream; the next check decides.
              checking = false;
            },
          );
        };
        const onEvent = (event: BatonEvent) => {
          if (event.kind === "access") {
            if (event.id === "" || event.id === access?.userId) checkAccess();
            return;
          }
          coalescer.push(event);
        };
        finish = stop;
        if (options.signal?.aborted) {
          close();
          return;
        }
        options.signal?.addEventListener("abort", onAbort, { once: true });
        write(formatSseRetry(2_000));
        write(formatSseComment("connected"));
        unsubscribe = options.subscribe(onEvent, { onResync: () => write(formatSseSignal("resync")) });
        heartbeat = setInterval(() => write(formatSseComment("ping")), options.heartbeatMs ?? 15_000);
        heartbeat.unref?.();
        if (access) {
          recheck = setInterval(checkAccess, access.recheckMs ?? 60_000);
          recheck.unref?.();
        }
      },
      cancel() {
        finish?.();
      },
    },
    new CountQueuingStrategy({ highWaterMark: maxQueued }),
  );
}
