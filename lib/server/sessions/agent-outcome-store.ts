/**
 * What each read of an agent log writes (chunks of samples, compactions, the file's state, its issues),
 * batched, folded into its session's draft, and written alone when its batch fails, so one bad file
 * never loses the others' work (scan-agents.ts runs the scan).
 */
import { emptyFacts, type SessionFacts } from "../../core/usage/session-usage-facts";
import type { ParsedSessionLog } from "../../core/sessions/types";
import type { BulkWriter } from "../db/bulk";
import { writeFailureMessage, writeIsolated } from "../db/isolate";
import {
  AGENT_ISSUE_RULES,
  NO_TOKEN_COUNTS_NOTICE,
  replaceFileIssues,
  writeCompactions,
  writeFileStates,
  writeChunks,
  type CompactionWrite,
  type FileStateWrite,
  type IssueWrite,
  type ChunkWrite,
} from "./agent-store";
import type { AgentSourceResult, FilePlan } from "./agent-scan-types";
import type { DraftStore } from "./draft-store";
import { keepHeapInBudget } from "./heap-budget";
import { packedRequests, runtimeOf, type AgentFileOutcome } from "./parse-agent-file";
import { foldIntoDraft } from "./session-draft";
import { agentSessionId, parseJsonOr } from "./session-ids";

/** The main session a log belongs to, and whether this read is its first. */
function externalSessionId(file: FilePlan, log: ParsedSessionLog): string | null {
  switch (file.format) {
    case "claude":
      // A transcript without sessionId lines still belongs to the session its path names.
      return log.sessionId ?? file.pathSessionId;
    case "codex":
      return log.sessionId ?? file.pathSessionId;
    default:
      return log.sessionId;
  }
}

/** A file's state when this read of it is not kept: as stored before, marked failed, read again next scan. */
function failedState(file: FilePlan, issueCount: number): FileStateWrite {
  return {
    sourceId: file.source.id,
    path: file.path,
    size: Math.max(0, file.size),
    mtimeMs: file.mtimeMs,
    offset: file.stored?.offset ?? 0,
    lines: file.stored?.lines ?? 0,
    carry: file.stored?.carry ?? null,
    headHash: file.stored?.headHash ?? null,
    sessionId: file.stored?.sessionId ?? null,
    status: "failed",
    badLines: file.stored?.badLines ?? 0,
    unknownTypes: file.stored?.unknownTypes ?? "{}",
    issueCount,
  };
}

/** What OutcomeStore.add folded a read into: its session, and whether the read was the session's whole start. */
export interface Folded {
  sessionId: string | null;
  fresh: boolean;
}

const NOT_FOLDED: Folded = Object.freeze({ sessionId: null, fresh: false });

/** Everything one read of one file writes: written with the batch, or alone when the batch fails. */
interface FileWrite {
  /** The source's result (its counts and errors name a file that could not be stored). */
  result: AgentSourceResult;
  sourceId: string;
  path: string;
  /** The session it feeds (null: none yet). */
  sessionId: string | null;
  chunks: ChunkWrite[];
  compactions: CompactionWrite[];
  state: FileStateWrite;
  issues: IssueWrite[];
  /** Whose stored issues it replaces: all (read from the start), those of its state (appended), or none (new file). */
  reread: "fromStart" | "appended" | null;
  /** An appended read that found token counts (lifts the file's "no token counts" notice). */
  counted: boolean;
}

export class OutcomeStore {
  private pending: FileWrite[] = [];
  private chunkedSamples = 0;
  /** Sessions a file of which could not be stored this scan: their facts are read back, never assumed. */
  private failedSessions = new Set<string>();

  constructor(
    private readonly bulk: BulkWriter,
    private readonly drafts: DraftStore,
    private readonly resetIds: ReadonlySet<string>,
    private readonly scanRunId: string | null,
    private readonly batchSizes: { samples: number; files: number },
  ) {}

