import { describe, expect, it } from "vitest";
import type { BulkWriter, Cell, Row, UpsertOptions } from "./bulk";
import { rowCells, TABLES } from "./table-rows";

function recordingWriter() {
  const calls: { kind: "insert" | "upsert"; table: string; columns: string[]; rows: Row[]; options: unknown }[] = [];
  const writer = {
    provider: "sqlite",
    async insert(table: string, columns: string[], rows: Row[], options?: { ignoreConflicts?: boolean }) {
      calls.push({ kind: "insert", table, columns, rows, options });
    },
    async upsert(table: string, columns: string[], rows: Row[], options: UpsertOptions) {
      calls.push({ kind: "upsert", table, columns, rows, options });
    },
  } as unknown as BulkWriter;
  return { writer, calls };
}

describe("typed table rows", () => {
  it("writes objects as the bulk writer's columns and cells, in the rows' own field order", async () => {
    const { writer, calls } = recordingWriter();
    const at = new Date("2026-12-01T10:00:00Z");
    await TABLES.ingestIssue.insert(writer, [
      { sourceId: "s1", path: "a.jsonl", line: 3, rule: "agent-bad-line", severity: "warning", message: "bad", createdAt: at },
      { sourceId: "s1", path: "b.jsonl", line: null, rule: "agent-bad-line", severity: "error", message: "worse", createdAt: at },
    ]);
    expect(calls).toEqual([
      {
        kind: "insert",
        table: "IngestIssue",
        columns: ["sourceId", "path", "line", "rule", "severity", "message", "createdAt"],
        rows: [
          ["s1", "a.jsonl", 3, "agent-bad-line", "warning", "bad", at],
          ["s1", "b.jsonl", null, "agent-bad-line", "error", "worse", at],
        ],
        options: {},
      },
    ]);
  });

  it("upserts every written column but the kept ones", async () => {
    const { writer, calls } = recordingWriter();
    await TABLES.fileState.upsert(writer, [{ sourceId: "s", path: "p", version: "", status: "ok", offset: 10 }], { conflict: ["sourceId", "path", "version"], update: { except: ["sourceId", "path", "version"] } });
    expect(calls[0]).toMatchObject({ kind: "upsert", table: "FileState", options: { conflict: ["sourceId", "path", "version"], update: ["status", "offset"] } });
  });

  it("writes nothing for no rows, and refuses a batch whose rows name other fields", async () => {
    const { writer, calls } = recordingWriter();
    await TABLES.sessionHandoffLink.insert(writer, []);
    expect(calls).toEqual([]);
    expect(() => rowCells("X", [{ a: 1, b: 2 }, { b: 2, a: 1 }])).toThrow(/row 1 has the fields b, a, not a, b/);
    expect(() => rowCells("X", [{ a: 1 }, { a: 1, c: 3 }])).toThrow(/row 1/);
    expect(rowCells("X", [{ a: 1, b: undefined as Cell | undefined }]).cells).toEqual([[1, null]]);
  });
});
