/**
 * The server half of `baton push` (`POST /api/push`): each pushed session is stored as the pushing
 * user's, under one Source of kind "push" per user (`push:<userId>`, `push:local`), replacing what an
 * earlier push stored for it (its samples, compactions and subagent rows), so pushing the same thing
 * twice changes nothing. Totals are computed here from the samples (recomputeSessions, as for a scan),
 * never taken from the client; every value is checked as a log's are (counts: safe integers ≤ 10^8,
 * else 0 with a finding; text without NULs or lone surrogates). Then the link step runs, which also
 * hides the same session received over OpenTelemetry behind this one.
 */
import type { PushedSession, PushResponse } from "../../core/push/push-payload";
import { packSamples, unpackSamples, type StoredSample } from "../../core/sessions/sample-pack";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import { checkRowValues, cleanText, tokenCountProblem } from "../../core/text/safe-values";
import { LOOP_EVENT_COLUMNS } from "../agent-loop/ingest-loop-records";
import type { BulkWriter, Row } from "../db/bulk";
import { publish } from "../events/publish";
import { resetSessions, upsertSource, writeChunks, writeCompactions } from "../sessions/agent-store";
import { linkSessions } from "../sessions/link-sessions";
import { recomputeSessions } from "../sessions/recompute-sessions";
import { emptyDraft } from "../sessions/session-draft";
import { agentSessionId } from "../sessions/session-ids";

export const PUSH_SOURCE_KIND = "push";
const PUSH_FILE = "push";

export function pushSourceRoot(userId: string | null): string {
  return `push:${userId ?? "local"}`;
}

export async function storePushedSessions(bulk: BulkWriter, owner: { userId: string | null; label: string }, sessions: readonly PushedSession[]): Promise<PushResponse> {
  const root = pushSourceRoot(owner.userId);
  const findings: string[] = [];
  const stored: PushResponse["stored"] = [];
  await bulk.transaction(async () => {
    const sourceId = await upsertSource(bulk, PUSH_SOURCE_KIND, root, owner.label);
    for (const session of sessions) {
      const externalId = text(session.sessionId, "sessionId", findings) ?? session.sessionId;
      const id = agentSessionId(session.runtime, root, externalId);
      let samples: StoredSample[];
      try {
        samples = unpackSamples(session.samples).map((sample) => checkSample(sample, externalId, findings));
      } catch (error) {
        findings.push(`${session.runtime} ${externalId}: samples could not be read (${error instanceof Error ? error.message : String(error)}): not stored`);
        continue;
      }
      await resetSessions(bulk, [id]);
      await writeChunks(bulk, [{ sessionId: id, file: PUSH_FILE, count: samples.length, data: packSamples(samples) }]);
      await writeCompactions(
        bulk,
        session.compactions.map((compaction) => ({ ...compaction, sessionId: id, agentId: text(compaction.agentId, "agentId", findings) ?? "", file: text(compaction.file, "file", findings) ?? "" })),
      );
      const draft = emptyDraft(id, sourceId, session.runtime as SessionRuntime, externalId, true);
      draft.cwd = text(session.cwd, "cwd", findings);
      draft.branch = text(session.branch, "branch", findings);
      draft.models = session.models.map((model) => text(model, "model", findings) ?? "").filter((model) => model !== "");
      draft.startMs = session.startedAt === null ? null : Date.parse(session.startedAt);
      draft.endMs = session.endedAt === null ? null : Date.parse(session.endedAt);
      draft.logContextWindow = session.logContextWindow;
      for (const agent of session.subagents) {
        draft.subagents.set(text(agent.agentId, "agentId", findings) ?? agent.agentId, { agentType: text(agent.agentType, "agentType", findings), models: [], startMs: null, endMs: null, cwd: null, branch: null });
      }
      if (session.loopEvents && session.loopEvents.length > 0) {
        const rows = session.loopEvents.map((event) => {
          const row: unknown[] = [event.id, event.kind, new Date(event.at), session.runtime, externalId, event.event, event.source, null, event.branch, null, event.handoffPath, null, event.handoffBlobSha ?? null, event.targetPath, event.percent, event.tokens, event.contextWindow, event.threshold, event.delivered];
          for (const change of checkRowValues(row, LOOP_EVENT_COLUMNS)) findings.push(`${session.runtime} ${externalId}: ${change}`);
          return row as Row;
        });
        await bulk.insert("AgentLoopEvent", LOOP_EVENT_COLUMNS, rows, { ignoreConflicts: true });
      }
      const problems = await recomputeSessions(bulk, [[draft]]);
      for (const problem of problems) findings.push(`${session.runtime} ${externalId}: ${problem.message}`);
      const counted = await bulk.query<{ requestCount: unknown }>(`SELECT "requestCount" FROM "AgentSession" WHERE "id" = ?`, [id]);
      stored.push({ sessionId: externalId, runtime: session.runtime, id, requests: Number(counted[0]?.requestCount ?? 0) });
    }
  });
  await linkSessions(bulk);
  for (const entry of stored) publish({ kind: "session", id: entry.id, version: 0 });
  return { stored, findings };
}

const COUNTS = ["inputTokens", "cacheWriteTokens", "cacheReadTokens", "outputTokens", "reasoningTokens"] as const;

function checkSample(sample: StoredSample, sessionId: string, findings: string[]): StoredSample {
  const checked = { ...sample };
  for (const field of COUNTS) {
    const problem = tokenCountProblem(checked[field]);
    if (problem !== null) {
      findings.push(`not a token count: ${sessionId} request ${sample.key} ${field} is ${String(checked[field])} (${problem}), counted as 0`);
      checked[field] = 0;
    }
  }
  checked.reasoningTokens = Math.min(checked.reasoningTokens, checked.outputTokens);
  checked.contextTokens = checked.inputTokens + checked.cacheWriteTokens + checked.cacheReadTokens;
  checked.key = text(checked.key, "key", findings) ?? checked.key;
  checked.agentId = text(checked.agentId, "agentId", findings) ?? "";
  checked.model = text(checked.model, "model", findings);
  checked.responseId = text(checked.responseId, "responseId", findings);
  if (checked.toolResultTokens !== null && tokenCountProblem(checked.toolResultTokens) !== null) checked.toolResultTokens = null;
  if (checked.timestampMs !== null && !Number.isFinite(checked.timestampMs)) checked.timestampMs = null;
  return checked;
}

function text(value: string | null, name: string, findings: string[]): string | null {
  if (value === null) return null;
  if (typeof value !== "string") {
    findings.push(`${name} is not text: ignored`);
    return null;
  }
  const cleaned = cleanText(value);
  if (cleaned === null) return value;
  findings.push(`${name} held NUL characters or lone surrogates: removed`);
  return cleaned.text;
}
