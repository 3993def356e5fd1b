/**
 * The event bus's writing side. A change is announced with the write that makes it:
 * `transactionWithEvents(db, async (tx, emit) => { …writes…; emit({ kind, id, version }) })` runs the
 * work in one transaction and announces its events only if it commits (a rolled-back write announces
 * nothing). `publish(event)` announces a change made outside a transaction (a finished scan).
 * Readers `subscribe` (lib/server/events/subscribe.ts, the SSE route).
 *
 * Today: the in-process bus (single-user SQLite mode, one server). The team server on PostgreSQL adds
 * LISTEN/NOTIFY inside the writing transaction so every instance hears it.
 */
import { EventEmitter } from "node:events";
import type { BatonEvent } from "../../core/events/baton-event";
import type { Db } from "../db/client";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type Listener = (event: BatonEvent) => void;

const globalForBus = globalThis as unknown as { batonBus?: EventEmitter };

function bus(): EventEmitter {
  if (!globalForBus.batonBus) {
    globalForBus.batonBus = new EventEmitter();
    globalForBus.batonBus.setMaxListeners(0);
  }
  return globalForBus.batonBus;
}

export function publish(event: BatonEvent): void {
  bus().emit("event", event);
}

export function subscribe(listener: Listener): () => void {
  bus().on("event", listener);
  return () => bus().off("event", listener);
}

export async function transactionWithEvents<T>(db: Db, work: (tx: Tx, emit: (event: BatonEvent) => void) => Promise<T>): Promise<T> {
  const events: BatonEvent[] = [];
  const result = await db.$transaction((tx) => work(tx, (event) => events.push(event)));
  for (const event of events) publish(event);
  return result;
}
