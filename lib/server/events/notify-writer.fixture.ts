/**
 * Test fixture, run as its own process (`node --import tsx notify-writer.fixture.ts <url> <id>`): a second
 * server process's write, one transaction through its own event bus, then exit. event-bus.test.ts
 * checks that the test process hears it by NOTIFY.
 */
import { createDb } from "../db/client";
import { createEventBus } from "./event-bus";

const [url, id] = process.argv.slice(2) as [string, string];
const db = createDb({ provider: "postgresql", url, filePath: null });
const bus = createEventBus({ provider: "postgresql", url });
await bus.transactionWithEvents(db, async (tx, emit) => {
  await tx.scanRun.create({ data: { id, kind: "live-test", status: "ok" } });
  emit({ kind: "review", id, version: 4 });
});
await bus.close();
await db.$disconnect();
