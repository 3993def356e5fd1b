/**
 * Bulk writes beside Prisma. Prisma's createMany through the SQLite adapter writes ~3.5k rows/s;
 * a scan of 10,000 handoffs on 50 branches writes far more rows than that budget allows. This path
 * uses the drivers directly (prepared statements in one transaction; multi-row VALUES on Postgres)
 * and stores values exactly as Prisma would (ISO timestamps, 0/1 booleans on SQLite).
 */
import Database from "better-sqlite3";
import type pg from "pg";
import { postgresConnectionConfig, resolveDatabaseUrl, type DatabaseTarget } from "./database-url";
import { postgresDriver } from "./postgres-driver";

export type Cell = string | number | boolean | null | Date;
export type Row = Cell[];

export interface BulkWriter {
  readonly provider: DatabaseTarget["provider"];
  /** Runs `work` in one transaction. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` so that, when it fails, what it wrote is undone and the enclosing transaction goes on
   * (a SAVEPOINT; PostgreSQL otherwise refuses every statement after a failed one). Outside a
   * transaction it is one. The error is thrown on; the caller decides what a failure means.
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
  /** Inserts rows; `conflict` names the unique columns to ignore duplicates on (keeps existing rows). */
  insert(table: string, columns: string[], rows: Row[], options?: { ignoreConflicts?: boolean }): Promise<void>;
  /**
   * INSERT … ON CONFLICT (conflict) DO UPDATE SET each `update` column to the incoming value, only
   * where `where` holds (SQL over the stored row, `"<table>"."col"`, and the incoming one, `excluded."col"`;
   * SQLite and PostgreSQL share the syntax). Rows must not repeat a conflict key within one call
   * (PostgreSQL refuses to update a row twice in one statement).
   */
  upsert(table: string, columns: string[], rows: Row[], options: UpsertOptions): Promise<void>;
  /** DELETE … WHERE column IN (values), chunked. */
  deleteWhereIn(table: string, column: string, values: (string | number)[]): Promise<void>;
  execute(sql: string, params?: Cell[]): Promise<void>;
  query<T>(sql: string, params?: Cell[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface UpsertOptions {
  conflict: string[];
  update: string[];
  where?: string;
}

/**
 * A failure inside a savepoint took the whole transaction with it (SQLite rolls back by itself on a
 * full disk; a PostgreSQL connection may be gone): nothing after it can be written, so no caller
 * may treat it as one file's problem. `cause` is the error that did it.
 */
export class TransactionLostError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "TransactionLostError";
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function upsertClause(options: UpsertOptions): string {
  const set = options.update.length > 0 ? options.update.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(", ") : null;
  if (set === null) return ` ON CONFLICT (${options.conflict.map(quote).join(", ")}) DO NOTHING`;
  return ` ON CONFLICT (${options.conflict.map(quote).join(", ")}) DO UPDATE SET ${set}${options.where ? ` WHERE ${options.where}` : ""}`;
}

function sqliteValue(cell: Cell): string | number | null {
  if (cell instanceof Date) return cell.toISOString().replace("Z", "+00:00");
  if (typeof cell === "boolean") return cell ? 1 : 0;
  return cell;
}

/** Rows from which PostgreSQL inserts go as one array per column (insertArrays). */
const UNNEST_MIN_ROWS = 16;
/** Rows per UNNEST statement. */
const UNNEST_ROWS = 10_000;
/**
 * Text longer than this goes as VALUES parameters: inside an array literal every quote and backslash
 * is escaped and parsed again, which made 1,930 sample chunks (7.5 MB) 1.3× slower than VALUES.
 */
const UNNEST_MAX_TEXT = 1024;

function holdsLongText(rows: readonly Row[]): boolean {
  for (const row of rows) {
    for (const cell of row) if (typeof cell === "string" && cell.length > UNNEST_MAX_TEXT) return true;
  }
  return false;
}

function postgresValue(cell: Cell): string | number | boolean | null {
  // timestamp(3) without time zone: send UTC wall time, never the process's local zone.
  if (cell instanceof Date) return cell.toISOString().replace("Z", "");
  return cell;
}

/**
 * `(values) => ({ name0: values[0], … })` for a result's column names: an object literal, so every
 * row shares one shape. Names are JSON-quoted; `__proto__` becomes a computed key, so it is an own
 * property and never the row's prototype (better-sqlite3's own rows drop such a column). A repeated
 * name keeps its last column's value, as better-sqlite3's own rows do.
 */
export function rowFactory(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, index) => `${name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: values[${index}]`);
  return new Function("values", `return { ${fields.join(", ")} };`) as (values: unknown[]) => Record<string, unknown>;
}

class SqliteBulkWriter implements BulkWriter {
  readonly provider = "sqlite" as const;
  private db: Database.Database;
  private statements = new Map<string, Database.Statement>();
  private reads = new Map<string, { statement: Database.Statement; row: ((values: unknown[]) => unknown) | null }>();
  private depth = 0;

