import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../../cli/baton";
import { POST } from "../../../app/api/scan/route";
import { scanSessions } from "../sessions/scan-sessions";
import { createSqliteTestDatabase, POSTGRES_SKIP_MESSAGE, postgresTestUrl } from "../test-support/test-database";
import { openBulkWriter, TransactionLostError } from "./bulk";
import type { DatabaseTarget } from "./database-url";
import { isIsolable } from "./isolate";
import { classifyStorageError } from "./storage-errors";

/**
 * Issue 15 item 8: storage failures read as one line (what happened, where), from the real error
 * objects each database gives, and never as a stack trace or "cannot rollback".
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), "baton-storage-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sqliteTarget = (filePath: string): DatabaseTarget => ({ provider: "sqlite", url: `file:${filePath}`, filePath });

function caught(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

/** A Claude transcript of `count` distinct responses (about 400 bytes each). */
function writeClaudeLog(home: string, count: number): void {
  const folder = path.join(home, "projects", "-work-app");
  mkdirSync(folder, { recursive: true });
  const lines = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      type: "assistant",
      sessionId: `s-${index % 40}`,
      cwd: "/work/app",
      gitBranch: "main",
      timestamp: new Date(Date.UTC(2026, 10, 1, 0, 0, index)).toISOString(),
      requestId: `req${index}`,
      message: { id: `msg_${index}`, model: "claude-sonnet-4-5", usage: { input_tokens: index, cache_creation_input_tokens: 10, cache_read_input_tokens: 1000, output_tokens: 5 } },
    }),
  );
  writeFileSync(path.join(folder, "11111111-2222-4333-8444-555555555555.jsonl"), `${lines.join("\n")}\n`);
}

describe("classifyStorageError: SQLite's own errors", () => {
  it("a full database (PRAGMA max_page_count) is 'the disk is full', with the path and the free space", () => {
    const file = path.join(scratch, "full.db");
    const db = new Database(file);
    db.exec("CREATE TABLE t (x TEXT)");
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
    const error = caught(() => {
      for (let index = 0; index < 10_000; index += 1) db.prepare("INSERT INTO t VALUES (?)").run("x".repeat(1000));
    });
    db.close();
    expect((error as { code?: string }).code).toBe("SQLITE_FULL");
    const failure = classifyStorageError(error, sqliteTarget(file));
    expect(failure?.kind).toBe("disk-full");
    expect(failure?.message).toMatch(new RegExp(`^the disk is full \\(${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, [\\d.]+ [KMG]?B free\\)`));
    expect(isIsolable(error)).toBe(false);
  });

  it("a file opened read-only is 'the database file is read-only (path)'", () => {
    const file = path.join(scratch, "ro.db");
    new Database(file).exec("CREATE TABLE t (x TEXT)");
    const db = new Database(file, { readonly: true });
    const error = caught(() => db.prepare("INSERT INTO t VALUES ('x')").run());
    db.close();
    expect((error as { code?: string }).code).toBe("SQLITE_READONLY");
    expect(classifyStorageError(error, sqliteTarget(file))).toEqual({ kind: "read-only", message: expect.stringMatching(/^the database file is read-only \(.*ro\.db\)/) });
  });

  it("a folder that does not exist, a locked database and a damaged file each say so", () => {
    const missing = path.join(scratch, "no", "such", "folder", "x.db");
    expect(classifyStorageError(caught(() => new Database(missing)), sqliteTarget(missing))?.kind).toBe("cannot-open");

    const file = path.join(scratch, "busy.db");
    const first = new Database(file);
    first.exec("CREATE TABLE t (x TEXT)");
    first.exec("BEGIN IMMEDIATE");
    const second = new Database(file, { timeout: 0 });
    expect(classifyStorageError(caught(() => second.exec("BEGIN IMMEDIATE")), sqliteTarget(file))?.kind).toBe("busy");
    first.exec("ROLLBACK");
    first.close();
    second.close();

    const junk = path.join(scratch, "junk.db");
    writeFileSync(junk, "this is not a database, it is a text file of more than a hundred bytes. ".repeat(20));
    expect(classifyStorageError(caught(() => new Database(junk).prepare("SELECT * FROM sqlite_master").all()), sqliteTarget(junk))?.kind).toBe("damaged");
  });

  it("the schema engine's text-only errors are read by SQLite's wording", () => {
    const error = new Error("database or disk is full\n   0: sql_schema_connector::apply_migration::apply_script");
    expect(classifyStorageError(error, sqliteTarget("/tmp/x.db"))?.kind).toBe("disk-full");
    // Wrapped (a lost transaction) or caused: the chain is followed.
    expect(classifyStorageError(new TransactionLostError(Object.assign(new Error("x"), { code: "SQLITE_READONLY_DBMOVED", name: "SqliteError" })), sqliteTarget("/tmp/x.db"))?.kind).toBe("read-only");
  });

  it("a data error is not a storage failure: it stays one file's problem", () => {
    expect(classifyStorageError(new Error("bigint out of range"), sqliteTarget("/tmp/x.db"))).toBeNull();
    expect(isIsolable(Object.assign(new Error("NOT NULL constraint failed"), { code: "SQLITE_CONSTRAINT_NOTNULL", name: "SqliteError" }))).toBe(true);
  });
});

