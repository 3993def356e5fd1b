/**
 * Seed / MoAI session-state files in a registered repo's working tree: session metadata,
 * checkpoints, handoff packages, token-usage logs, statusline snapshots, token probes and context
 * budgets, recognised by their fields (lib/core/sessions/parse-seed-json.ts) in the files matched by
 * SEED_GLOBS. Checkpoint-like readings attach to sessions by the session id they name (any runtime);
 * budgets attach to the repo and apply to its sessions; session metadata of a session no runtime
 * log names becomes a `seed` session of its own.
 *
 * These files are current state, not history: a file that changed replaces its rows, a file that is
 * gone takes its rows with it. Files over SEED_MAX_BYTES are skipped and reported.
 */
import { STATE_FILES_KIND } from "../../core/runtimes/runtimes";
import type { Finding } from "../../core/findings";
import { checkSeedRecords } from "../../core/sessions/check-seed-records";
import { parseSeedText } from "../../core/sessions/parse-seed-json";
import type { AllocationNode, SeedRecord } from "../../core/sessions/types";
import { resolveContextWindow } from "../../core/sessions/summarise-session";
import type { BulkWriter } from "../db/bulk";
import { TABLES } from "../db/table-rows";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import { readWorktreeFile, walkWorktree } from "../ingest/worktree";
import { SEED_GLOBS, SEED_MAX_BYTES, seedFileMatcher } from "./seed-file-matcher";
import { finishSource, loadAgentFiles, markGone, replaceFileIssues, upsertSource, writeFileStates, type FileStateWrite, type IssueWrite } from "./agent-store";
import { agentSessionId, chunks, dbTimeToMs, parseJsonOr, toNullableNumber } from "./session-ids";

export { SEED_GLOBS, SEED_MAX_BYTES };

export interface SeedScanResult {
  repoId: string;
  repoPath: string;
  sourceId: string;
  status: "ok" | "partial";
  stats: { files: number; filesRead: number; filesUnchanged: number; filesGone: number; checkpoints: number; budgets: number; seedSessions: number };
  errors: { path: string; message: string }[];
  /** Main sessions written (seed sessions). */
  sessionIds: string[];
}

const matcher = seedFileMatcher();


