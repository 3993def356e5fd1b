import type { Db } from "./client";

/** What plain-SQL reads need of a database: BulkWriter (both providers, `?` placeholders) fits. */
export interface SqlReader {
  query<T>(sql: string, params?: (string | number | boolean | null | Date)[]): Promise<T[]>;
}

/**
 * A SqlReader over Prisma's raw queries: `?` placeholders become a provider-neutral Prisma.sql
 * (loaded on first use, so importing this costs nothing when a BulkWriter is used instead).
 */
export function sqlReaderFor(db: Db): SqlReader {
  return {
    async query<T>(text: string, params: (string | number | boolean | null | Date)[] = []) {
      const { Prisma } = await import("../../../generated/sqlite/client");
      return (await db.$queryRaw(Prisma.sql(text.split("?"), ...params))) as T[];
    },
  };
}
