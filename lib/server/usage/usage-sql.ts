/**
 * Usage reads through the database driver (better-sqlite3 / pg, as the bulk path), not Prisma's raw
 * queries: a report reads thousands of rollup rows, and Prisma's row decoding (BIGINT columns as
 * BigInt, each row through its query engine) took a 10x all-time report 1.5–2× as long as the driver.
 * One connection per process on DATABASE_URL's database, read only from here; a connection that
 * fails is dropped and opened again on the next read.
 */
import { openBulkWriter, type BulkWriter } from "../db/bulk";
import { isSharedDb, type Db } from "../db/client";
import { resolveDatabaseUrl } from "../db/database-url";
import { sqlReaderFor, type SqlReader } from "../db/sql-reader";

const globalForReader = globalThis as unknown as { batonUsageReader?: { key: string; writer: BulkWriter } };

function sharedReader(): SqlReader {
  return {
    async query<T>(sql: string, params?: (string | number | boolean | null | Date)[]) {
      const target = resolveDatabaseUrl();
      if (globalForReader.batonUsageReader?.key !== target.url) {
        const stale = globalForReader.batonUsageReader;
        globalForReader.batonUsageReader = { key: target.url, writer: openBulkWriter(target) };
        await stale?.writer.close().catch(() => undefined);
      }
      const held = globalForReader.batonUsageReader;
      try {
        return await held.writer.query<T>(sql, params);
      } catch (error) {
        if (globalForReader.batonUsageReader === held) globalForReader.batonUsageReader = undefined;
        await held.writer.close().catch(() => undefined);
        throw error;
      }
    },
  };
}

/** The reader usage views use for `db`: the driver for the process's shared client, else `db` itself (tests). */
export function usageSqlFor(db: Db): SqlReader {
  return isSharedDb(db) ? sharedReader() : sqlReaderFor(db);
}
