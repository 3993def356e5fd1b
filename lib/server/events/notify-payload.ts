/**
 * What travels in a PostgreSQL NOTIFY on the `baton_events` channel: the event and the sending bus's
 * origin (so a process ignores the copy of its own events it already delivered after commit). Small by
 * construction: ids, never data (PostgreSQL refuses payloads of 8,000 bytes and more).
 */
import { isBatonEvent, type BatonEvent } from "../../core/events/baton-event";

export const NOTIFY_CHANNEL = "baton_events";
/** Below PostgreSQL's limit (8,000 bytes) with room for the channel name. */
export const MAX_PAYLOAD_BYTES = 7_900;

export function encodeNotifyPayload(event: BatonEvent, origin: string): string {
  const payload = JSON.stringify({ kind: event.kind, id: event.id, version: event.version, origin });
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  // An id too long to send: announce "something of this kind changed" (id ""), which clients treat as
  // a change of every record of the kind, rather than nothing at all.
  return JSON.stringify({ kind: event.kind, id: "", version: event.version, origin });
}

/** The event and its origin, or null for a payload that is not one of ours (logged by the caller). */
export function decodeNotifyPayload(payload: string | undefined): { event: BatonEvent; origin: string | null } | null {
  if (payload === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isBatonEvent(parsed)) return null;
  const origin = (parsed as { origin?: unknown }).origin;
  return { event: { kind: parsed.kind, id: parsed.id, version: parsed.version }, origin: typeof origin === "string" ? origin : null };
}
