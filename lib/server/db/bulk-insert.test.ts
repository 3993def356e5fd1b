/**
 * Bulk inserts store exactly what was given, on both providers and whichever way the rows go
 * (PostgreSQL: one array per column for many short rows, VALUES parameters for a few rows or long
 * text; bulk.ts insertArrays): the same rows written both ways read back the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_SKIP_MESSAGE, testProviders, type TestDatabase } from "../test-support/test-database";
import { openBulkWriter, type BulkWriter, type Row } from "./bulk";

const COLUMNS = ["id", "n", "i", "f", "b", "t", "s"];
const TEXTS = ['say "hi"', "back\\slash", "{braces},comma", "NULL", "", "模型 ✓ 🚀", " spaced ", "line\nbreak\ttab", "'quote'"];

/** Rows `<prefix><index>` holding the awkward values: quotes, backslashes, braces, NULL-looking text, unicode, big integers, fractions, nulls. */
function probeRows(prefix: string, count: number): Row[] {
  return Array.from({ length: count }, (_, index) => [
    `${prefix}${String(index).padStart(4, "0")}`,
    index === 0 ? -(2 ** 53 - 1) : index === 1 ? 2 ** 53 - 1 : index * 1_000_003 + 2 ** 40,
    index % 7 === 0 ? null : index - 50,
    index % 6 === 0 ? null : index / 3 + 1.7e12,
    index % 4 === 0 ? null : index % 2 === 0,
    index % 5 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + index * 1234567 + (index % 1000)),
    index % 11 === 0 ? null : TEXTS[index % TEXTS.length]!,
  ]);
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`bulk inserts store what was given (${provider.name})`, () => {
    let database: TestDatabase;
    let bulk: BulkWriter;
    beforeAll(async () => {
      database = await provider.create();
      bulk = openBulkWriter(database.target);
      await bulk.execute(`CREATE TABLE "BulkProbe" ("id" TEXT PRIMARY KEY, "n" BIGINT, "i" INTEGER, "f" DOUBLE PRECISION, "b" BOOLEAN, "t" TIMESTAMP(3), "s" TEXT, "v" VARCHAR(8))`);
    });
    afterAll(async () => {
      await bulk?.close();
      await database?.drop();
    });

    const read = async (prefix: string): Promise<Record<string, unknown>[]> =>
      (await bulk.query<Record<string, unknown>>(`SELECT * FROM "BulkProbe" WHERE "id" LIKE ? ORDER BY "id"`, [`${prefix}%`])).map((row) => ({ ...row, id: String(row.id).slice(prefix.length) }));

    it("many rows at once and the same rows a few at a time read back the same", async () => {
      const rows = probeRows("a", 250);
      await bulk.transaction(async () => {
        await bulk.insert("BulkProbe", COLUMNS, rows);
        const few = probeRows("b", 250);
        for (let index = 0; index < few.length; index += 5) await bulk.insert("BulkProbe", COLUMNS, few.slice(index, index + 5));
      });
      const many = await read("a");
      expect(many).toHaveLength(250);
      expect(many).toEqual(await read("b"));
      // Text and integers as given.
      expect(many.map((row) => row.s)).toEqual(rows.map((row) => row[6]));
      expect(many.map((row) => (row.n === null ? null : Number(row.n)))).toEqual(rows.map((row) => row[1]));
      expect(many.map((row) => row.i)).toEqual(rows.map((row) => row[2]));
      expect(many.map((row) => row.f)).toEqual(rows.map((row) => row[3]));
    });

    it("long text goes in whole, and an upsert of many rows updates exactly what it conflicts with", async () => {
      const long = `"${"x\\y,{}'".repeat(400)}"`;
      const rows = probeRows("c", 40).map((row, index) => (index === 3 ? [...row.slice(0, 6), long] : row));
      await bulk.insert("BulkProbe", COLUMNS, rows);
      expect((await read("c")).map((row) => row.s)).toEqual(rows.map((row) => row[6]));

      const changed = rows.map((row, index) => (index % 2 === 1 ? [row[0]!, 7, 8, 9.5, true, new Date(Date.UTC(2027, 1, 2, 3, 4, 5, 6)), `changed ${index}`] : row));
      // No long text left (row 3 changed): these go as arrays on PostgreSQL.
      await bulk.upsert("BulkProbe", COLUMNS, changed, { conflict: ["id"], update: ["n", "s"] });
      const back = await read("c");
      expect(back.map((row) => row.s)).toEqual(changed.map((row) => row[6]));
      expect(back.map((row) => (row.n === null ? null : Number(row.n)))).toEqual(changed.map((row) => row[1]));
      // Columns the upsert does not update keep their first values.
      expect(back.map((row) => row.i)).toEqual(rows.map((row) => row[2]));

      await bulk.insert("BulkProbe", COLUMNS, changed, { ignoreConflicts: true });
      expect(await read("c")).toEqual(back);
    });

    it("a value too long for its column fails the insert either way, never cut short", async () => {
      const rows = (count: number, prefix: string): Row[] => Array.from({ length: count }, (_, index) => [`${prefix}${index}`, null, null, null, null, null, null, index === count - 1 ? "nine char" : "eight ch"]);
      for (const count of [3, 40]) {
        const columns = [...COLUMNS, "v"];
        const attempt = bulk.savepoint(() => bulk.insert("BulkProbe", columns, rows(count, `v${count}-`)));
        if (provider.name === "postgresql") await expect(attempt).rejects.toThrow(/too long/);
        // SQLite does not enforce VARCHAR lengths: stored whole.
        else await attempt;
        const stored = await bulk.query<{ v: string }>(`SELECT "v" FROM "BulkProbe" WHERE "id" LIKE ? ORDER BY "id"`, [`v${count}-%`]);
        expect(stored.every((row) => row.v === "eight ch" || row.v === "nine char")).toBe(true);
      }
    });

    it("reads rows as objects keyed by column, the last of a repeated name winning; no rows as []", async () => {
      const rows = await bulk.query<Record<string, unknown>>(`SELECT "id", "s" AS "x", "i" AS "x", "s" FROM "BulkProbe" WHERE "id" IN (?, ?) ORDER BY "id"`, ["a0001", "a0002"]);
      expect(rows).toEqual([
        { id: "a0001", x: -49, s: TEXTS[1] },
        { id: "a0002", x: -48, s: TEXTS[2] },
      ]);
      expect(Object.keys(rows[0]!)).toEqual(["id", "x", "s"]);
      expect(await bulk.query(`SELECT "id" FROM "BulkProbe" WHERE "id" = ?`, ["none"])).toEqual([]);
      // The same read again (its row maker is reused) and another shape of it.
      expect(await bulk.query(`SELECT "id" FROM "BulkProbe" WHERE "id" = ?`, ["a0001"])).toEqual([{ id: "a0001" }]);
      expect(await bulk.query(`SELECT "id" AS "other" FROM "BulkProbe" WHERE "id" = ?`, ["a0001"])).toEqual([{ other: "a0001" }]);
    });
  });
}
if (testProviders[1]!.skip) console.warn(`bulk inserts (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
