/**
 * What a page must refetch when a live event arrives: the React Query keys to invalidate (keys are
 * prefixes: `['reviews']` covers `['reviews', {filters}]`), and whether server-rendered pages refresh
 * (`router.refresh()`, debounced by the caller). `id: ""` means "some record of this kind", so every
 * key of the kind goes.
 */
import type { BatonEvent } from "./baton-event";

export interface LiveInvalidation {
  keys: (readonly unknown[])[];
  refresh: boolean;
}

export function liveInvalidation(event: BatonEvent): LiveInvalidation {
  const withId = (prefix: string) => (event.id ? [[prefix, event.id]] : [[prefix]]);
  switch (event.kind) {
    case "review":
      return { keys: [["reviews"], ...withId("review")], refresh: true };
    case "comment":
      // A comment event carries its review's id.
      return { keys: withId("review"), refresh: true };
    case "handoff":
    case "scan":
      return { keys: [["handoffs"], ["reviews"]], refresh: true };
    case "session":
      return { keys: [["sessions"], ...withId("session")], refresh: true };
    case "remote":
      return { keys: [["remotes"], ["handoffs"]], refresh: true };
    case "access":
      // Never sent to a client (lib/server/events/event-stream.ts keeps it).
      return { keys: [], refresh: false };
  }
}