export async function scanSeedFiles(bulk: BulkWriter, repo: { repoId: string; path: string; name: string }, scanRunId: string | null): Promise<SeedScanResult> {
  const sourceId = await upsertSource(bulk, STATE_FILES_KIND, repo.path, `Seed / MoAI state in ${repo.name}`);
  const result: SeedScanResult = {
    repoId: repo.repoId,
    repoPath: repo.path,
    sourceId,
    status: "ok",
    stats: { files: 0, filesRead: 0, filesUnchanged: 0, filesGone: 0, checkpoints: 0, budgets: 0, seedSessions: 0 },
    errors: [],
    sessionIds: [],
  };
  const walk = await walkWorktree(repo.path, matcher);
  const stored = await loadAgentFiles(bulk, sourceId);
  const present = new Set(walk.files.map((file) => file.path));
  const gone = [...stored.values()].filter((state) => state.status !== "gone" && !present.has(state.path));
  result.stats.files = walk.files.length;
  result.stats.filesGone = gone.length;

  const states: FileStateWrite[] = [];
  const issues: IssueWrite[] = [];
  const checkpointRows: CheckpointRow[] = [];
  const budgetRows: BudgetRow[] = [];
  const reread: string[] = [];
  for (const file of walk.files) {
    const previous = stored.get(file.path);
    if (previous && previous.status !== "gone" && previous.size === file.size && previous.mtimeMs === file.mtimeMs) {
      result.stats.filesUnchanged += 1;
      continue;
    }
    reread.push(file.path);
    let findings: Finding[] = [];
    let status: FileStateWrite["status"] = "ok";
    try {
      const { bytes } = await readWorktreeFile(repo.path, file.path, SEED_MAX_BYTES);
      if (bytes === null) {
        status = "failed";
        findings = [{ rule: "seed-file-too-large", severity: "warning", line: null, message: `${file.size} bytes is over the ${SEED_MAX_BYTES}-byte limit for a state file; not read` }];
      } else {
        result.stats.filesRead += 1;
        const parsed = parseSeedText(new TextDecoder().decode(bytes));
        // Every value is checked once, before any row is built from it.
        findings = [...parsed.issues, ...checkSeedRecords(parsed.value)];
        for (const record of parsed.value) {
          const row = checkpointRow(sourceId, file.path, record);
          if (row) checkpointRows.push(row);
          else if (record.kind === "budget-config") budgetRows.push(budgetRow(sourceId, repo.repoId, file.path, record.value));
        }
      }
    } catch (error) {
      status = "failed";
      findings = [{ rule: "seed-file-unreadable", severity: "error", line: null, message: `could not read: ${(error as Error).message}` }];
    }
    if (status === "failed") result.errors.push({ path: file.path, message: findings[0]?.message ?? "failed" });
    for (const finding of findings) {
      issues.push({ sourceId, path: file.path, line: finding.line, rule: finding.rule, severity: finding.severity === "error" ? "error" : finding.severity === "warning" ? "warning" : "info", message: finding.message });
    }
    states.push({
      sourceId,
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      offset: file.size,
      lines: 0,
      carry: null,
      headHash: null,
      sessionId: null,
      status,
      badLines: findings.filter((finding) => finding.severity !== "info").length,
      unknownTypes: "{}",
      issueCount: findings.length,
    });
  }
  for (const skipped of walk.skipped) result.errors.push({ path: skipped.path, message: skipped.reason });
  result.stats.checkpoints = checkpointRows.length;
  result.stats.budgets = budgetRows.length;

  const changed = reread.length > 0 || gone.length > 0;
  await bulk.transaction(async () => {
    const replaced = [...reread, ...gone.map((state) => state.path)];
    for (const chunk of chunks(replaced, 400)) {
      const marks = chunk.map(() => "?").join(", ");
      await bulk.execute(`DELETE FROM "Checkpoint" WHERE "sourceId" = ? AND "path" IN (${marks})`, [sourceId, ...chunk]);
      await bulk.execute(`DELETE FROM "BudgetConfig" WHERE "sourceId" = ? AND "path" IN (${marks})`, [sourceId, ...chunk]);
    }
    // A file whose readings cannot be stored is a failed file with an issue; the others are stored.
    const files = [...new Set([...checkpointRows.map((row) => row.path), ...budgetRows.map((row) => row.path)])];
    await writeIsolated(
      bulk,
      files,
      async (batch) => {
        const wanted = new Set(batch);
        await TABLES.checkpoint.insert(bulk, checkpointRows.filter((row) => wanted.has(row.path)));
        await TABLES.budgetConfig.insert(bulk, budgetRows.filter((row) => wanted.has(row.path)));
      },
      (file, error) => {
        const message = `could not be stored: ${writeFailureMessage(error)}`;
        result.errors.push({ path: file, message });
        issues.push({ sourceId, path: file, line: null, rule: "seed-file-not-stored", severity: "error", message });
        const state = states.find((entry) => entry.path === file);
        if (state) state.status = "failed";
      },
    );
    await writeFileStates(bulk, states, scanRunId);
    await markGone(bulk, gone.map((state) => state.id));
    await replaceFileIssues(bulk, sourceId, { fromStart: [...reread, ...gone.map((state) => state.path)], appended: [] }, issues, scanRunId);
    if (changed) result.sessionIds = await rebuildSeedSessions(bulk, sourceId, repo.path);
  });
  result.stats.seedSessions = result.sessionIds.length;
  result.status = result.errors.length > 0 ? "partial" : "ok";
  await finishSource(bulk, sourceId, result.status, result.errors[0]?.message ?? null);
  return result;
}

