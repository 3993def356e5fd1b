import Database from "better-sqlite3";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fixtureSuite, PUBLIC, REALCLI } from "../../core/test-support/shared-fixtures";
import { OPENCODE_EXPECTED, tokenFields } from "../../core/sessions/__fixtures__/realcli-truth";
import { parseOpenCode } from "../../core/sessions/parse-opencode";
import { summariseSessions } from "../../core/sessions/summarise-session";
import { readOpenCodeDb } from "./read-opencode-db";

const scratch = mkdtempSync(path.join(tmpdir(), "baton-opencode-db-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A minimal database with the 1.x tables, written through `db` (left open for the caller). */
function createOpenCodeDb(file: string, journalMode: "wal" | "delete"): Database.Database {
  const db = new Database(file);
  db.pragma(`journal_mode = ${journalMode}`);
  db.pragma("wal_autocheckpoint = 0");
  db.exec(`
    CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, directory TEXT NOT NULL, time_created INTEGER, time_updated INTEGER);
    CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);
    CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);
  `);
  db.prepare("INSERT INTO session VALUES (?, NULL, ?, 1, 2)").run("ses_1", "/w");
  const insert = db.prepare("INSERT INTO message VALUES (?, 'ses_1', ?, ?, ?)");
  for (let index = 1; index <= 3; index += 1) {
    insert.run(`msg_${index}`, index, index, JSON.stringify({ role: "assistant", modelID: "m", tokens: { input: index, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: index } }));
  }
  db.prepare("INSERT INTO part VALUES ('prt_text', 'msg_1', 'ses_1', 1, 1, ?)").run(JSON.stringify({ type: "text", text: "hello" }));
  return db;
}

describe("readOpenCodeDb", () => {
  test("reads rows still in the -wal file while OpenCode has the database open", () => {
    const dir = path.join(scratch, "live");
    mkdirSync(dir);
    const file = path.join(dir, "opencode.db");
    const writer = createOpenCodeDb(file, "wal");
    try {
      expect(existsSync(`${file}-wal`)).toBe(true);
      const { rows, issues } = readOpenCodeDb(file);
      expect(issues).toEqual([]);
      expect(rows?.messages.map((row) => row.id)).toEqual(["msg_1", "msg_2", "msg_3"]);
      // Text parts are not read: only usage (step-finish) and compaction parts matter.
      expect(rows?.parts).toEqual([]);
    } finally {
      writer.close();
    }
  });

  test("an unusable -shm beside a WAL snapshot still reads (SQLite keeps the index in memory)", () => {
    const source = path.join(scratch, "snapshot-source");
    mkdirSync(source);
    const writer = createOpenCodeDb(path.join(source, "opencode.db"), "wal");
    const dir = path.join(scratch, "snapshot");
    mkdirSync(dir);
    try {
      copyFileSync(path.join(source, "opencode.db"), path.join(dir, "opencode.db"));
      copyFileSync(path.join(source, "opencode.db-wal"), path.join(dir, "opencode.db-wal"));
    } finally {
      writer.close();
    }
    // A directory where the -shm file should go: SQLite cannot create the shared index there.
    mkdirSync(path.join(dir, "opencode.db-shm"));
    const { rows, issues } = readOpenCodeDb(path.join(dir, "opencode.db"));
    expect(issues).toEqual([]);
    expect(rows?.messages).toHaveLength(3);
  });

  test("copyFirst reads a private copy of the database and its WAL, leaving the folder untouched", () => {
    const dir = path.join(scratch, "copy-first");
    mkdirSync(dir);
    const file = path.join(dir, "opencode.db");
    const writer = createOpenCodeDb(file, "wal");
    try {
      const before = readdirSync(dir).sort();
      const { rows, issues } = readOpenCodeDb(file, { copyFirst: true });
      expect(issues).toEqual([]);
      expect(rows?.messages).toHaveLength(3);
      expect(readdirSync(dir).sort()).toEqual(before);
    } finally {
      writer.close();
    }
  });

  test("a database locked by a writer is an issue, not an exception", () => {
    const file = path.join(scratch, "locked.db");
    const writer = createOpenCodeDb(file, "delete");
    try {
      writer.exec("BEGIN EXCLUSIVE; INSERT INTO session VALUES ('ses_2', NULL, '/w', 3, 4);");
      const { rows, issues } = readOpenCodeDb(file, { busyTimeoutMs: 50 });
      expect(rows).toBeNull();
      expect(issues).toEqual([expect.objectContaining({ rule: "opencode-db-unreadable", message: expect.stringContaining("locked") })]);
      writer.exec("ROLLBACK");
    } finally {
      writer.close();
    }
  });

  test("a corrupt file, a missing file and a foreign database are issues", () => {
    const corrupt = path.join(scratch, "corrupt.db");
    writeFileSync(corrupt, Buffer.from("this is not an sqlite database at all, just text".repeat(100)));
    expect(readOpenCodeDb(corrupt).issues).toEqual([expect.objectContaining({ message: expect.stringContaining("corrupt") })]);

    expect(readOpenCodeDb(path.join(scratch, "missing.db")).issues).toEqual([expect.objectContaining({ message: expect.stringContaining("not found") })]);

    const foreign = path.join(scratch, "foreign.db");
    const db = new Database(foreign);
    db.exec("CREATE TABLE notes (id INTEGER)");
    db.close();
    expect(readOpenCodeDb(foreign).issues).toEqual([expect.objectContaining({ message: expect.stringContaining("not an OpenCode database") })]);
  });
});

const realDb = path.join(REALCLI, "opencode", ".local", "share", "opencode", "opencode.db");
describe.skipIf(!existsSync(realDb))(fixtureSuite("readOpenCodeDb: the database OpenCode 1.18.33 wrote", realDb, existsSync(realDb)), () => {
  test("rows parse to the mock's usage, to the token", () => {
    // copyFirst: a read-only connection may still create -shm beside a WAL-mode file.
    const { rows, issues } = readOpenCodeDb(realDb, { copyFirst: true });
    expect(issues).toEqual([]);
    expect(rows?.sessions).toHaveLength(2);
    expect(rows?.messages).toHaveLength(18);
    const parsed = parseOpenCode({ rows });
    const sessions = summariseSessions(parsed.value.map((log) => ({ file: realDb, log })));
    for (const expected of OPENCODE_EXPECTED) {
      const summary = sessions.find((session) => session.sessionId === expected.sessionId);
      expect(summary && tokenFields(summary)).toEqual(tokenFields(expected));
      expect(summary?.requests).toBe(expected.requests);
      expect(summary?.compactions).toBe(expected.compactions);
    }
  });
});

const syntheticDb = path.join(PUBLIC, "opencode", "synthetic", "sqlite", "opencode.db");
describe.skipIf(!existsSync(syntheticDb))(fixtureSuite("readOpenCodeDb: a database with fewer columns", syntheticDb, existsSync(syntheticDb)), () => {
  test("reads whichever of the wanted columns exist", () => {
    const copy = path.join(scratch, "synthetic.db");
    copyFileSync(syntheticDb, copy);
    const { rows, issues } = readOpenCodeDb(copy);
    expect(issues).toEqual([]);
    expect(rows?.sessions).toHaveLength(1);
    expect(rows?.messages).toHaveLength(4);
  });
});
