/**
 * The event bus's writing side. A change is announced with the write that makes it:
 * `transactionWithEvents(db, async (tx, emit) => { …writes…; emit({ kind, id, version }) })` runs the
 * work in one transaction and announces its events only if it commits (a rolled-back write announces
 * nothing). `publish(event)` announces a change made outside a transaction (a finished scan).
 * Readers `subscribe` (the SSE route, app/api/events).
 *
 * One bus per process for the database DATABASE_URL names (event-bus.ts): on PostgreSQL the events also
 * travel by LISTEN/NOTIFY (sent inside the writing transaction), so every server process on the same
 * database hears them; on SQLite (one process) they stay in-process.
 */
import type { BatonEvent } from "../../core/events/baton-event";
import type { Db } from "../db/client";
import { resolveDatabaseUrl } from "../db/database-url";
import { createEventBus, type EventBus, type EventListener, type SubscribeOptions, type Tx } from "./event-bus";

const globalForBus = globalThis as unknown as { batonEventBus?: { key: string; bus: EventBus } };

/** This process's bus, for the database DATABASE_URL names now (a new one if it changed, as getDb does). */
export function eventBus(): EventBus {
  const target = resolveDatabaseUrl();
  const key = `${target.provider}:${target.url}`;
  if (globalForBus.batonEventBus?.key !== key) {
    const previous = globalForBus.batonEventBus?.bus;
    if (previous) void previous.close();
    globalForBus.batonEventBus = { key, bus: createEventBus({ provider: target.provider, url: target.url }) };
  }
  return globalForBus.batonEventBus.bus;
}

export function publish(event: BatonEvent): void {
  eventBus().publish(event);
}

export function subscribe(listener: EventListener, options?: SubscribeOptions): () => void {
  return eventBus().subscribe(listener, options);
}

export async function transactionWithEvents<T>(db: Db, work: (tx: Tx, emit: (event: BatonEvent) => void) => Promise<T>): Promise<T> {
  return eventBus().transactionWithEvents(db, work);
}

/** Waits until every event `publish`ed so far has been sent to PostgreSQL (a CLI command, before it exits). */
export async function flushEvents(): Promise<void> {
  await globalForBus.batonEventBus?.bus.flush();
}
