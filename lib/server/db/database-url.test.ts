import path from "node:path";
import { describe, expect, test } from "vitest";
import { DatabaseUrlError, resolveDatabaseUrl as resolveWith } from "./database-url";

const resolveDatabaseUrl = (env: Record<string, string>) => resolveWith(env as NodeJS.ProcessEnv);

describe("resolveDatabaseUrl", () => {
  test.each([
    ["postgresql://u@h:5432/db", "postgresql", null],
    ["postgres://u@h/db", "postgresql", null],
    ["file:/tmp/x.db", "sqlite", "/tmp/x.db"],
    ["file:///tmp/x.db", "sqlite", "/tmp/x.db"],
    ["FILE:/tmp/x.db", "sqlite", "/tmp/x.db"],
    ["file:./rel.db", "sqlite", path.resolve("rel.db")],
  ])("%s is %s", (url, provider, filePath) => {
    expect(resolveDatabaseUrl({ DATABASE_URL: url })).toMatchObject({ provider, filePath });
  });

  test("unset: the SQLite file in the data folder", () => {
    expect(resolveDatabaseUrl({ BATON_DATA_DIR: "/srv/baton" }).filePath).toBe("/srv/baton/baton.db");
  });

  test.each(["mysql://root@localhost/x", "not-a-url", "./baton.db", "file:", "file://", "sqlite:///tmp/x.db", "https://example.com/db"])(
    "%s is refused in one line naming both forms (it never becomes a file named after it)",
    (url) => {
      const call = () => resolveDatabaseUrl({ DATABASE_URL: url });
      expect(call).toThrow(DatabaseUrlError);
      expect(call).toThrow(`DATABASE_URL must be file:/path/to/baton.db (SQLite) or postgresql://user@host:5432/db (PostgreSQL), not "${url}"`);
    },
  );

  test("a password in a refused URL is not repeated", () => {
    expect(() => resolveDatabaseUrl({ DATABASE_URL: "mysql://root:hunter2@db/x" })).toThrow('not "mysql://root:***@db/x"');
  });
});