type Snapshot = { usedTokens: number | null; availableTokens: number | null; totalTokens: number | null; usedPercent: number | null };

const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));
const int = (value: number | null) => (value === null || !Number.isFinite(value) ? null : Math.round(value));

/** A Checkpoint row: one reading of a session's context, whichever shape it was written in. */
interface CheckpointRow {
  sourceId: string;
  path: string;
  kind: string;
  recordId: string;
  sessionExternalId: string | null;
  timestamp: Date | null;
  phase: string | null;
  usedTokens: number | null;
  availableTokens: number | null;
  totalTokens: number | null;
  usedPercent: number | null;
  recoveryReserveTokens: number | null;
  data: string;
}

interface BudgetRow {
  sourceId: string;
  repoId: string;
  path: string;
  thresholdsPercent: string;
  reserveTokens: number | null;
  totalTokens: number | null;
  allocation: string | null;
}

function checkpointRow(sourceId: string, file: string, record: SeedRecord): CheckpointRow | null {
  const row = (kind: string, recordId: string, sessionId: string | null, timestamp: string | null, phase: string | null, snapshot: Snapshot | null, recoveryReserveTokens: number | null, value: unknown): CheckpointRow => ({
    sourceId,
    path: file,
    kind,
    recordId,
    sessionExternalId: sessionId,
    timestamp: toDate(timestamp),
    phase,
    usedTokens: int(snapshot?.usedTokens ?? null),
    availableTokens: int(snapshot?.availableTokens ?? null),
    totalTokens: int(snapshot?.totalTokens ?? null),
    usedPercent: snapshot?.usedPercent ?? null,
    recoveryReserveTokens: int(recoveryReserveTokens),
    data: JSON.stringify(value),
  });
  switch (record.kind) {
    case "checkpoint": {
      const value = record.value;
      return row("checkpoint", value.checkpointId, value.sessionId, value.timestamp, value.phase, value.tokenUsage, value.recoveryTokensReserved, value);
    }
    case "handoff-package": {
      const value = record.value;
      const snapshot = { usedTokens: null, availableTokens: value.availableTokens, totalTokens: null, usedPercent: value.contextPositionPercent };
      return row("handoff-package", value.handoffId, value.sessionId, value.timestamp, value.currentPhase, snapshot, value.recoveryTokensReserved, value);
    }
    case "session-metadata": {
      const value = record.value;
      return row("session-metadata", "", value.sessionId, value.lastUpdated ?? value.createdAt, value.phase, value.context, null, value);
    }
    case "token-usage-entry": {
      const value = record.value;
      const snapshot = { usedTokens: value.usedTokens, availableTokens: value.availableTokens, totalTokens: null, usedPercent: value.usedPercent };
      return row("token-usage", "", value.sessionId, value.timestamp, null, snapshot, null, value);
    }
    case "context-snapshot": {
      const value = record.value;
      return row("context-snapshot", "", value.sessionId, value.capturedAt, value.stage, value, null, value);
    }
    case "token-probe": {
      const value = record.value;
      return row("token-probe", "", value.sessionId, value.recordedAt, null, value.context, null, value);
    }
    default:
      // budget-config is stored apart; last-session-state and the agent-session registry describe
      // the repo, not a session's context, and are recognised but not stored.
      return null;
  }
}

function budgetRow(sourceId: string, repoId: string, file: string, value: { thresholdsPercent: number[]; reserveTokens: number | null; totalTokens: number | null; allocation: AllocationNode[] }): BudgetRow {
  return {
    sourceId,
    repoId,
    path: file,
    thresholdsPercent: JSON.stringify(value.thresholdsPercent),
    reserveTokens: int(value.reserveTokens),
    totalTokens: int(value.totalTokens),
    allocation: value.allocation.length > 0 ? JSON.stringify(value.allocation) : null,
  };
}

/**
 * One `seed` session per session id that session metadata in this repo names (several files may
 * describe one session: the latest reading wins). Linking folds a seed session into a runtime's own
 * session with the same id.
 */
