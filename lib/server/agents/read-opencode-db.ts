import Database from "better-sqlite3";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finding, type Finding } from "../../core/findings";
import type { OpenCodeMessageRow, OpenCodePartRow, OpenCodeRows, OpenCodeSessionRow } from "../../core/sessions/parse-opencode";

/**
 * Reads the rows parse-opencode.ts needs from OpenCode's SQLite database, read-only.
 *
 * OpenCode keeps the database in WAL mode and may be running: recent rows can still be in
 * `opencode.db-wal`. A read-only connection reads the WAL (SQLite needs the `-shm` index for that
 * and creates it if missing, as every reader does). When the folder does not allow that (no
 * `-shm` and a read-only directory; current SQLite mostly copes by keeping the index in memory), the
 * database and its WAL are copied to a private temp folder and the copy is read, so we never write
 * beside the user's database.
 * Locked, corrupt or foreign files give an issue, never an exception.
 */

export interface ReadOpenCodeDbOptions {
  /** How long to wait on a lock before giving up (ms). */
  busyTimeoutMs?: number;
  /**
   * Read a private copy (database + WAL) instead of the file in place, for folders that must not
   * gain a `-shm` file (fixtures, backups). Also the fallback when reading in place fails to open.
   */
  copyFirst?: boolean;
}

export interface ReadOpenCodeDbResult {
  rows: OpenCodeRows | null;
  issues: Finding[];
}

const WANTED_SESSION_COLUMNS = ["id", "parent_id", "project_id", "directory", "title", "version", "agent", "model", "time_created", "time_updated"];
const WANTED_MESSAGE_COLUMNS = ["id", "session_id", "time_created", "data"];
const WANTED_PART_COLUMNS = ["id", "message_id", "session_id", "data"];
/**
 * Ids of each session's first user messages: the title is the first one with human text (OpenCode
 * marks the text it adds itself `synthetic`). A data row that is not JSON is no user message here.
 */
function firstUserMessages(order: string): string {
  return `SELECT id FROM (
  SELECT id, ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY ${order}) AS ordinal
  FROM message WHERE json_valid(data) AND json_extract(data, '$.role') = 'user'
) WHERE ordinal <= 3`;
}

export function readOpenCodeDb(databasePath: string, options: ReadOpenCodeDbOptions = {}): ReadOpenCodeDbResult {
  const timeout = options.busyTimeoutMs ?? 2_000;
  const direct: RowsAttempt = options.copyFirst
    ? { rows: null, issues: [], retryOnCopy: true }
    : readRows(databasePath, timeout);
  if (direct.rows !== null || !direct.retryOnCopy) return { rows: direct.rows, issues: direct.issues };

  let copyDir: string | null = null;
  try {
    copyDir = mkdtempSync(path.join(tmpdir(), "baton-opencode-"));
    const copy = path.join(copyDir, "opencode.db");
    copyFileSync(databasePath, copy);
    if (existsSync(`${databasePath}-wal`)) copyFileSync(`${databasePath}-wal`, `${copy}-wal`);
    const fromCopy = readRows(copy, timeout);
    if (fromCopy.rows !== null) return { rows: fromCopy.rows, issues: [] };
    return { rows: null, issues: [...direct.issues, ...fromCopy.issues] };
  } catch (error) {
    return { rows: null, issues: [...direct.issues, issue(databasePath, `could not copy for reading: ${message(error)}`)] };
  } finally {
    if (copyDir !== null) rmSync(copyDir, { recursive: true, force: true });
  }
}

interface RowsAttempt {
  rows: OpenCodeRows | null;
  issues: Finding[];
  /** The failure is about opening (permissions, WAL index), not the data: a copy may read fine. */
  retryOnCopy: boolean;
}

function readRows(databasePath: string, timeout: number): RowsAttempt {
  let db: Database.Database | null = null;
  try {
    db = new Database(databasePath, { readonly: true, fileMustExist: true, timeout });
    const sessionColumns = existingColumns(db, "session", WANTED_SESSION_COLUMNS);
    const messageColumns = existingColumns(db, "message", WANTED_MESSAGE_COLUMNS);
    const partColumns = existingColumns(db, "part", WANTED_PART_COLUMNS);
    if (!messageColumns.includes("data") || !messageColumns.includes("session_id")) {
      return { rows: null, issues: [issue(databasePath, "not an OpenCode database (no message table with session_id and data)")], retryOnCopy: false };
    }
    const sessions = sessionColumns.includes("id")
      ? (db.prepare(`SELECT ${sessionColumns.join(", ")} FROM session`).all() as OpenCodeSessionRow[])
      : [];
    const messages = db.prepare(`SELECT ${messageColumns.join(", ")} FROM message`).all() as OpenCodeMessageRow[];
    // Only the parts that carry usage or a compaction marker (text and tool parts are the bulk), and
    // the text of each session's first few user messages (its title: the first human prompt).
    const parts =
      partColumns.includes("data") && partColumns.includes("message_id")
        ? (db
            .prepare(
              `SELECT ${partColumns.join(", ")} FROM part WHERE instr(data, 'step-finish') > 0 OR instr(data, 'compaction') > 0` +
                (messageColumns.includes("id") ? ` OR (instr(data, '"text"') > 0 AND message_id IN (${firstUserMessages(messageColumns.includes("time_created") ? "time_created, id" : "id")}))` : ""),
            )
            .all() as OpenCodePartRow[])
        : [];
    return { rows: { sessions, messages, parts }, issues: [], retryOnCopy: false };
  } catch (error) {
    const code = errorCode(error);
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
      return { rows: null, issues: [issue(databasePath, `database is locked (${code}); read again next scan`)], retryOnCopy: false };
    }
    if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") {
      return { rows: null, issues: [issue(databasePath, `database is corrupt or not SQLite (${code})`)], retryOnCopy: false };
    }
    if (!existsSync(databasePath)) {
      return { rows: null, issues: [issue(databasePath, "database file not found")], retryOnCopy: false };
    }
    return { rows: null, issues: [issue(databasePath, `could not read database: ${message(error)}`)], retryOnCopy: true };
  } finally {
    db?.close();
  }
}

function existingColumns(db: Database.Database, table: string, wanted: readonly string[]): string[] {
  const columns = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name));
  return wanted.filter((column) => columns.has(column));
}

function issue(databasePath: string, text: string): Finding {
  return finding("opencode-db-unreadable", "warning", null, `${databasePath}: ${text}`);
}

function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
