/**
 * The client half of `baton push`: the sessions the local scan stored (agent logs only: not seed
 * state, not sessions that themselves arrived over OpenTelemetry or a push), each as a PushedSession
 * with its merged samples packed, plus a fingerprint of it so the next push sends only what changed.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { PushedSession } from "../../core/push/push-payload";
import { mergeStoredChunks, packSamples } from "../../core/sessions/sample-pack";
import { LOG_RUNTIMES, type SessionRuntime } from "../../core/runtimes/runtimes";
import type { BulkWriter } from "../db/bulk";
import { dbTimeToMs, parseJsonOr, toNullableNumber, toNumber } from "../sessions/session-ids";

export interface CollectedSession {
  /** The local AgentSession id (the cursor's key). */
  localId: string;
  fingerprint: string;
  payload: PushedSession;
  /** Bytes of the payload as JSON (for batching). */
  size: number;
}


interface SessionRow {
  id: string;
  runtime: string;
  externalId: string;
  cwd: string | null;
  branch: string | null;
  models: string;
  startedAt: unknown;
  endedAt: unknown;
  logContextWindow: unknown;
  requestCount: unknown;
}

/** Whether `root` is `folder` or inside it. */
function isInside(root: string, folder: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(root));
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * `options.leaveOut`: folders whose agent logs never leave this machine (the demo workspace's, which
 * `npm start` registers): their sessions are counted in `leftOut`, not collected.
 */
export async function collectPushSessions(bulk: BulkWriter, options: { leaveOut?: readonly string[] } = {}): Promise<{ sessions: CollectedSession[]; leftOut: number }> {
  const found = await bulk.query<SessionRow & { sourceRoot: string }>(
    `SELECT s."id", s."runtime", s."externalId", s."cwd", s."branch", s."models", s."startedAt", s."endedAt", s."logContextWindow", s."requestCount", src."root" AS "sourceRoot"
     FROM "AgentSession" s JOIN "Source" src ON src."id" = s."sourceId"
     WHERE s."parentId" IS NULL AND s."supersededById" IS NULL AND src."kind" IN (${LOG_RUNTIMES.map(() => "?").join(", ")})
     ORDER BY s."id"`,
    LOG_RUNTIMES,
  );
  const leaveOut = options.leaveOut ?? [];
  const rows = found.filter((row) => !leaveOut.some((folder) => isInside(row.sourceRoot, folder)));
  const out: CollectedSession[] = [];
  for (const row of rows) {
    const subagents = await bulk.query<{ agentId: string | null; agentType: string | null }>(`SELECT "agentId", "agentType" FROM "AgentSession" WHERE "parentId" = ? ORDER BY "agentId"`, [row.id]);
    const chunks = await bulk.query<{ id: unknown; data: string }>(`SELECT "id", "data" FROM "SampleChunk" WHERE "sessionId" = ? ORDER BY "id"`, [row.id]);
    const compactions = await bulk.query<{ agentId: string; file: string; line: unknown; timestampMs: unknown; trigger: string | null; preTokens: unknown; postTokens: unknown }>(
      `SELECT "agentId", "file", "line", "timestampMs", "trigger", "preTokens", "postTokens" FROM "Compaction" WHERE "sessionId" = ? ORDER BY "key"`,
      [row.id],
    );
    const loopEvents = await bulk.query<{ id: string; kind: string; at: unknown; event: string; source: string | null; branch: string | null; handoffPath: string | null; handoffBlobSha: string | null; targetPath: string | null; percent: unknown; tokens: unknown; contextWindow: unknown; threshold: unknown; delivered: string | null }>(
      `SELECT "id", "kind", "at", "event", "source", "branch", "handoffPath", "handoffBlobSha", "targetPath", "percent", "tokens", "contextWindow", "threshold", "delivered" FROM "AgentLoopEvent" WHERE "runtime" = ? AND "sessionExternalId" = ? ORDER BY "at", "id"`,
      [row.runtime, row.externalId],
    );
    const merged = mergeStoredChunks(row.runtime as SessionRuntime, chunks, () => undefined);
    const startMs = dbTimeToMs(row.startedAt);
    const endMs = dbTimeToMs(row.endedAt);
    const payload: PushedSession = {
      runtime: row.runtime as PushedSession["runtime"],
      sessionId: row.externalId,
      cwd: row.cwd,
      branch: row.branch,
      models: parseJsonOr<string[]>(row.models, []),
      startedAt: startMs === null ? null : new Date(startMs).toISOString(),
      endedAt: endMs === null ? null : new Date(endMs).toISOString(),
      logContextWindow: toNullableNumber(row.logContextWindow),
      subagents: subagents.filter((agent) => agent.agentId !== null).map((agent) => ({ agentId: agent.agentId!, agentType: agent.agentType })),
      compactions: compactions.map((compaction) => ({
        agentId: compaction.agentId,
        file: compaction.file,
        line: toNumber(compaction.line),
        timestampMs: toNullableNumber(compaction.timestampMs),
        trigger: compaction.trigger === "auto" || compaction.trigger === "manual" ? compaction.trigger : null,
        preTokens: toNullableNumber(compaction.preTokens),
        postTokens: toNullableNumber(compaction.postTokens),
      })),
      ...(loopEvents.length === 0
        ? {}
        : {
            loopEvents: loopEvents.map((event) => ({
              id: event.id,
              kind: event.kind === "guard-instruction" ? ("guard-instruction" as const) : ("resume-injected" as const),
              at: new Date(dbTimeToMs(event.at) ?? 0).toISOString(),
              event: event.event,
              source: event.source,
              branch: event.branch,
              handoffPath: event.handoffPath,
              handoffBlobSha: event.handoffBlobSha,
              targetPath: event.targetPath,
              percent: toNullableNumber(event.percent),
              tokens: toNullableNumber(event.tokens),
              contextWindow: toNullableNumber(event.contextWindow),
              threshold: toNullableNumber(event.threshold),
              delivered: event.delivered,
            })),
          }),
      samples: packSamples(merged),
      requests: toNumber(row.requestCount),
    };
    const json = JSON.stringify(payload);
    out.push({ localId: row.id, fingerprint: createHash("sha256").update(json).digest("hex"), payload, size: json.length });
  }
  return { sessions: out, leftOut: found.length - rows.length };
}

/** Sessions in request-sized batches (a session larger than a batch goes alone). */
export function batchSessions(sessions: readonly CollectedSession[], maxBytes: number): CollectedSession[][] {
  const batches: CollectedSession[][] = [];
  let current: CollectedSession[] = [];
  let size = 0;
  for (const session of sessions) {
    if (current.length > 0 && (size + session.size > maxBytes || current.length >= 500)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(session);
    size += session.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