  constructor(filePath: string) {
    this.db = new Database(filePath);
    this.db.pragma("busy_timeout = 10000");
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("foreign_keys = ON");
    // 8 MiB of page cache (default 2 MiB). A first agent scan is one transaction: its pages stay in
    // this cache until it spills, so the size is part of a scan's peak memory. 32 MiB measured no
    // faster on a 3.9 GB corpus (3.64 s against 3.69 s) and held 20-30 MiB more.
    this.db.pragma("cache_size = -8192");
    // WAL + NORMAL: commits stop waiting for fsync (checkpoints still sync). A power cut can lose the
    // last transactions, never consistency, and everything here is re-derivable by a rescan.
    this.db.pragma("synchronous = NORMAL");
  }

  private prepare(sql: string) {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    this.depth++;
    try {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const result = await work();
        this.db.exec("COMMIT");
        return result;
      } catch (error) {
        // SQLite rolls a transaction back by itself on some errors (a full disk, an I/O error): a
        // ROLLBACK then fails with "no transaction is active" and would hide the error that matters.
        if (this.db.inTransaction) {
          try {
            this.db.exec("ROLLBACK");
          } catch {
            // The original error says what went wrong.
          }
        }
        throw error;
      }
    } finally {
      this.depth--;
    }
  }

  private savepoints = 0;

  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth === 0) return this.transaction(work);
    const name = `baton_sp_${++this.savepoints}`;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      if (!this.db.inTransaction) throw new TransactionLostError(error);
      try {
        this.db.exec(`ROLLBACK TO ${name}`);
        this.db.exec(`RELEASE ${name}`);
      } catch {
        throw new TransactionLostError(error);
      }
      throw error;
    } finally {
      this.savepoints--;
    }
  }

  async insert(table: string, columns: string[], rows: Row[], options: { ignoreConflicts?: boolean } = {}) {
    if (rows.length === 0) return;
    const sql = `INSERT ${options.ignoreConflicts ? "OR IGNORE " : ""}INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    const statement = this.prepare(sql);
    const run = () => {
      for (const row of rows) statement.run(row.map(sqliteValue));
    };
    if (this.depth > 0) run();
    else this.db.transaction(run)();
  }

  async upsert(table: string, columns: string[], rows: Row[], options: UpsertOptions) {
    if (rows.length === 0) return;
    const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})${upsertClause(options)}`;
    const statement = this.prepare(sql);
    const run = () => {
      for (const row of rows) statement.run(row.map(sqliteValue));
    };
    if (this.depth > 0) run();
    else this.db.transaction(run)();
  }

  async deleteWhereIn(table: string, column: string, values: (string | number)[]) {
    for (let index = 0; index < values.length; index += 500) {
      const chunk = values.slice(index, index + 500);
      this.db.prepare(`DELETE FROM ${quote(table)} WHERE ${quote(column)} IN (${chunk.map(() => "?").join(", ")})`).run(chunk);
    }
  }

  async execute(sql: string, params: Cell[] = []) {
    this.prepare(sql).run(params.map(sqliteValue));
  }

  async query<T>(sql: string, params: Cell[] = []): Promise<T[]> {
    let read = this.reads.get(sql);
    if (!read) {
      const statement = this.db.prepare(sql);
      // Rows as arrays, made objects by a literal: better-sqlite3 sets a row object's properties one
      // by one from C++, ~3x slower over a 1,930-row, 34-column read (40 -> 13.5 ms).
      read = statement.reader ? { statement: statement.raw(true), row: rowFactory(statement.columns().map((column) => column.name)) } : { statement, row: null };
      this.reads.set(sql, read);
    }
    const rows = read.statement.all(params.map(sqliteValue)) as unknown[][];
    return (read.row === null ? rows : rows.map(read.row)) as T[];
  }

  async close() {
    this.db.close();
  }
}

class PostgresBulkWriter implements BulkWriter {
  readonly provider = "postgresql" as const;
  private client: pg.Client;
  private connected: Promise<void>;
  private depth = 0;

  constructor(url: string) {
    this.client = new (postgresDriver().Client)(postgresConnectionConfig(url));
    this.connected = this.client.connect();
  }

  private async run(sql: string, params: unknown[] = []) {
    await this.connected;
    return this.client.query(sql, params);
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    this.depth++;
    try {
      await this.run("BEGIN");
      try {
        const result = await work();
        await this.run("COMMIT");
        return result;
      } catch (error) {
        // A lost connection cannot roll back either; the original error is the one to report.
        await this.run("ROLLBACK").catch(() => undefined);
        throw error;
      }
    } finally {
      this.depth--;
    }
  }

