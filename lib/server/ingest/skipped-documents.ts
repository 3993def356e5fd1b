/**
 * Files found where handoffs live that are read and found not to be handoffs (an unfilled template, a
 * backlog in the handoff folder: lib/core/handoff/documents/handoff-signals.ts). Each content is remembered as a
 * FileState of this status, so it is not read again until the rules change, and reported as an info
 * IngestIssue, listed in `scan --json` (`scan.repos[].discovery.notHandoffs`) with the reason.
 */
import { HANDOFF_COMPANION_RULE, SKIPPED_DOCUMENT_RULES } from "../../core/handoff/documents/handoff-signals";
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
  // Session logs beside the handoffs are stored (their chain facts need them) but are no handoffs either.
  const companions = await bulk.query<{ path: string; rule: string; message: string }>(
    `SELECT DISTINCT h."path", f."rule", f."message" FROM "HandoffFinding" f JOIN "Handoff" h ON h."id" = f."handoffId" JOIN "Repo" r ON r."id" = h."repoId"
     WHERE r."sourceId" = ? AND h."isGone" = ? AND f."rule" = ?`,
    [sourceId, false, HANDOFF_COMPANION_RULE],
  );
  const seen = new Set<string>();
  return [...rows, ...companions]
    .filter((row) => {
      const key = `${row.path}\0${row.rule}\0${row.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({ path: row.path, rule: row.rule, reason: row.message }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.rule.localeCompare(b.rule) || a.reason.localeCompare(b.reason));
}
