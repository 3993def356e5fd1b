/**
 * Typed rows for the bulk writer (bulk.ts): a table's rows are objects named by its Prisma model's
 * fields, never positional arrays, and the column list of a write is the rows' own keys, so no
 * column list is written out by hand and a misspelt or mistyped field fails `tsc`. One descriptor per
 * table (`TABLES`); ingest, the OpenTelemetry receiver and the seed reader all write through them.
 */
import type {
  AgentSession,
  BudgetConfig,
  Checkpoint,
  ChainEdge,
  Compaction,
  FileState,
  Handoff,
  HandoffFinding,
  HandoffOccurrence,
  IngestIssue,
  SampleChunk,
  SecretFingerprint,
  SessionHandoffLink,
  UsageRollup,
  UsageRollupState,
} from "../../../generated/sqlite/client";
import type { BulkWriter, Cell, Row } from "./bulk";

/** What the bulk writer takes for a field of this type: a Date for DateTime, a number for a BigInt count. */
type CellFor<Value> = Value extends Date ? Date : Value extends bigint ? number : Value extends Cell ? Value : never;

/** A row to write: some fields of the model, with bulk-writer values. */
export type RowOf<Model> = { [Field in keyof Model]?: CellFor<Model[Field]> };

export interface TableWriteOptions {
  /** Keep an existing row with the same unique key (INSERT … ON CONFLICT DO NOTHING). */
  ignoreConflicts?: boolean;
}

export interface TableUpsertOptions<Model> {
  conflict: (keyof Model & string)[];
  /** The columns an existing row takes from the incoming one: listed, or every written column but these. */
  update: (keyof Model & string)[] | { except: (keyof Model & string)[] };
  where?: string;
}

export interface TableRows<Model> {
  readonly table: string;
  insert<R extends RowOf<Model>>(bulk: BulkWriter, rows: readonly R[], options?: TableWriteOptions): Promise<void>;
  upsert<R extends RowOf<Model>>(bulk: BulkWriter, rows: readonly R[], options: TableUpsertOptions<Model>): Promise<void>;
}

/** The columns of a batch (the first row's fields) and each row's cells in that order; rows must agree. */
export function rowCells(table: string, rows: readonly Record<string, unknown>[]): { columns: string[]; cells: Row[] } {
  const first = rows[0];
  if (first === undefined) return { columns: [], cells: [] };
  const columns = Object.keys(first);
  const cells = rows.map((row, index) => {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key, at) => key !== columns[at])) {
      throw new Error(`${table} row ${index} has the fields ${keys.join(", ")}, not ${columns.join(", ")} as the batch's first row`);
    }
    return columns.map((column) => (row[column] === undefined ? null : (row[column] as Cell)));
  });
  return { columns, cells };
}

export function tableRows<Model>(table: string): TableRows<Model> {
  return {
    table,
    async insert(bulk, rows, options = {}) {
      if (rows.length === 0) return;
      const { columns, cells } = rowCells(table, rows);
      await bulk.insert(table, columns, cells, options);
    },
    async upsert(bulk, rows, options) {
      if (rows.length === 0) return;
      const { columns, cells } = rowCells(table, rows);
      const update = Array.isArray(options.update) ? options.update : columns.filter((column) => !(options.update as { except: string[] }).except.includes(column));
      await bulk.upsert(table, columns, cells, { conflict: options.conflict, update, where: options.where });
    },
  };
}

/** The tables written in bulk, one descriptor each. */
export const TABLES = {
  agentSession: tableRows<AgentSession>("AgentSession"),
  budgetConfig: tableRows<BudgetConfig>("BudgetConfig"),
  chainEdge: tableRows<ChainEdge>("ChainEdge"),
  checkpoint: tableRows<Checkpoint>("Checkpoint"),
  compaction: tableRows<Compaction>("Compaction"),
  fileState: tableRows<FileState>("FileState"),
  handoff: tableRows<Handoff>("Handoff"),
  handoffFinding: tableRows<HandoffFinding>("HandoffFinding"),
  handoffOccurrence: tableRows<HandoffOccurrence>("HandoffOccurrence"),
  ingestIssue: tableRows<IngestIssue>("IngestIssue"),
  sampleChunk: tableRows<SampleChunk>("SampleChunk"),
  secretFingerprint: tableRows<SecretFingerprint>("SecretFingerprint"),
  sessionHandoffLink: tableRows<SessionHandoffLink>("SessionHandoffLink"),
  usageRollup: tableRows<UsageRollup>("UsageRollup"),
  usageRollupState: tableRows<UsageRollupState>("UsageRollupState"),
};
