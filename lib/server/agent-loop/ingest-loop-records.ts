/**
 * `scan --agents` reads the hooks' records (`<data folder>/agent-loop/events.jsonl`) into the
 * AgentLoopEvent table, so the dashboard (and a team server scanning this data folder) shows the
 * loop. The file is read whole each scan (a few hundred bytes a record); a record already stored is
 * kept (its id is the record's own). Bad lines are counted and reported, the rest is read.
 */
import { checkRowValues, safeTokenCount } from "../../core/text/safe-values";
import type { BulkWriter, Row } from "../db/bulk";
import { readLoopRecords, loopEventsFile } from "./loop-files";

export interface LoopIngestResult {
  file: string;
  records: number;
  badLines: { line: number; message: string }[];
}

/** AgentLoopEvent's columns, in the order rows are built (also the demo's, lib/server/demo/demo-loop.ts). */
export const LOOP_EVENT_COLUMNS = ["id", "kind", "at", "runtime", "sessionExternalId", "event", "source", "repoPath", "branch", "headSha", "handoffPath", "handoffId", "handoffBlobSha", "targetPath", "percent", "tokens", "contextWindow", "threshold", "delivered"];

export async function ingestLoopRecords(bulk: BulkWriter, env: NodeJS.ProcessEnv = process.env): Promise<LoopIngestResult> {
  const { records, issues } = readLoopRecords(env);
  const badLines = [...issues];
  const rows: Row[] = records.map((record, index) => {
    const row: unknown[] = [
      record.id,
      record.kind,
      new Date(record.at),
      record.runtime,
      record.sessionId,
      record.event,
      record.source,
      record.repo,
      record.branch,
      record.headSha,
      record.handoffPath,
      record.handoffId,
      record.handoffBlobSha,
      record.targetPath,
      record.percent,
      record.tokens === null ? null : safeTokenCount(record.tokens, Number.MAX_SAFE_INTEGER),
      record.window === null ? null : safeTokenCount(record.window, Number.MAX_SAFE_INTEGER),
      record.threshold,
      record.delivered,
    ];
    for (const change of checkRowValues(row, LOOP_EVENT_COLUMNS)) badLines.push({ line: index + 1, message: change });
    return row as Row;
  });
  await bulk.insert("AgentLoopEvent", LOOP_EVENT_COLUMNS, rows, { ignoreConflicts: true });
  return { file: loopEventsFile(env), records: records.length, badLines };
}