describe("a full disk during a scan", () => {
  it("rolls back and throws the real error (never 'cannot rollback - no transaction is active'), classified", async () => {
    const database = await createSqliteTestDatabase();
    const home = path.join(scratch, "full-home");
    writeClaudeLog(path.join(home, ".claude"), 4000);
    const bulk = openBulkWriter(database.target);
    try {
      const pages = (await bulk.query<{ page_count: number }>("PRAGMA page_count"))[0]!.page_count;
      await bulk.query(`PRAGMA max_page_count = ${pages + 4}`);
      const error = await scanSessions({ bulk, agents: { env: { CLAUDE_CONFIG_DIR: path.join(home, ".claude") }, homeDir: path.join(scratch, "nobody"), workers: 0 } }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).not.toBeNull();
      expect(String((error as Error).message)).not.toMatch(/cannot rollback/);
      expect(classifyStorageError(error, database.target)?.kind).toBe("disk-full");
      // The connection is usable afterwards (no transaction left open).
      await bulk.query("PRAGMA max_page_count = 1073741823");
      expect(await bulk.query(`SELECT COUNT(*) AS "n" FROM "AgentSession"`)).toEqual([{ n: 0 }]);
    } finally {
      await bulk.close();
      await database.drop();
    }
  });
});

/** Root ignores file modes; an immutable file (chattr +i) and a tiny tmpfs are real failures even for root. */
function tryRun(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("baton scan on a read-only or full database: one line, exit 1, no stack", () => {
  const output = () => {
    const lines: { out: string[]; err: string[] } = { out: [], err: [] };
    return { lines, io: { out: (text: string) => lines.out.push(text), err: (text: string) => lines.err.push(text), isTTY: false } };
  };
  const run = async (databaseFile: string, claudeDir: string) => {
    const { lines, io } = output();
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: `file:${databaseFile}`, CLAUDE_CONFIG_DIR: claudeDir, BATON_HOME_DIR: path.join(scratch, "nobody"), BATON_DEBUG: "" });
    for (const name of ["CODEX_HOME", "GEMINI_DATA_DIR", "OPENCODE_DATA_DIR"]) process.env[name] = path.join(scratch, "none");
    try {
      const code = await main(["scan", "--agents", "--workers", "0"], io as never);
      return { code, err: lines.err.join("\n") };
    } finally {
      process.env = saved;
    }
  };

  const immutable = path.join(scratch, "immutable-probe");
  writeFileSync(immutable, "x");
  const canChattr = tryRun("chattr", ["+i", immutable]) && tryRun("chattr", ["-i", immutable]);
  // Skipped only where `chattr +i` is refused (not root, or a file system without immutable files).
  it.skipIf(!canChattr)("a read-only database file (chattr +i)", async () => {
    const folder = path.join(scratch, "ro-cli");
    mkdirSync(folder);
    const claudeDir = path.join(folder, "claude");
    writeClaudeLog(claudeDir, 20);
    expect((await run(path.join(folder, "baton.db"), claudeDir)).code).toBe(0);
    writeClaudeLog(claudeDir, 40);
    execFileSync("chattr", ["+i", path.join(folder, "baton.db")]);
    try {
      const result = await run(path.join(folder, "baton.db"), claudeDir);
      expect(result.code).toBe(1);
      expect(result.err).toBe(`baton: the database file is read-only (${path.join(folder, "baton.db")}): make it and its folder writable, or set DATABASE_URL to another file`);
    } finally {
      execFileSync("chattr", ["-i", path.join(folder, "baton.db")]);
    }
  });

  const mountPoint = path.join(scratch, "tiny");
  mkdirSync(mountPoint);
  const canMount = tryRun("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]);
  afterAll(() => {
    if (canMount) tryRun("umount", [mountPoint]);
  });
  // Skipped only where a tmpfs cannot be mounted (not root, or a container without CAP_SYS_ADMIN).
  it.skipIf(!canMount)("a full disk (a 1 MB tmpfs)", async () => {
    const claudeDir = path.join(scratch, "full-cli-claude");
    writeClaudeLog(claudeDir, 20_000);
    const result = await run(path.join(mountPoint, "baton.db"), claudeDir);
    expect(result.code).toBe(1);
    expect(result.err.split("\n").at(-1)).toMatch(new RegExp(`^baton: the disk is full \\(${mountPoint.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/baton\\.db, [\\d.]+ [KMG]?B free\\): free some space and scan again$`));
  });
});