  async add(file: FilePlan, outcome: AgentFileOutcome): Promise<Folded> {
    const source = file.source;
    const from = file.readFrom!;
    const fromStart = from.offset === 0;
    // A file never seen before has no stored issues to replace.
    const write: Omit<FileWrite, "state"> = { result: source.result, sourceId: source.id, path: file.path, sessionId: null, chunks: [], compactions: [], issues: [], reread: file.stored ? (fromStart ? "fromStart" : "appended") : null, counted: false };
    const issues = { rows: write.issues };
    if (outcome.error !== null || outcome.log === null) {
      source.result.stats.filesFailed += 1;
      source.result.errors.push({ path: file.path, message: outcome.error ?? "could not be read" });
      issues.rows.push({ sourceId: source.id, path: file.path, line: null, rule: AGENT_ISSUE_RULES.unreadable, severity: "error", message: `could not read: ${outcome.error ?? "unknown error"}` });
      this.pending.push({ ...write, state: failedState(file, 1) });
      if (this.pending.length >= this.batchSizes.files) await this.flush();
      return NOT_FOLDED;
    }
    source.result.stats.filesRead += 1;
    source.result.stats.bytesRead += outcome.bytesRead;
    const log = outcome.log;
    const runtime = runtimeOf(file.format);

    // Which session: the one this file fed before (unless it was reset), else from the log.
    let sessionId: string | null = null;
    let externalId: string | null = null;
    const storedSession = file.stored?.sessionId ?? null;
    if (storedSession && !fromStart) {
      sessionId = storedSession;
    } else {
      externalId = externalSessionId(file, log);
      if (externalId !== null) sessionId = agentSessionId(runtime, source.realRoot, externalId);
    }
    // Packed by the parse (taskFor asks for it); packed here only if a parse did not.
    const packed = outcome.packed ?? (log.requests.length > 0 ? packedRequests(runtime, log.requests) : null);
    // A log that records activity (messages, tool calls) but no token counts is still a session:
    // shown with 0 tokens and a notice, never left out (Codex Desktop writes rollouts like that).
    const hasContent = packed !== null || log.compactions.length > 0 || log.hasActivity === true;
    // A file with nothing countable yet and no session: not a session (yet). It is read again from
    // the start when it changes (classify), so its first lines still date the session later.
    const keepsOffset = sessionId !== null && (hasContent || storedSession !== null || (await this.drafts.has(sessionId)));
    let folded = NOT_FOLDED;
    if (sessionId !== null && keepsOffset) {
      const draft = this.drafts.draftFor(sessionId, source.id, runtime, externalId ?? log.sessionId ?? file.pathSessionId ?? sessionId, this.resetIds.has(sessionId));
      foldIntoDraft(draft, log);
      draft.fileReads += 1;
      // Read whole into a session with nothing stored before (new, or reset): its facts are these
      // requests' (recompute checks no other file ever fed it).
      const fresh = fromStart && (storedSession === null || storedSession !== sessionId || this.resetIds.has(sessionId));
      draft.wholeFacts = fresh && draft.fileReads === 1 ? (packed?.facts ?? emptyFacts()) : null;
      folded = { sessionId, fresh };
      write.sessionId = sessionId;
      if (packed !== null) {
        write.chunks.push({ sessionId, file: file.path, count: packed.count, data: packed.data });
        this.chunkedSamples += packed.count;
      }
      for (const compaction of log.compactions) {
        const time = compaction.timestamp === null ? NaN : Date.parse(compaction.timestamp);
        write.compactions.push({
          sessionId,
          agentId: log.agentId ?? "",
          file: file.path,
          line: compaction.line,
          timestampMs: Number.isNaN(time) ? null : time,
          trigger: compaction.trigger,
          preTokens: compaction.preTokens,
          postTokens: compaction.postTokens,
        });
      }
    }

    const unknownTypes = fromStart ? {} : parseJsonOr<Record<string, number>>(file.stored?.unknownTypes, {});
    for (const [type, count] of Object.entries(log.unknownTypes)) unknownTypes[type] = (unknownTypes[type] ?? 0) + count;
    const badLines = (fromStart ? 0 : (file.stored?.badLines ?? 0)) + outcome.badLineCount;
    for (const bad of log.badLines) {
      issues.rows.push({ sourceId: source.id, path: file.path, line: bad.line, rule: AGENT_ISSUE_RULES.badLine, severity: "warning", message: bad.message });
    }
    for (const issue of outcome.valueIssues) {
      issues.rows.push({ sourceId: source.id, path: file.path, line: issue.line, rule: AGENT_ISSUE_RULES.badValue, severity: "warning", message: issue.message });
    }
    const unlisted = outcome.badLineCount - log.badLines.length - outcome.valueIssues.length;
    if (unlisted > 0) {
      issues.rows.push({
        sourceId: source.id,
        path: file.path,
        line: null,
        rule: AGENT_ISSUE_RULES.badLine,
        severity: "warning",
        message: `${unlisted} more malformed lines or values in this read (not listed)`,
      });
    }
    // The notice describes the file as a whole: a read from the start decides it; a later read that
    // finds counts lifts it, one that finds none keeps what the file's earlier reads stored.
    write.counted = packed !== null && !fromStart && file.stored !== undefined;
    if (packed === null && log.hasActivity === true && keepsOffset && (fromStart || !file.stored)) {
      issues.rows.push({ sourceId: source.id, path: file.path, line: null, rule: AGENT_ISSUE_RULES.noTokenCounts, severity: "info", message: NO_TOKEN_COUNTS_NOTICE });
    }
    if (outcome.pendingTail) {
      issues.rows.push({ sourceId: source.id, path: file.path, line: outcome.pendingTail.line, rule: AGENT_ISSUE_RULES.incompleteLine, severity: "info", message: outcome.pendingTail.message });
    }
    for (const [type, count] of Object.entries(unknownTypes)) {
      issues.rows.push({ sourceId: source.id, path: file.path, line: null, rule: AGENT_ISSUE_RULES.unknownType, severity: "info", message: `${count} record(s) of unknown type "${type}" (format drift): counted, not read` });
    }
    this.pending.push({
      ...write,
      state: {
      sourceId: source.id,
      path: file.path,
      size: outcome.size,
      mtimeMs: outcome.mtimeMs,
      // Without a session yet, the next change reads the file from the start (classify), so no carry.
      offset: outcome.offset,
      lines: outcome.lines,
      carry: keepsOffset && outcome.carry ? JSON.stringify(outcome.carry) : null,
      headHash: outcome.headHash,
      sessionId: keepsOffset ? sessionId : null,
      status: "ok",
      badLines,
      unknownTypes: JSON.stringify(unknownTypes),
      issueCount: badLines + (outcome.pendingTail ? 1 : 0) + Object.keys(unknownTypes).length,
      },
    });
    if (this.chunkedSamples >= this.batchSizes.samples || this.pending.length >= this.batchSizes.files) await this.flush();
    return folded;
  }

