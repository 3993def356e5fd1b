/**
 * OpenCode keeps sessions in a database (and, before 1.x, a JSON tree), not in append-only logs:
 * when anything about them changed (database or WAL size/mtime, the tree's files) the whole store
 * is read again and every session in it replaces what was stored for it. The database is opened
 * read-only (lib/server/agents/read-opencode-db.ts).
 */
import { RUNTIME } from "../../core/runtimes/runtimes";
import { stat } from "node:fs/promises";
import path from "node:path";
import { finding, type Finding } from "../../core/findings";
import { checkSessionLog } from "../../core/sessions/check-session-log";
import { parseOpenCode } from "../../core/sessions/parse-opencode";
import { packRequests } from "../../core/sessions/sample-pack";
import type { AgentSources } from "../agents/discover-agent-sources";
import { listJson, readOpenCodeStorage } from "../agents/load-agent-sessions";
import { readOpenCodeDb } from "../agents/read-opencode-db";
import type { BulkWriter } from "../db/bulk";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import { AGENT_ISSUE_RULES, loadAgentFiles, markGone, replaceFileIssues, resetSessions, writeCompactions, writeChunks, writeFileStates, type ChunkWrite } from "./agent-store";
import type { DraftStore } from "./draft-store";
import { foldIntoDraft } from "./session-draft";
import type { AgentSourceResult } from "./agent-scan-types";
import { agentSessionId } from "./session-ids";

/** What an OpenCode store's state records of the reader that read it: it read titles (first prompts). */
const OPENCODE_CARRY = JSON.stringify({ titlePending: false });

export interface OpenCodeSourcePlan {
  id: string;
  root: string;
  realRoot: string;
  result: AgentSourceResult;
}

