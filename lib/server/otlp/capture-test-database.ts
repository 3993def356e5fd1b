/**
 * Test support for the captured-telemetry tests: a SQLite database the receiver writes to (through
 * DATABASE_URL, as the route reads it), a bulk writer on it, and a scratch folder for the runtime's log,
 * set up before the block's tests and removed after them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import { closeOtlpWriters } from "./store-otlp-samples";

export interface CaptureDatabase {
  database: TestDatabase;
  bulk: BulkWriter;
  scratch: string;
}

export function useCaptureDatabase(prefix: string): CaptureDatabase {
  const capture = {} as CaptureDatabase;
  const previousUrl = process.env.DATABASE_URL;
  beforeAll(async () => {
    capture.database = await createSqliteTestDatabase();
    process.env.DATABASE_URL = capture.database.target.url;
    capture.bulk = openBulkWriter(capture.database.target);
    capture.scratch = mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await closeOtlpWriters();
    await capture.bulk.close();
    await capture.database.drop();
    rmSync(capture.scratch, { recursive: true, force: true });
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  });
  return capture;
}