  /**
   * A unit's files were read together and `facts` sums all their requests merged: when every file
   * that fed a session fed the same one, each read whole into a session with nothing stored before,
   * and no other read of this scan fed it, those are its facts (recompute still checks that no
   * other file ever fed it).
   */
  readTogether(folded: readonly Folded[], facts: SessionFacts) {
    const fed = folded.filter((entry) => entry.sessionId !== null);
    if (fed.length === 0) return;
    const sessionId = fed[0]!.sessionId!;
    if (!fed.every((entry) => entry.sessionId === sessionId && entry.fresh) || this.failedSessions.has(sessionId)) return;
    const draft = this.drafts.heldDraft(sessionId);
    if (draft !== undefined && draft.fileReads === fed.length) draft.wholeFacts = facts;
  }

  /**
   * Writes what the files read so far gave: samples, compactions, file states and issues. Nothing of
   * a file stays in memory after its batch, so memory does not grow with the number of files (the
   * scan's one transaction makes the batches visible together). A file whose rows cannot be stored
   * is kept out and becomes a failed file with an issue; the others are stored (isolate.ts).
   */
  private async flush() {
    const pending = this.pending;
    this.pending = [];
    this.chunkedSamples = 0;
    const failed: FileWrite[] = [];
    await this.bulk.transaction(async () => {
      await writeIsolated(this.bulk, pending, (files) => this.writeFiles(files), (file, error) => {
        const message = `could not be stored: ${writeFailureMessage(error)}`;
        file.result.stats.filesFailed += 1;
        if (file.state.status === "ok") file.result.stats.filesRead -= 1;
        file.result.errors.push({ path: file.path, message });
        failed.push({
          ...file,
          chunks: [],
          compactions: [],
          state: { ...file.state, status: "failed", issueCount: 1 },
          issues: [{ sourceId: file.sourceId, path: file.path, line: null, rule: AGENT_ISSUE_RULES.notStored, severity: "error", message }],
          counted: false,
        });
      });
      if (failed.length > 0) await this.writeFailures(failed);
    });
    await this.drafts.spillIfLarge();
    keepHeapInBudget();
  }

  /** Files whose rows could not be stored: failed, read again next scan; their sessions' sums are read back. */
  private async writeFailures(failed: FileWrite[]) {
    for (const file of failed) {
      if (file.sessionId === null) continue;
      this.failedSessions.add(file.sessionId);
      const draft = this.drafts.heldDraft(file.sessionId);
      if (draft !== undefined) draft.wholeFacts = null;
    }
    await this.writeFiles(failed);
  }

  private async writeFiles(files: readonly FileWrite[]) {
    await writeChunks(this.bulk, files.flatMap((file) => file.chunks));
    await writeCompactions(this.bulk, files.flatMap((file) => file.compactions));
    await writeFileStates(this.bulk, files.map((file) => file.state), this.scanRunId);
    const bySource = new Map<string, FileWrite[]>();
    for (const file of files) {
      const list = bySource.get(file.sourceId);
      if (list) list.push(file);
      else bySource.set(file.sourceId, [file]);
    }
    for (const [sourceId, list] of bySource) {
      const reread = {
        fromStart: list.filter((file) => file.reread === "fromStart").map((file) => file.path),
        appended: list.filter((file) => file.reread === "appended").map((file) => file.path),
        counted: list.filter((file) => file.counted).map((file) => file.path),
      };
      await replaceFileIssues(this.bulk, sourceId, reread, list.flatMap((file) => file.issues), this.scanRunId);
    }
  }

  async finish() {
    await this.flush();
  }
}
