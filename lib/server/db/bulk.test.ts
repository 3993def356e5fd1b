import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBulkWriter, rowFactory, type BulkWriter } from "./bulk";

describe("rowFactory", () => {
  it("makes one object per row, keyed by the column names in order", () => {
    const row = rowFactory(["id", "a b", 'say "hi"', "x\\y", "日本"]);
    const made = row(["1", 2, null, 4.5, Buffer.from("z")]);
    expect(made).toEqual({ id: "1", "a b": 2, 'say "hi"': null, "x\\y": 4.5, 日本: Buffer.from("z") });
    expect(Object.keys(made)).toEqual(["id", "a b", 'say "hi"', "x\\y", "日本"]);
  });

  it("keeps a repeated name's last value and never lets a column named __proto__ set the prototype", () => {
    const made = rowFactory(["a", "__proto__", "a", "constructor"])([1, { polluted: true }, 3, "c"]);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(Object.keys(made)).toEqual(["a", "__proto__", "constructor"]);
    expect(made.a).toBe(3);
    expect((made as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(made, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("cannot be made to run code by a column name", () => {
    const hostile = `a": (globalThis.__pwned = 1), "b`;
    const made = rowFactory([hostile])([7]);
    expect(made[hostile]).toBe(7);
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe("SQLite bulk writer query()", () => {
  let dir: string;
  let file: string;
  let bulk: BulkWriter;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "baton-bulk-"));
    file = path.join(dir, "q.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE t ("id" TEXT PRIMARY KEY, "n" INTEGER, "f" REAL, "b" BLOB, "s" TEXT)`);
    const insert = db.prepare(`INSERT INTO t VALUES (?, ?, ?, ?, ?)`);
    for (let index = 0; index < 50; index++) insert.run(`r${index}`, index % 7 === 0 ? null : index * 1_000_003, index / 3, index % 5 === 0 ? Buffer.from([index]) : null, index % 2 ? "odd" : "évén");
    db.close();
    bulk = openBulkWriter({ provider: "sqlite", url: `file:${file}`, filePath: file });
  });
  afterAll(async () => {
    await bulk?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("returns exactly the rows better-sqlite3's own object rows are, for every shape of read", async () => {
    const reference = new Database(file, { readonly: true });
    try {
      for (const [sql, params] of [
        [`SELECT * FROM t ORDER BY "id"`, []],
        [`SELECT "n" AS "x", "f" AS "x", "s" FROM t WHERE "n" > ? ORDER BY "n"`, [20]],
        [`SELECT COUNT(*) AS "count", SUM("n") AS "sum" FROM t`, []],
        [`SELECT "id" FROM t WHERE "id" = ?`, ["none"]],
      ] as const) {
        const expected = reference.prepare(sql).all(...params);
        // Twice: the second read takes the cached statement and row maker.
        expect(await bulk.query(sql, [...params])).toEqual(expected);
        expect(await bulk.query(sql, [...params])).toEqual(expected);
      }
    } finally {
      reference.close();
    }
  });

  it("still refuses a statement that returns no data, as before", async () => {
    await expect(bulk.query(`UPDATE t SET "s" = 'x' WHERE "id" = 'none'`)).rejects.toThrow(/does not return data/);
  });
});
