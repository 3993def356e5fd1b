/**
 * One change on the team server, as the live stream (`GET /api/events`) carries it: `{ kind, id, version }`
 * and nothing else (payloads stay small; clients refetch what changed). `id` is the changed record's id
 * (a claim's event carries its review's id); `version` the record's version after the change, 0 when the
 * record has none.
 *
 * `access` is the server's own: a credential of user `id` was revoked (a token, a session, the
 * membership). Each open stream of that user checks its credential again and ends when it is no longer
 * valid; it is never sent to a client.
 */
export const BATON_EVENT_KINDS = ["review", "comment", "handoff", "session", "scan", "remote", "access"] as const;
export type BatonEventKind = (typeof BATON_EVENT_KINDS)[number];

export interface BatonEvent {
  kind: BatonEventKind;
  id: string;
  version: number;
}

export function isBatonEvent(value: unknown): value is BatonEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Record<string, unknown>;
  return (BATON_EVENT_KINDS as readonly unknown[]).includes(event.kind) && typeof event.id === "string" && typeof event.version === "number" && Number.isSafeInteger(event.version);
}
