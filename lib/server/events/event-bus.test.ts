import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BatonEvent } from "../../core/events/baton-event";
import { createDb, type Db } from "../db/client";
import type { DatabaseTarget } from "../db/database-url";
import { migrateDatabase } from "../db/migrate";
import { createSqliteTestDatabase, POSTGRES_SKIP_MESSAGE, postgresTestUrl, type TestDatabase } from "../test-support/test-database";
import { createEventBus, providerOfDb, type EventBus } from "./event-bus";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

function collect(bus: EventBus, onResync?: () => void): BatonEvent[] {
  const seen: BatonEvent[] = [];
  bus.subscribe((event) => seen.push(event), { onResync });
  return seen;
}

const writeScanRun = (db: Db, bus: EventBus, id: string, options: { fail?: boolean } = {}) =>
  bus.transactionWithEvents(db, async (tx, emit) => {
    await tx.scanRun.create({ data: { id, kind: "live-test", status: "ok" } });
    emit({ kind: "scan", id, version: 1 });
    if (options.fail) throw new Error("rolled back on purpose");
    return id;
  });

describe("event bus on SQLite (one process)", () => {
  let database: TestDatabase;
  let db: Db;
  let bus: EventBus;
  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    db = createDb(database.target);
    bus = createEventBus({ provider: "sqlite", url: database.target.url });
  });
  afterAll(async () => {
    await bus?.close();
    await db?.$disconnect();
    await database?.drop();
  });

  it("knows the client's provider from the client itself", () => {
    expect(providerOfDb(db)).toBe("sqlite");
  });

  it("delivers a committed transaction's events once, after commit, and a rolled-back one's never", async () => {
    const seen = collect(bus);
    let storedWhenDelivered: number | null = null;
    bus.subscribe(() => {
      void db.scanRun.count({ where: { kind: "live-test" } }).then((count) => (storedWhenDelivered ??= count));
    });
    await expect(writeScanRun(db, bus, "rolled-back", { fail: true })).rejects.toThrow(/on purpose/);
    expect(seen).toEqual([]);
    await writeScanRun(db, bus, "committed");
    expect(seen).toEqual([{ kind: "scan", id: "committed", version: 1 }]);
    await until(() => storedWhenDelivered !== null);
    expect(storedWhenDelivered).toBe(1);
  });

  it("keeps delivering to the others when one subscriber throws", () => {
    const seen: BatonEvent[] = [];
    const logs: string[] = [];
    const quiet = createEventBus({ provider: "sqlite", url: "", log: (text) => logs.push(text) });
    quiet.subscribe(() => {
      throw new Error("closed stream");
    });
    quiet.subscribe((event) => seen.push(event));
    quiet.publish({ kind: "review", id: "r1", version: 2 });
    expect(seen).toEqual([{ kind: "review", id: "r1", version: 2 }]);
    expect(logs.join("\n")).toMatch(/closed stream/);
  });
});

describe.skipIf(!postgresTestUrl)("event bus on PostgreSQL: LISTEN/NOTIFY between two buses with their own connections", () => {
  const name = `baton_test_live_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let target: DatabaseTarget;
  let dbA: Db;
  let dbB: Db;
  let busA: EventBus;
  let busB: EventBus;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresTestUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(postgresTestUrl!);
    url.pathname = `/${name}`;
    target = { provider: "postgresql", url: url.toString(), filePath: null };
    await migrateDatabase(target);
    dbA = createDb(target);
    dbB = createDb(target);
    busA = createEventBus({ provider: "postgresql", url: target.url, log: () => {} });
    busB = createEventBus({ provider: "postgresql", url: target.url, log: () => {} });
    collect(busA);
    collect(busB);
    await Promise.all([busA.listening(), busB.listening()]);
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await dbA?.$disconnect();
    await dbB?.$disconnect();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  it("knows the client's provider from the client itself", () => {
    expect(providerOfDb(dbA)).toBe("postgresql");
  });

  it("a write committed through one bus reaches the other's subscribers, and its own once", async () => {
    const seenA = collect(busA);
    const seenB = collect(busB);
    const id = randomUUID();
    await writeScanRun(dbA, busA, id);
    await until(() => seenB.length > 0);
    expect(seenB).toEqual([{ kind: "scan", id, version: 1 }]);
    // The NOTIFY comes back to A's own LISTEN too; A must not deliver it a second time.
    await sleep(300);
    expect(seenA).toEqual([{ kind: "scan", id, version: 1 }]);
    expect(seenB).toHaveLength(1);
  });

  it("a write committed by another server process reaches this one's subscribers", async () => {
    const seenB = collect(busB);
    const id = randomUUID();
    await promisify(execFile)(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "notify-writer.fixture.ts"), target.url, id], { timeout: 60_000 });
    await until(() => seenB.length > 0);
    expect(seenB).toEqual([{ kind: "review", id, version: 4 }]);
  });

  it("a rolled-back write notifies nobody", async () => {
    const seenA = collect(busA);
    const seenB = collect(busB);
    const rolledBack = randomUUID();
    await expect(writeScanRun(dbA, busA, rolledBack, { fail: true })).rejects.toThrow(/on purpose/);
    expect(await dbB.scanRun.count({ where: { id: rolledBack } })).toBe(0);
    // A later committed write is the first (and only) thing either side hears.
    const committed = randomUUID();
    await writeScanRun(dbA, busA, committed);
    await until(() => seenB.length > 0);
    await sleep(300);
    expect(seenB.map((event) => event.id)).toEqual([committed]);
    expect(seenA.map((event) => event.id)).toEqual([committed]);
  });

  it("publish outside a transaction reaches the other bus (its own NOTIFY connection)", async () => {
    const seenB = collect(busB);
    busA.publish({ kind: "handoff", id: "h-outside", version: 0 });
    await busA.flush();
    await until(() => seenB.length > 0);
    expect(seenB).toEqual([{ kind: "handoff", id: "h-outside", version: 0 }]);
  });

  it("listens again after its LISTEN connection is killed, and asks subscribers to resync", async () => {
    let resyncs = 0;
    const seenB = collect(busB, () => resyncs++);
    const before = busB.listener()!.backendPid();
    expect(before).not.toBeNull();
    await admin.query("SELECT pg_terminate_backend($1)", [before]);
    await until(() => busB.listener()!.isListening() && busB.listener()!.backendPid() !== before, 10_000);
    expect(resyncs).toBe(1);
    const id = randomUUID();
    await writeScanRun(dbA, busA, id);
    await until(() => seenB.some((event) => event.id === id));
  });

  it("ignores a foreign NOTIFY on the channel instead of failing", async () => {
    const seenB = collect(busB);
    await admin.query(`SELECT pg_notify('baton_events', 'not json')`);
    await admin.query(`SELECT pg_notify('baton_events', '{"kind":"nope","id":"x","version":1}')`);
    busA.publish({ kind: "session", id: "s1", version: 3 });
    await busA.flush();
    await until(() => seenB.length > 0);
    await sleep(100);
    expect(seenB).toEqual([{ kind: "session", id: "s1", version: 3 }]);
  });
});

if (!postgresTestUrl) console.warn(`event-bus PostgreSQL tests ${POSTGRES_SKIP_MESSAGE}`);