export async function scanOpenCodeSource(
  bulk: BulkWriter,
  source: OpenCodeSourcePlan,
  openCodeDirs: AgentSources["opencode"]["dirs"],
  drafts: DraftStore,
  scanRunId: string | null,
): Promise<void> {
  const dir = openCodeDirs.find((entry) => entry.dataDir === source.root);
  if (!dir) return;
  const stats = source.result.stats;
  const key = dir.database ? path.relative(source.root, dir.database).split(path.sep).join("/") : "storage";
  const stored = await loadAgentFiles(bulk, source.id);
  const previous = stored.get(key);
  const gone = [...stored.values()].filter((state) => state.path !== key && state.status !== "gone");
  await markGone(bulk, gone.map((state) => state.id));
  stats.filesGone = gone.length;
  stats.files = 1;

  const signature = await storeSignature(dir.database, dir.storageDir);
  // A store last read before sessions had titles (no carry) is read again once for them.
  if (previous && previous.status === "ok" && previous.headHash === signature.hash && previous.carry === OPENCODE_CARRY) {
    stats.filesUnchanged = 1;
    return;
  }

  const issues: Finding[] = [];
  const db = dir.database ? readOpenCodeDb(dir.database) : null;
  if (db) issues.push(...db.issues);
  const storage = dir.storageDir ? await readOpenCodeStorage(dir.storageDir, issues) : null;
  const parsed = parseOpenCode({ rows: db?.rows ?? null, storage });
  issues.push(...parsed.issues);
  const unreadable = dir.database !== null && db?.rows === null;
  if (unreadable) {
    stats.filesFailed = 1;
    source.result.errors.push({ path: key, message: db?.issues[0]?.message ?? "database could not be read" });
  } else {
    stats.filesRead = 1;
    stats.bytesRead = signature.bytes;
  }

  // Every value is checked once before anything is stored (as for the other runtimes' logs).
  for (const log of parsed.value) {
    const where = `session ${log.agentId ?? log.sessionId ?? "?"}`;
    for (const issue of checkSessionLog(log)) issues.push(finding("opencode-bad-value", "warning", null, `${where}${issue.line === null ? "" : `, message #${issue.line}`}: ${issue.message}`));
  }
  // Every session in the store is read whole: what was stored for it is replaced.
  const logs = parsed.value.filter((log) => log.sessionId !== null);
  const ids = new Map(logs.map((log) => [log.sessionId!, agentSessionId(RUNTIME.opencode, source.realRoot, log.sessionId!)]));
  const chunks: ChunkWrite[] = [];
  const compactions: Parameters<typeof writeCompactions>[1] = [];
  for (const log of logs) {
    const id = ids.get(log.sessionId!)!;
    foldIntoDraft(drafts.draftFor(id, source.id, RUNTIME.opencode, log.sessionId!, true), log);
    // Keys repeat only if the store does; the last copy wins, as the parser's own de-dup does.
    const unique = [...new Map(log.requests.map((request) => [request.key, request])).values()];
    if (unique.length > 0) chunks.push({ sessionId: id, file: key, count: unique.length, data: packRequests(unique) });
    for (const compaction of log.compactions) {
      const time = compaction.timestamp === null ? NaN : Date.parse(compaction.timestamp);
      compactions.push({
        sessionId: id,
        agentId: log.agentId ?? "",
        file: key,
        line: compaction.line,
        timestampMs: Number.isNaN(time) ? null : time,
        trigger: compaction.trigger,
        preTokens: compaction.preTokens,
        postTokens: compaction.postTokens,
      });
    }
  }
  let notStored: string | null = null;
  await bulk.transaction(async () => {
    if (!unreadable) {
      // What the store held that cannot be written makes it a failed file with an issue (isolate.ts).
      await writeIsolated(
        bulk,
        [key],
        async () => {
          await resetSessions(bulk, [...new Set(ids.values())]);
          await writeChunks(bulk, chunks);
          await writeCompactions(bulk, compactions);
        },
        (_file, error) => {
          notStored = `could not be stored: ${writeFailureMessage(error)}`;
          issues.push(finding(AGENT_ISSUE_RULES.notStored, "error", null, notStored));
          stats.filesFailed = 1;
          stats.filesRead = 0;
          source.result.errors.push({ path: key, message: notStored });
        },
      );
    }
    await writeFileStates(
      bulk,
      [
        {
          sourceId: source.id,
          path: key,
          size: signature.bytes,
          mtimeMs: signature.mtimeMs,
          offset: unreadable ? 0 : signature.bytes,
          lines: 0,
          carry: OPENCODE_CARRY,
          // A locked or unreadable database is read again next scan even if nothing changed.
          headHash: unreadable || notStored !== null ? null : signature.hash,
          sessionId: null,
          status: unreadable || notStored !== null ? "failed" : "ok",
          badLines: parsed.issues.length + issues.filter((issue) => issue.rule === "opencode-bad-value").length,
          unknownTypes: "{}",
          issueCount: issues.length,
        },
      ],
      scanRunId,
    );
    await replaceFileIssues(
      bulk,
      source.id,
      { fromStart: [key], appended: [] },
      issues.map((issue) => ({
        sourceId: source.id,
        path: key,
        line: issue.line,
        rule:
          issue.rule === "opencode-db-unreadable"
            ? AGENT_ISSUE_RULES.database
            : issue.rule === "opencode-bad-value"
              ? AGENT_ISSUE_RULES.badValue
              : issue.rule === AGENT_ISSUE_RULES.notStored
                ? AGENT_ISSUE_RULES.notStored
                : AGENT_ISSUE_RULES.badLine,
        severity: issue.severity === "error" ? "error" : "warning",
        message: issue.message,
      })),
      scanRunId,
    );
  });
}

/** What changes when OpenCode writes: the database, its WAL, the JSON tree's files. */
async function storeSignature(database: string | null, storageDir: string | null): Promise<{ hash: string; bytes: number; mtimeMs: number }> {
  const parts: string[] = [];
  let bytes = 0;
  let mtimeMs = 0;
  for (const file of database ? [database, `${database}-wal`] : []) {
    try {
      const info = await stat(file);
      // An empty WAL holds no rows; a read-only reader (Baton's own first read included) creates one.
      if (file.endsWith("-wal") && info.size === 0) {
        parts.push(`${path.basename(file)}:-`);
        continue;
      }
      parts.push(`${path.basename(file)}:${info.size}:${info.mtimeMs}`);
      bytes += info.size;
      mtimeMs = Math.max(mtimeMs, info.mtimeMs);
    } catch {
      parts.push(`${path.basename(file)}:-`);
    }
  }
  if (storageDir) {
    let count = 0;
    let treeBytes = 0;
    let newest = 0;
    for (const full of await listJson(storageDir)) {
      const info = await stat(full).catch(() => null);
      if (!info) continue;
      count += 1;
      treeBytes += info.size;
      newest = Math.max(newest, info.mtimeMs);
    }
    parts.push(`storage:${count}:${treeBytes}:${newest}`);
    bytes += treeBytes;
    mtimeMs = Math.max(mtimeMs, newest);
  }
  return { hash: parts.join("|"), bytes, mtimeMs };
}
