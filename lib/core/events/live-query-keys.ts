/**
 * What a page must refetch when a live event arrives: the React Query keys to invalidate (keys are
 * prefixes: `['reviews']` covers `['reviews', {filters}]`), and whether server-rendered pages refresh
 * (`router.refresh()`, debounced by the caller). `id: ""` means "some record of this kind", so every
 * key of the kind goes.
 */
import type { BatonEvent } from "./baton-event";
import { queryKeys } from "./query-keys";

export interface LiveInvalidation {
  keys: (readonly unknown[])[];
  refresh: boolean;
}

export function liveInvalidation(event: BatonEvent): LiveInvalidation {
  const id = event.id || undefined;
  switch (event.kind) {
    case "review":
      return { keys: [queryKeys.reviews(), queryKeys.review(id)], refresh: true };
    case "comment":
      // A comment event carries its review's id.
      return { keys: [queryKeys.review(id)], refresh: true };
    case "handoff":
    case "scan":
      return { keys: [queryKeys.handoffs(), queryKeys.reviews()], refresh: true };
    case "session":
      return { keys: [queryKeys.sessions(), queryKeys.session(id)], refresh: true };
    case "remote":
      return { keys: [queryKeys.remotes(), queryKeys.handoffs()], refresh: true };
    case "access":
      // Never sent to a client (lib/server/events/event-stream.ts keeps it).
      return { keys: [], refresh: false };
  }
}
