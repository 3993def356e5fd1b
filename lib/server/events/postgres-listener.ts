/**
 * One dedicated PostgreSQL connection per bus that LISTENs on `baton_events` and hands every
 * notification to the in-process bus. A LISTEN connection cannot come from a pool (the pool would
 * hand it to a query and back), so it is a plain pg Client. When it drops (server restart, network,
 * `pg_terminate_backend`) it reconnects with backoff (250 ms doubling to 10 s) and LISTENs again;
 * notifications sent while it was down are lost, so `onResync` tells subscribers to refetch everything.
 */
import type pg from "pg";
import { postgresConnectionConfig } from "../db/database-url";
import { postgresDriver } from "../db/postgres-driver";
import { NOTIFY_CHANNEL } from "./notify-payload";

export interface ListenerOptions {
  url: string;
  onPayload: (payload: string | undefined) => void;
  /** Called after a reconnect (not the first connect): events may have been missed. */
  onResync: () => void;
  log?: (text: string) => void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface PostgresListener {
  /** Resolves once the first LISTEN is in place (or rejects if the first connect fails; it keeps retrying). */
  readonly ready: Promise<void>;
  /** Whether a LISTEN connection is up now. */
  isListening(): boolean;
  /** The backend process id of the LISTEN connection (tests kill it), or null while down. */
  backendPid(): number | null;
  close(): Promise<void>;
}

export function startPostgresListener(options: ListenerOptions): PostgresListener {
  const { Client } = postgresDriver();
  const log = options.log ?? ((text: string) => console.warn(text));
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let hadConnection = false;
  let failedConnects = 0;
  let backoff = minBackoff;
  let retryTimer: NodeJS.Timeout | null = null;
  let resolveReady!: () => void;
  let rejectReady!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A first connect that fails rejects `ready`; nobody has to be waiting for it.
  ready.catch(() => {});

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = backoff;
    backoff = Math.min(maxBackoff, backoff * 2);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const connection = new Client({ ...postgresConnectionConfig(options.url), keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: "baton-listen" });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === connection) {
        client = null;
        pid = null;
      }
      connection.removeAllListeners("notification");
      void connection.end().catch(() => {});
      if (!closed) {
        log(`live events: LISTEN connection lost${error ? ` (${error.message.split("\n")[0]})` : ""}; reconnecting`);
        scheduleReconnect();
      }
    };
    connection.on("error", (error) => onLost(error));
    connection.on("end", () => onLost());
    connection.on("notification", (message) => {
      if (message.channel === NOTIFY_CHANNEL) options.onPayload(message.payload);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${NOTIFY_CHANNEL}`);
      const row = await connection.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      if (closed) {
        await connection.end().catch(() => {});
        return;
      }
      client = connection;
      pid = row.rows[0]?.pid ?? null;
      backoff = minBackoff;
      // After a lost connection, or a first one that took retries, subscribers may have missed events.
      if (hadConnection || failedConnects > 0) options.onResync();
      if (!hadConnection) resolveReady();
      hadConnection = true;
    } catch (error) {
      failedConnects++;
      if (!hadConnection) rejectReady(error);
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  };

  void connect();
  return {
    ready,
    isListening: () => client !== null,
    backendPid: () => pid,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      pid = null;
      await current?.end().catch(() => {});
    },
  };
}
