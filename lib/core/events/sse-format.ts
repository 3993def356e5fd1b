/**
 * The text of a Server-Sent Events stream (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * each message is `field: value` lines ended by a blank line; a line starting with `:` is a comment
 * (the heartbeat, which keeps proxies and the browser from calling the connection idle).
 */
import type { BatonEvent } from "./baton-event";

/** `data: {"kind":…,"id":…,"version":…}` — exactly the three fields, in this order, whatever the input carries. */
export function formatSseEvent(event: BatonEvent): string {
  return `data: ${JSON.stringify({ kind: event.kind, id: event.id, version: event.version })}\n\n`;
}

/** A named message (`event: name`), for the stream's own signals (`resync`, `reconnect`). */
export function formatSseSignal(name: string, data: Record<string, unknown> = {}): string {
  return `event: ${name.replace(/[\r\n]/g, "")}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line; newlines in `text` are dropped so it stays one line. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, " ")}\n\n`;
}

/** How long the browser waits before reconnecting on its own (`retry:`), in milliseconds. */
export function formatSseRetry(milliseconds: number): string {
  return `retry: ${Math.max(0, Math.round(milliseconds))}\n\n`;
}
