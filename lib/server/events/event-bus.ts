/**
 * An event bus: in-process delivery, plus PostgreSQL LISTEN/NOTIFY so every server process on the same
 * database hears every change.
 *
 * - `transactionWithEvents`: on PostgreSQL the events are sent with `pg_notify` inside the writing
 *   transaction, so PostgreSQL delivers them at commit and never for a rolled-back write; in this
 *   process they are delivered right after commit. SQLite (one process): after commit only.
 * - `publish` outside a transaction: delivered here at once and, on PostgreSQL, `pg_notify` on a
 *   connection of its own (`flush()` waits for those; a CLI scan calls it before exiting).
 * - `subscribe` on PostgreSQL starts the bus's one LISTEN connection (postgres-listener.ts). A bus
 *   ignores the notifications it sent itself (its `origin` rides in the payload): they were delivered
 *   in-process already, so each event arrives once.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { BatonEvent } from "../../core/events/baton-event";
import type { Db } from "../db/client";
import { postgresConnectionConfig, type DatabaseProvider } from "../db/database-url";
import { postgresDriver } from "../db/postgres-driver";
import { decodeNotifyPayload, encodeNotifyPayload, NOTIFY_CHANNEL } from "./notify-payload";
import { startPostgresListener, type PostgresListener } from "./postgres-listener";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
export type EventListener = (event: BatonEvent) => void;
export interface SubscribeOptions {
  /** Events may have been missed (the LISTEN connection was down): refetch everything. */
  onResync?: () => void;
}

export interface EventBusOptions {
  provider: DatabaseProvider;
  /** The PostgreSQL URL (for LISTEN and for `publish`'s NOTIFY); unused on SQLite. */
  url: string;
  log?: (text: string) => void;
}

export interface EventBus {
  readonly origin: string;
  readonly provider: DatabaseProvider;
  publish(event: BatonEvent): void;
  subscribe(listener: EventListener, options?: SubscribeOptions): () => void;
  transactionWithEvents<T>(db: Db, work: (tx: Tx, emit: (event: BatonEvent) => void) => Promise<T>): Promise<T>;
  /** Resolves once the LISTEN connection is up (at once on SQLite); starts it if needed. */
  listening(): Promise<void>;
  /** The LISTEN connection (tests kill it), or null. */
  listener(): PostgresListener | null;
  /** Waits for every `publish` NOTIFY sent so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The provider a Prisma client was generated for ("sqlite" | "postgresql"), from the client itself. */
export function providerOfDb(db: Db): DatabaseProvider | null {
  const provider = (db as unknown as { _activeProvider?: unknown })._activeProvider;
  return provider === "postgresql" || provider === "sqlite" ? provider : null;
}

export function createEventBus(options: EventBusOptions): EventBus {
  const origin = randomBytes(6).toString("hex");
  const log = options.log ?? ((text: string) => console.warn(text));
  const listeners = new Set<EventListener>();
  const resyncListeners = new Set<() => void>();
  let listener: PostgresListener | null = null;
  let pool: pg.Pool | null = null;
  const pending = new Set<Promise<void>>();
  let badPayloads = 0;

  const deliver = (event: BatonEvent) => {
    for (const each of [...listeners]) {
      try {
        each(event);
      } catch (error) {
        // One subscriber's failure (a closed stream) must not keep the event from the others.
        log(`live events: a subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const ensureListener = () => {
    if (options.provider !== "postgresql" || listener) return;
    listener = startPostgresListener({
      url: options.url,
      log,
      onPayload: (payload) => {
        const decoded = decodeNotifyPayload(payload);
        if (decoded === null) {
          // Someone else's NOTIFY on our channel: say so (a few times), never crash.
          if (badPayloads++ < 5) log(`live events: ignored a notification that is not an event: ${String(payload).slice(0, 120)}`);
          return;
        }
        if (decoded.origin === origin) return;
        deliver(decoded.event);
      },
      onResync: () => {
        for (const each of [...resyncListeners]) each();
      },
    });
  };

  const notifyPool = () => {
    if (!pool) {
      const { Pool } = postgresDriver();
      // One connection, closed when idle so a CLI process is not kept alive by it.
      pool = new Pool({ ...postgresConnectionConfig(options.url), max: 1, allowExitOnIdle: true, idleTimeoutMillis: 5_000, application_name: "baton-notify" });
      pool.on("error", (error) => log(`live events: NOTIFY connection failed: ${error.message}`));
    }
    return pool;
  };

  return {
    origin,
    provider: options.provider,
    publish(event) {
      deliver(event);
      if (options.provider !== "postgresql") return;
      const sent = notifyPool()
        .query("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, encodeNotifyPayload(event, origin)])
        .then(
          () => {},
          (error: Error) => log(`live events: NOTIFY failed (other servers will not hear of ${event.kind} ${event.id}): ${error.message}`),
        )
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    subscribe(each, subscribeOptions) {
      listeners.add(each);
      const onResync = subscribeOptions?.onResync;
      if (onResync) resyncListeners.add(onResync);
      ensureListener();
      return () => {
        listeners.delete(each);
        if (onResync) resyncListeners.delete(onResync);
      };
    },
    async transactionWithEvents(db, work) {
      const events: BatonEvent[] = [];
      const isPostgres = (providerOfDb(db) ?? options.provider) === "postgresql";
      const result = await db.$transaction(async (tx) => {
        const value = await work(tx, (event) => events.push({ kind: event.kind, id: event.id, version: event.version }));
        if (isPostgres) {
          // Inside the transaction: PostgreSQL delivers these at commit, and never if it rolls back.
          const seen = new Set<string>();
          for (const event of events) {
            const payload = encodeNotifyPayload(event, origin);
            if (seen.has(payload)) continue;
            seen.add(payload);
            await tx.$executeRaw`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`;
          }
        }
        return value;
      });
      for (const event of events) deliver(event);
      return result;
    },
    async listening() {
      if (options.provider !== "postgresql") return;
      ensureListener();
      await listener!.ready;
    },
    listener: () => listener,
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      listeners.clear();
      resyncListeners.clear();
      const closing = [listener?.close(), pool?.end()];
      listener = null;
      pool = null;
      await Promise.all(closing);
    },
  };
}