describe("the Rescan button's route on a database it cannot use", () => {
  it("answers 503 with the same one line, not {\"error\":\"internal error\"}", async () => {
    const file = path.join(scratch, "route-missing", "deeper", "baton.db");
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `file:${file}`;
    try {
      const response = await POST(new Request("http://127.0.0.1/api/scan", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ kind: "cannot-open", error: `the database file cannot be opened (${file}): check that its folder exists and is writable` });
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});

describe.skipIf(!postgresTestUrl)(`classifyStorageError: PostgreSQL's own errors${postgresTestUrl ? "" : ` (${POSTGRES_SKIP_MESSAGE})`}`, () => {
  const target = (url: string): DatabaseTarget => ({ provider: "postgresql", url, filePath: null });

  it("a read-only transaction (25006), a database that does not exist (3D000), a refused connection", async () => {
    const client = new pg.Client({ connectionString: postgresTestUrl });
    await client.connect();
    try {
      await client.query("BEGIN READ ONLY");
      const error = await client.query("CREATE TABLE baton_ro_probe (x int)").then(() => null, (thrown: unknown) => thrown);
      await client.query("ROLLBACK");
      expect((error as { code?: string }).code).toBe("25006");
      expect(classifyStorageError(error, target(postgresTestUrl!))?.message).toMatch(/^the database is read-only \(PostgreSQL at 127\.0\.0\.1:5432\/postgres/);
      // A data error (bigint syntax) is not storage: isolated to its file.
      const data = await client.query("SELECT '1e30'::bigint").then(() => null, (thrown: unknown) => thrown);
      expect(classifyStorageError(data, target(postgresTestUrl!))).toBeNull();
      expect(isIsolable(data)).toBe(true);
    } finally {
      await client.end();
    }
    const missingUrl = new URL(postgresTestUrl!);
    missingUrl.pathname = "/baton_no_such_database";
    const missing = new pg.Client({ connectionString: missingUrl.toString() });
    const noDatabase = await missing.connect().then(() => null, (thrown: unknown) => thrown);
    await missing.end().catch(() => undefined);
    expect(classifyStorageError(noDatabase, target(missingUrl.toString()))?.kind).toBe("no-database");

    const closed = new pg.Client({ host: "127.0.0.1", port: 1, user: "postgres", database: "postgres" });
    const refused = await closed.connect().then(() => null, (thrown: unknown) => thrown);
    expect(classifyStorageError(refused, target("postgresql://postgres@127.0.0.1:1/postgres"))?.message).toBe(
      "cannot reach the database server (PostgreSQL at 127.0.0.1:1/postgres): is PostgreSQL running and is DATABASE_URL right?",
    );
  });

  it("a full disk (53100) cannot be provoked here: its SQLSTATE is classified as PostgreSQL documents it", () => {
    const error = Object.assign(new Error('could not extend file "base/16384/16385": No space left on device'), { code: "53100" });
    expect(classifyStorageError(error, target(postgresTestUrl!))?.kind).toBe("disk-full");
  });
});
