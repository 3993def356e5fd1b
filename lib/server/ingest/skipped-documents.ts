/**
 * Files found where handoffs live that are read and found not to be handoffs (an unfilled template, a
 * backlog in the handoff folder: lib/core/handoff/documents/handoff-signals.ts). Each content is remembered as a
 * FileState of this status, so it is not read again until the rules change, and reported as an info
 * IngestIssue, listed in `scan --json` (`scan.repos[].discovery.notHandoffs`) with the reason.
 */
import { SKIPPED_DOCUMENT_RULES } from "../../core/handoff/documents/handoff-signals";
import type { BulkWriter } from "../db/bulk";

export const SKIPPED_STATUS = "skipped";

export interface SkippedDocument {
  path: string;
  rule: string;
  reason: string;
}

/** One entry per path and reason, by path. */
export async function loadSkippedDocuments(bulk: BulkWriter, sourceId: string): Promise<SkippedDocument[]> {
  const rows = await bulk.query<{ path: string; rule: string; message: string }>(
    `SELECT DISTINCT "path", "rule", "message" FROM "IngestIssue" WHERE "sourceId" = ? AND "rule" IN (${SKIPPED_DOCUMENT_RULES.map(() => "?").join(", ")})`,
    [sourceId, ...SKIPPED_DOCUMENT_RULES],
  );
  return rows
    .map((row) => ({ path: row.path, rule: row.rule, reason: row.message }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.rule.localeCompare(b.rule) || a.reason.localeCompare(b.reason));
}
