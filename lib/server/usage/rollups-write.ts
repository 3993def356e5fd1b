/**
 * Writing usage rollups (lib/core/usage/rollup.ts): a session's rows are replaced whole whenever its
 * totals are recomputed (recompute-sessions.ts, for scans, OpenTelemetry batches and pushes alike),
 * from the same merged, de-duplicated requests. `ensureRollups` brings a database whose rollups are
 * missing or of an older format up to date (once, at the start of a session scan), and records the
 * format in UsageRollupState; readers use rollups only when that row says they are current.
 */
import { countedSamples, mergeStoredChunks } from "../../core/sessions/sample-pack";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import { ROLLUP_VERSION, rollupSamples, type RollupPart } from "../../core/usage/rollup";
import type { UsageRollup } from "../../../generated/sqlite/client";
import type { BulkWriter } from "../db/bulk";
import type { SqlReader } from "../db/sql-reader";
import { TABLES, type RowOf } from "../db/table-rows";
import { chunks, toNumber } from "../sessions/session-ids";

/** Rows per INSERT statement. */
const INSERT_SLICE = 500;

function rowOf(sessionId: string, part: RollupPart): RowOf<UsageRollup> {
  return {
    sessionId,
    slot: part.slot,
    model: part.model ?? "",
    band: part.band,
    requests: part.requests,
    inputTokens: part.inputTokens,
    cacheWriteTokens: part.cacheWriteTokens,
    cacheWrite1hTokens: part.cacheWrite1hTokens,
    cacheReadTokens: part.cacheReadTokens,
    outputTokens: part.outputTokens,
    reasoningTokens: part.reasoningTokens,
    pricedReasoningTokens: part.pricedReasoningTokens,
    recordedRequests: part.recordedRequests,
    recordedCostNanoUsd: part.recordedCostNanoUsd,
    firstMs: part.firstMs,
    lastMs: part.lastMs,
  };
}

/** Replaces the rollup rows of these main sessions (an empty list leaves a session none). */
export async function replaceRollups(bulk: BulkWriter, sessions: readonly (readonly [string, readonly RollupPart[]])[]): Promise<void> {
  if (sessions.length === 0) return;
  for (const slice of chunks(sessions, 500)) {
    await bulk.execute(`DELETE FROM "UsageRollup" WHERE "sessionId" IN (${slice.map(() => "?").join(", ")})`, slice.map(([sessionId]) => sessionId));
  }
  const rows = sessions.flatMap(([sessionId, parts]) => parts.map((part) => rowOf(sessionId, part)));
  for (let index = 0; index < rows.length; index += INSERT_SLICE) await TABLES.usageRollup.insert(bulk, rows.slice(index, index + INSERT_SLICE));
}

/** Whether the stored rollups are complete and of this code's format. */
export async function rollupsAreCurrent(sql: SqlReader): Promise<boolean> {
  const rows = await sql.query<{ version: unknown }>(`SELECT "version" FROM "UsageRollupState" WHERE "id" = 1`);
  return rows.length === 1 && toNumber(rows[0]!.version) === ROLLUP_VERSION;
}

/** Sessions whose chunks are read back per query while rebuilding. */
const REBUILD_BATCH = 200;

/**
 * Rebuilds every main session's rollup from its stored requests when the stored rollups are missing
 * or of another format (a database from before rollups, or after ROLLUP_VERSION was raised); a no-op
 * otherwise. Returns the number of sessions rebuilt.
 */
export async function ensureRollups(bulk: BulkWriter): Promise<number> {
  if (await rollupsAreCurrent(bulk)) return 0;
  let rebuilt = 0;
  await bulk.transaction(async () => {
    const sessions = await bulk.query<{ id: string; runtime: string }>(`SELECT "id", "runtime" FROM "AgentSession" WHERE "parentId" IS NULL ORDER BY "id"`);
    for (const batch of chunks(sessions, REBUILD_BATCH)) {
      const stored = await bulk.query<{ sessionId: string; data: string }>(
        `SELECT "sessionId", "data" FROM "SampleChunk" WHERE "sessionId" IN (${batch.map(() => "?").join(", ")}) ORDER BY "sessionId", "id"`,
        batch.map((session) => session.id),
      );
      const chunksOf = new Map<string, { data: string }[]>();
      for (const chunk of stored) {
        const list = chunksOf.get(chunk.sessionId);
        if (list) list.push(chunk);
        else chunksOf.set(chunk.sessionId, [chunk]);
      }
      // A chunk that cannot be read back is left out, as the totals leave it out (the scan that
      // wrote it reported it).
      await replaceRollups(
        bulk,
        batch.map((session) => {
          const runtime = session.runtime as SessionRuntime;
          return [session.id, rollupSamples(countedSamples(runtime, mergeStoredChunks(runtime, chunksOf.get(session.id) ?? [], () => undefined)))] as const;
        }),
      );
      rebuilt += batch.length;
    }
    await bulk.execute(`DELETE FROM "UsageRollupState"`);
    await TABLES.usageRollupState.insert(bulk, [{ id: 1, version: ROLLUP_VERSION, updatedAt: new Date() }]);
  });
  return rebuilt;
}