  private savepoints = 0;

  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth === 0) return this.transaction(work);
    const name = `baton_sp_${++this.savepoints}`;
    await this.run(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await this.run(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      try {
        await this.run(`ROLLBACK TO SAVEPOINT ${name}`);
        await this.run(`RELEASE SAVEPOINT ${name}`);
      } catch {
        throw new TransactionLostError(error);
      }
      throw error;
    } finally {
      this.savepoints--;
    }
  }

  async insert(table: string, columns: string[], rows: Row[], options: { ignoreConflicts?: boolean } = {}) {
    await this.insertTuples(table, columns, rows, options.ignoreConflicts ? " ON CONFLICT DO NOTHING" : "");
  }

  async upsert(table: string, columns: string[], rows: Row[], options: UpsertOptions) {
    await this.insertTuples(table, columns, rows, upsertClause(options));
  }

  private async insertTuples(table: string, columns: string[], rows: Row[], suffix: string) {
    if (rows.length === 0) return;
    if (rows.length >= UNNEST_MIN_ROWS && !holdsLongText(rows)) return this.insertArrays(table, columns, rows, suffix);
    // Postgres allows 65,535 bind parameters per statement.
    const perStatement = Math.max(1, Math.floor(60_000 / columns.length));
    for (let index = 0; index < rows.length; index += perStatement) {
      const chunk = rows.slice(index, index + perStatement);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => {
        const placeholders = row.map((cell) => {
          params.push(postgresValue(cell));
          return `$${params.length}`;
        });
        return `(${placeholders.join(", ")})`;
      });
      await this.run(`INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${tuples.join(", ")}${suffix}`, params);
    }
  }

  /** Each column's type as PostgreSQL names it (`timestamp without time zone`), read once per table. */
  private columnTypes = new Map<string, Promise<Map<string, string>>>();

  private typesOf(table: string): Promise<Map<string, string>> {
    let types = this.columnTypes.get(table);
    if (types === undefined) {
      // The type without its modifier (`character varying`, not `character varying(255)`): an explicit
      // cast to varchar(n) would cut a longer value silently, where VALUES fails; the insert's own
      // assignment to the column applies the modifier either way (timestamp(3) rounds alike).
      types = this.run(`SELECT a."attname" AS "name", format_type(a."atttypid", NULL) AS "type" FROM pg_attribute a WHERE a."attrelid" = to_regclass($1) AND a."attnum" > 0 AND NOT a."attisdropped"`, [quote(table)]).then(
        (result) => new Map((result.rows as { name: string; type: string }[]).map((row) => [row.name, row.type])),
      );
      // A failed read is not kept: the next insert asks again.
      types.catch(() => this.columnTypes.delete(table));
      this.columnTypes.set(table, types);
    }
    return types;
  }

  /**
   * INSERT … SELECT * FROM UNNEST($1::type[], $2::type[], …): one array per column instead of one
   * parameter per cell. The server parses a short statement and binds a few arrays instead of a
   * statement of up to 60,000 parameters: 1.5–2× faster for the session and rollup rows of an ingest
   * (1,930 AgentSession rows 112–165 → 66–87 ms, 4,112 UsageRollup rows 89–130 → 57–61 ms). Values
   * go as the same text as in VALUES, cast to each column's own type.
   */
  private async insertArrays(table: string, columns: string[], rows: Row[], suffix: string) {
    const types = await this.typesOf(table);
    const casts = columns.map((column, index) => {
      const type = types.get(column);
      if (type === undefined) throw new Error(`no column ${column} in ${table}`);
      return `$${index + 1}::${type}[]`;
    });
    const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) SELECT * FROM UNNEST(${casts.join(", ")})${suffix}`;
    for (let index = 0; index < rows.length; index += UNNEST_ROWS) {
      const chunk = rows.slice(index, index + UNNEST_ROWS);
      await this.run(sql, columns.map((_column, column) => chunk.map((row) => postgresValue(row[column] ?? null))));
    }
  }

  async deleteWhereIn(table: string, column: string, values: (string | number)[]) {
    for (let index = 0; index < values.length; index += 5000) {
      await this.run(`DELETE FROM ${quote(table)} WHERE ${quote(column)} = ANY($1)`, [values.slice(index, index + 5000)]);
    }
  }

  async execute(sql: string, params: Cell[] = []) {
    await this.run(toPostgresPlaceholders(sql), params.map(postgresValue));
  }

  async query<T>(sql: string, params: Cell[] = []): Promise<T[]> {
    await this.connected;
    // Rows as arrays, made objects by a literal (as on SQLite): pg otherwise builds each row's object
    // a property at a time.
    const result = await this.client.query({ text: toPostgresPlaceholders(sql), values: params.map(postgresValue), rowMode: "array" });
    if (result.fields.length === 0) return [];
    const key = result.fields.map((field) => field.name).join("\u0000");
    let row = this.rowMakers.get(key);
    if (row === undefined) {
      row = rowFactory(result.fields.map((field) => field.name));
      if (this.rowMakers.size < 256) this.rowMakers.set(key, row);
    }
    return (result.rows as unknown[][]).map(row) as T[];
  }

  /** rowFactory's functions by column list (a connection runs a few dozen distinct reads). */
  private rowMakers = new Map<string, (values: unknown[]) => Record<string, unknown>>();

  async close() {
    await this.connected.catch(() => undefined);
    await this.client.end();
  }
}

/** Lets callers write `?` placeholders for both providers. */
function toPostgresPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

export function openBulkWriter(target: DatabaseTarget = resolveDatabaseUrl()): BulkWriter {
  return target.provider === "postgresql" ? new PostgresBulkWriter(target.url) : new SqliteBulkWriter(target.filePath!);
}