async function rebuildSeedSessions(bulk: BulkWriter, sourceId: string, repoPath: string): Promise<string[]> {
  const rows = await bulk.query<{ sessionExternalId: string; timestamp: unknown; usedTokens: unknown; totalTokens: unknown; data: string }>(
    `SELECT "sessionExternalId", "timestamp", "usedTokens", "totalTokens", "data" FROM "Checkpoint" WHERE "sourceId" = ? AND "kind" = 'session-metadata' AND "sessionExternalId" IS NOT NULL ORDER BY "id"`,
    [sourceId],
  );
  const users = await bulk.query<{ id: string; userContextWindow: unknown }>(`SELECT "id", "userContextWindow" FROM "AgentSession" WHERE "sourceId" = ?`, [sourceId]);
  const userWindow = new Map(users.map((row) => [row.id, toNullableNumber(row.userContextWindow)]));
  const bySession = new Map<string, { models: string[]; startMs: number | null; endMs: number | null; total: number | null; peak: number; lastMs: number }>();
  for (const row of rows) {
    const value = parseJsonOr<{ model?: string | null; createdAt?: string | null; lastUpdated?: string | null }>(row.data, {});
    const entry = bySession.get(row.sessionExternalId) ?? { models: [], startMs: null, endMs: null, total: null, peak: 0, lastMs: -Infinity };
    if (value.model && !entry.models.includes(value.model)) entry.models.push(value.model);
    const created = value.createdAt ? Date.parse(value.createdAt) : NaN;
    const updated = value.lastUpdated ? Date.parse(value.lastUpdated) : NaN;
    if (!Number.isNaN(created)) entry.startMs = entry.startMs === null ? created : Math.min(entry.startMs, created);
    if (!Number.isNaN(updated)) entry.endMs = entry.endMs === null ? updated : Math.max(entry.endMs, updated);
    const at = dbTimeToMs(row.timestamp) ?? -Infinity;
    const total = toNullableNumber(row.totalTokens);
    if (total !== null && at >= entry.lastMs) {
      entry.total = total;
      entry.lastMs = at;
    }
    entry.peak = Math.max(entry.peak, toNullableNumber(row.usedTokens) ?? 0);
    bySession.set(row.sessionExternalId, entry);
  }
  const now = new Date();
  const sessionRows = [...bySession].map(([externalId, entry]) => {
    const id = agentSessionId(STATE_FILES_KIND, repoPath, externalId);
    const window = resolveContextWindow(userWindow.get(id) ?? null, entry.total, entry.models[entry.models.length - 1] ?? null);
    return {
      id,
      sourceId,
      runtime: STATE_FILES_KIND,
      externalId,
      models: JSON.stringify(entry.models),
      startedAt: entry.startMs === null ? null : new Date(entry.startMs),
      endedAt: entry.endMs === null ? null : new Date(entry.endMs ?? entry.startMs),
      durationMs: entry.startMs !== null && entry.endMs !== null ? entry.endMs - entry.startMs : null,
      lastModel: entry.models[entry.models.length - 1] ?? null,
      logContextWindow: entry.total,
      contextWindow: window.tokens,
      contextWindowSource: window.source,
      peakContextTokens: entry.peak,
      peakContextPercent: window.tokens ? (entry.peak * 100) / window.tokens : null,
      updatedAt: now,
      firstSeenAt: now,
    };
  });
  const keep = new Set(sessionRows.map((row) => row.id));
  const stale = users.map((row) => row.id).filter((id) => !keep.has(id));
  await bulk.deleteWhereIn("AgentSession", "id", stale);
  // A rescan keeps the row's identity and when it was first seen.
  await TABLES.agentSession.upsert(bulk, sessionRows, { conflict: ["id"], update: { except: ["id", "sourceId", "runtime", "externalId", "firstSeenAt"] } });
  return [...keep];
}


