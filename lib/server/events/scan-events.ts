/**
 * What a finished scan announces on the live bus: `{ kind: "scan", id: <scan run id>, version: <changed
 * rows> }` and, when few enough to be worth naming, one `handoff` / `session` event per row the scan
 * wrote (found by `updatedAt` since it started). Past `MAX_NAMED` rows only the counts go out: a first
 * scan of 10,000 handoffs is one `scan` event, and every page refetches its list once.
 */
import type { BatonEvent } from "../../core/events/baton-event";
import type { BulkWriter } from "../db/bulk";
import type { DatabaseTarget } from "../db/database-url";
import { createEventBus } from "./event-bus";
import { publish } from "./publish";

export const MAX_NAMED = 50;

export interface ScanAnnouncement {
  /** When the scan started: rows written since then are its changes. */
  since: Date;
  /** The scan run's id, or "" (a rescan of nothing). */
  scanId: string;
}

/** The events for one finished scan (also what `announceScan` publishes). */
export async function scanEvents(bulk: BulkWriter, announcement: ScanAnnouncement): Promise<BatonEvent[]> {
  const changed = async (table: "Handoff" | "AgentSession") =>
    (await bulk.query<{ id: string }>(`SELECT "id" FROM "${table}" WHERE "updatedAt" >= ? LIMIT ${MAX_NAMED + 1}`, [announcement.since])).map((row) => row.id);
  const handoffs = await changed("Handoff");
  const sessions = await changed("AgentSession");
  const events: BatonEvent[] = [];
  if (handoffs.length <= MAX_NAMED) events.push(...handoffs.map((id) => ({ kind: "handoff" as const, id, version: 0 })));
  if (sessions.length <= MAX_NAMED) events.push(...sessions.map((id) => ({ kind: "session" as const, id, version: 0 })));
  events.push({ kind: "scan", id: announcement.scanId, version: handoffs.length + sessions.length });
  return events;
}

/** Publishes a finished scan's events; a failure to read them is logged, never the scan's failure. */
export async function announceScan(bulk: BulkWriter, announcement: ScanAnnouncement): Promise<void> {
  let events: BatonEvent[];
  try {
    events = await scanEvents(bulk, announcement);
  } catch (error) {
    console.warn(`live events: could not list what the scan changed (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); announcing the scan alone`);
    events = [{ kind: "scan", id: announcement.scanId, version: 0 }];
  }
  for (const event of events) publish(event);
}

/**
 * A CLI scan against the team's PostgreSQL database: the running servers hear it by NOTIFY. A bus of
 * its own for `target` (the CLI's database may not be the environment's), flushed and closed before
 * the command exits. On SQLite there is no other process to tell.
 */
export async function announceScanTo(target: DatabaseTarget, bulk: BulkWriter, announcement: ScanAnnouncement): Promise<void> {
  if (target.provider !== "postgresql") return;
  const bus = createEventBus({ provider: target.provider, url: target.url });
  try {
    for (const event of await scanEvents(bulk, announcement)) bus.publish(event);
  } catch (error) {
    console.warn(`live events: the running servers were not told of this scan (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  } finally {
    await bus.close();
  }
}
