import { AppError } from "../app-error";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZodError } from "zod";
import { PUBLIC, fixtureSuite } from "../../core/test-support/shared-fixtures";
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { scanSessions } from "../sessions/scan-sessions";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database";
import { usageReport, usageReportQuerySchema } from "./usage-report";

const sample = path.join(PUBLIC, "claude-code", "marot-spotter");
const present = existsSync(sample);

describe.skipIf(!present)(fixtureSuite("GET /api/usage/<kind>'s documents", sample, present), () => {
  let database: TestDatabase;
  let bulk: BulkWriter;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-usage-report-"));
  beforeAll(async () => {
    database = await createSqliteTestDatabase();
    bulk = openBulkWriter(database.target);
    const none = path.join(scratch, "none");
    await scanSessions({ bulk, repos: [], agents: { env: { CLAUDE_CONFIG_DIR: sample, CODEX_HOME: none, GEMINI_DATA_DIR: none, OPENCODE_DATA_DIR: none }, homeDir: none, workers: 0 } });
  });
  afterAll(async () => {
    await bulk.close();
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test("the CLI's documents from query options; a range, a breakdown and the blocks' limits", async () => {
    const daily = (await usageReport(bulk, "daily", usageReportQuerySchema.parse({ since: "20260211", until: "2026-02-11", timezone: "UTC", breakdown: "model" }))) as unknown as { daily: { date: string; model: string }[] };
    expect(daily.daily.map((row) => [row.date, row.model])).toEqual([
      ["2026-02-11", "claude-haiku-4-5-20251001"],
      ["2026-02-11", "claude-opus-4-6"],
    ]);
    const blocks = (await usageReport(bulk, "blocks", usageReportQuerySchema.parse({ limit: "$5", weekLimit: "1M" }))) as unknown as { blocks: { limit: unknown }[]; weekLimit: { kind: string } };
    expect(blocks.blocks[0]!.limit).toMatchObject({ kind: "cost", amount: 5 });
    expect(blocks.weekLimit).toMatchObject({ kind: "tokens", amount: 1_000_000 });
    const sessions = (await usageReport(bulk, "session", usageReportQuerySchema.parse({}))) as unknown as { sessions: unknown[] };
    expect(sessions.sessions).toHaveLength(4);
  });

  test("an unknown report is a 404, a bad zone or date a 400", async () => {
    await expect(usageReport(bulk, "yearly", usageReportQuerySchema.parse({}))).rejects.toBeInstanceOf(AppError);
    expect(() => usageReportQuerySchema.parse({ timezone: "Mars/Olympus" })).toThrow(ZodError);
    expect(() => usageReportQuerySchema.parse({ since: "2026-02-30" })).toThrow(ZodError);
  });
});
