import type { BulkWriter } from "../db/bulk";

/** Every table a handoff scan writes, so "the database never stores it" is checked everywhere, not column by column. */
const TABLES = ["Source", "Repo", "Branch", "Handoff", "HandoffOccurrence", "HandoffFinding", "ChainEdge", "FileState", "IngestIssue", "SecretFingerprint", "Review", "ReviewEvent"];

/** The tables any row of which contains `value` (in any column, as stored). */
export async function tablesHolding(bulk: BulkWriter, value: string): Promise<string[]> {
  const holding: string[] = [];
  for (const table of TABLES) {
    const rows = await bulk.query<Record<string, unknown>>(`SELECT * FROM "${table}"`);
    if (JSON.stringify(rows).includes(value)) holding.push(table);
  }
  return holding;
}
