/**
 * `baton scan --agents`: ingest every agent CLI's session logs that discovery finds (the default
 * folders, or CLAUDE_CONFIG_DIR / CODEX_HOME / GEMINI_DATA_DIR / OPENCODE_DATA_DIR).
 *
 * Incremental per file (FileState: size, mtime, offset, lines, carry, head hash):
 * - same size and mtime → not opened;
 * - grown, same first bytes → read from `offset` with the parser's `carry`;
 * - shrunk below `offset`, or different first bytes (rewritten, replaced) → the session it feeds is
 *   reset: its samples and compactions are deleted and every file of that session is read again
 *   from 0 (a response can be held by two files of a session; replacing only one file's copies
 *   could drop the other's);
 * - gone → marked gone; what it contributed stays (Claude deletes old transcripts; Baton keeps them).
 * Samples are upserted by (session, key) with request-dedupe.ts's rule, then totals are recomputed
 * per touched session from the stored samples. A bad line or an unknown record type is counted for
 * its file and never stops anything; an unreadable file is a failed file, the scan goes on.
 */
import { LOG_RUNTIMES, RUNTIME, runtimeLogs } from "../../core/runtimes/runtimes";
import path from "node:path";
import type { Finding } from "../../core/findings";
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import { relativeInside } from "../agents/discover-agent-sources";
import type { BulkWriter } from "../db/bulk";
import { finishSource, loadAgentFiles, markGone, replaceLinkIssues, resetSessions } from "./agent-store";
import { parseAgentGroup, type AgentFileTask, type AgentGroupOutcome } from "./parse-agent-file";
import { holdLeanJit } from "./lean-jit";
import { createParsePool, defaultWorkerCount, TASKS_AHEAD, WORKER_THRESHOLD_BYTES, type ParsePool } from "./parse-pool";
import { DraftStore, HELD_DRAFTS } from "./draft-store";
import { keepHeapInBudget } from "./heap-budget";
import { WriteQueue } from "./write-queue";
import { recomputeSessions } from "./recompute-sessions";
import { scanOpenCodeSource } from "./scan-opencode";
import { OutcomeStore, type Folded } from "./agent-outcome-store";
import type { AgentSourceKind, AgentSourceResult, FilePlan, SourcePlan } from "./agent-scan-types";
import { absolutePathOf, classify, discoverAndPlan, FROM_START, statFile } from "./plan-agent-scan";

export type { AgentSourceKind, AgentSourceResult } from "./agent-scan-types";

export type AgentScanProgress =
  | { phase: "discover" }
  | { phase: "read"; done: number; total: number; bytes: number; totalBytes: number }
  | { phase: "store" };

export interface AgentScanOptions {
  bulk: BulkWriter;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  scanRunId?: string | null;
  /** Parser worker threads beside the main thread; default: parse-pool.ts defaultWorkerCount. */
  workers?: number;
  /**
   * Samples and files per write batch, and session drafts held in memory (DraftStore); tests use
   * tiny ones so that every batching path runs on small fixtures.
   */
  batchSizes?: { samples: number; files: number; heldDrafts: number };
  onProgress?: (event: AgentScanProgress) => void;
}

export interface AgentScanResult {
  sources: AgentSourceResult[];
  /** Main sessions whose rows were recomputed. */
  sessionIds: string[];
  /** Discovery problems (a configured folder that does not exist, an unreadable projects.json). */
  issues: Finding[];
  workers: number;
  durationMs: number;
  /** Wall time of each phase, ms (what `npm run bench -- sessions` reports). */
  timings: { discover: number; classify: number; parseAndStore: number; finish: number; opencode: number; recompute: number };
}

/**
 * Samples held before a write: bounds memory, keeps transactions a sensible size. Small enough that
 * most writing happens while parser workers still run (25,000 left ~100 ms of writing after the
 * last file was parsed; 5,000 measured ~45 ms, same total).
 */
const FLUSH_SAMPLES = 5_000;
/** Files whose states are held before a write (a corpus of many small files flushes on this). */
const FLUSH_FILES = 1_000;
/** How long the main thread parses before it lets the workers' replies in. */
const YIELD_MS = 3;
/**
 * Source bytes of parsed units queued for writing before a lane waits. A unit waiting holds its
 * packed samples (a few % of what it read), so this bounds the queue's memory to a few MiB. On
 * PostgreSQL a write batch (FLUSH_SAMPLES) takes tens of milliseconds of the server's time: with 32
 * units allowed ahead the lanes still idled meanwhile; with this much they parse on until the end.
 */
const WRITES_AHEAD_BYTES = 128 * 1024 * 1024;

/**
 * One transaction for the whole scan: the dashboard sees a scan's results all at once (never a
 * session whose samples are half written), and each database page is written once, at the commit,
 * instead of once per batch (the batches' commits were a quarter of the write time).
 */
export async function scanAgentSources(options: AgentScanOptions): Promise<AgentScanResult> {
  return options.bulk.transaction(() => scanAgentSourcesInTransaction(options));
}

async function scanAgentSourcesInTransaction(options: AgentScanOptions): Promise<AgentScanResult> {
  const { bulk } = options;
  options.onProgress?.({ phase: "discover" });
  // A first agent scan usually reads a machine's whole history: its parser worker starts now and
  // loads while discovery and classification run, and before a large scan turns V8's inlining off
  // (lean-jit.ts; changed flags make V8 reject Node's cached compilations of its own modules, which
  // a worker started after the change compiles again: ~25 ms of the worker's CPU).
  const early = options.workers === undefined && (await isFirstAgentScan(bulk)) ? earlyParsePool() : null;
  let handedOver = false;
  try {
    return await discoverClassifyAndRead(options, early, () => (handedOver = true));
  } finally {
    if (!handedOver) await early?.close();
  }
}

/** Whether no agent source was ever scanned into this database. */
export async function isFirstAgentScan(bulk: BulkWriter): Promise<boolean> {
  const rows = await bulk.query(`SELECT 1 AS "one" FROM "Source" WHERE "kind" IN (${LOG_RUNTIMES.map(() => "?").join(", ")}) AND "lastScanAt" IS NOT NULL LIMIT 1`, [...LOG_RUNTIMES]);
  return rows.length === 0;
}

/** Workers as for a large scan, or null where there would be none (no fresh bundle, one core). */
function earlyParsePool(): ParsePool | null {
  const count = defaultWorkerCount(Number.MAX_SAFE_INTEGER);
  return count > 0 ? createParsePool(count) : null;
}

async function discoverClassifyAndRead(options: AgentScanOptions, early: ParsePool | null, handOver: () => void): Promise<AgentScanResult> {
  const started = Date.now();
  const { bulk } = options;
  const timings: AgentScanResult["timings"] = { discover: 0, classify: 0, parseAndStore: 0, finish: 0, opencode: 0, recompute: 0 };
  let phaseStart = performance.now();
  const lap = (phase: keyof AgentScanResult["timings"]) => {
    const now = performance.now();
    timings[phase] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  const { sources, openCodeDirs, discoveryIssues, links } = await discoverAndPlan(bulk, options);
  const batchSizes = options.batchSizes ?? { samples: FLUSH_SAMPLES, files: FLUSH_FILES, heldDrafts: HELD_DRAFTS };
  const drafts = new DraftStore(bulk, batchSizes.heldDrafts);
  lap("discover");

  // 1. Classify every file against what the last scan saw.
  const resetIds = new Set<string>();
  for (const source of sources) {
    if (source.kind === RUNTIME.opencode) continue;
    const stored = await loadAgentFiles(bulk, source.id);
    for (const file of source.files) statFile(file, stored.get(file.path));
    for (const file of source.files) classify(file, resetIds);
    const present = new Set(source.files.map((file) => file.path));
    const gone = [...stored.values()].filter((state) => state.status !== "gone" && !present.has(state.path));
    source.result.stats.filesGone = gone.length;
    await markGone(bulk, gone.map((state) => state.id));
  }
  // A reset session's other files are read again from 0 too.
  for (const source of sources) {
    for (const file of source.files) {
      if (file.stored?.sessionId && resetIds.has(file.stored.sessionId)) file.readFrom = FROM_START;
    }
  }
  if (resetIds.size > 0) await bulk.transaction(() => resetSessions(bulk, [...resetIds]));
  await storeLinkIssues(bulk, sources, links, options.scanRunId ?? null);
  keepHeapInBudget();
  lap("classify");

  // 2. Parse (workers when it pays) and store as outcomes arrive.
  const toRead = sources.flatMap((source) => source.files.filter((file) => file.readFrom !== null));
  for (const source of sources) {
    source.result.stats.files = source.files.length;
    source.result.stats.filesUnchanged = source.files.filter((file) => file.readFrom === null).length;
    source.result.stats.sessionsReset = new Set(source.files.filter((file) => file.stored?.sessionId && resetIds.has(file.stored.sessionId)).map((file) => file.stored!.sessionId)).size;
  }
  const bytesToRead = toRead.reduce((total, file) => total + Math.max(0, file.size - (file.readFrom?.offset ?? 0)), 0);
  // A large scan compiles the parser in every parsing thread for a short run: no inlining (lean-jit.ts).
  const leanJit = bytesToRead >= WORKER_THRESHOLD_BYTES ? holdLeanJit() : null;
  try {
    handOver();
    return await parseStoreAndSum(options, { early, sources, openCodeDirs, discoveryIssues, toRead, bytesToRead, resetIds, drafts, batchSizes, timings, lap, started });
  } finally {
    leanJit?.release();
  }
}

/** Steps 2–4 of a scan: parse and store what changed, OpenCode, then the session rows. */
async function parseStoreAndSum(options: AgentScanOptions, scan: PlannedScan): Promise<AgentScanResult> {
  const { sources, openCodeDirs, discoveryIssues, toRead, bytesToRead, resetIds, drafts, batchSizes, timings, lap, started } = scan;
  const { bulk } = options;
  const scanRunId = options.scanRunId ?? null;
  // The workers started at the scan's start, or as many as this much reading is worth.
  const pool = scan.early ?? createParsePool(options.workers ?? defaultWorkerCount(bytesToRead));
  const store = new OutcomeStore(bulk, drafts, resetIds, scanRunId, batchSizes);
  try {
    let done = 0;
    let bytes = 0;
    // Largest first for the workers (they finish together); with workers, the main thread parses too,
    // from the small end, whenever it has nothing to write. The two ends meet.
    const units = readUnits(toRead);
    let front = 0;
    let back = units.length;
    // Parsed units are stored in order, one after another (write-queue.ts), while the lanes go on
    // parsing; a lane waits only when WRITES_AHEAD_BYTES of units are queued. On PostgreSQL a write
    // batch is round trips to a server on the same cores: a lane that waited for each of its units'
    // writes left its core idle meanwhile (~0.6 s of a 2.4 s ingest at 1x).
    const writes = new WriteQueue(WRITES_AHEAD_BYTES);
    const stored = async (unit: ReadUnit, result: AgentGroupOutcome) => {
      for (const outcome of result.outcomes) {
        done += 1;
        bytes += outcome.bytesRead;
        if (done % 50 === 0) options.onProgress?.({ phase: "read", done, total: toRead.length, bytes, totalBytes: bytesToRead });
      }
      await writes.push(async () => {
        const folded: Folded[] = [];
        for (let index = 0; index < unit.files.length; index += 1) folded.push(await store.add(unit.files[index]!, result.outcomes[index]!));
        if (result.facts !== null) store.readTogether(folded, result.facts);
      }, unit.bytes);
    };
    // Enough worker lanes that each worker has TASKS_AHEAD units queued while the main thread writes
    // or parses.
    const workerLane = async () => {
      while (front < back && !writes.failed) {
        const unit = units[front++]!;
        await stored(unit, await pool.run(unit.tasks, unit.bytes));
      }
    };
    // Inline (no workers), the only lane; beside workers, one more parser. Parses a unit, queues its
    // write, and every few milliseconds lets the workers' replies (and the writes' answers) in.
    const mainLane = async () => {
      let yielded = performance.now();
      while (front < back && !writes.failed) {
        const unit = units[--back]!;
        await stored(unit, parseAgentGroup(unit.tasks));
        // Let the workers' replies (and, in a server, its requests) in every few milliseconds, not
        // after every file: most files are small, and a turn of the event loop per file cost more
        // than parsing many of them. (Each worker has TASKS_AHEAD units queued meanwhile.)
        if (performance.now() - yielded >= YIELD_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          yielded = performance.now();
        }
      }
    };
    try {
      await Promise.all([mainLane(), ...Array.from({ length: pool.workers * TASKS_AHEAD }, workerLane)]);
    } finally {
      // Nothing is written after the scan moves on (or fails and rolls back).
      await writes.settled();
    }
    await writes.drained();
  } finally {
    await pool.close();
  }
  lap("parseAndStore");
  options.onProgress?.({ phase: "store" });
  await store.finish();
  lap("finish");

  // 3. OpenCode: a database (and older JSON tree), read whole when it changed.
  for (const source of sources.filter((entry) => entry.kind === RUNTIME.opencode)) {
    await scanOpenCodeSource(bulk, source, openCodeDirs, drafts, scanRunId);
  }
  lap(RUNTIME.opencode);

  // 4. Session rows from the stored samples. A reset session no file feeds any more (its file was
  // replaced by another session's) is deleted; one whose files could not be read is recomputed.
  const orphaned: string[] = [];
  for (const id of resetIds) if (!(await drafts.has(id))) orphaned.push(id);
  if (orphaned.length > 0) {
    const fed = await bulk.query<{ sessionId: string }>(
      `SELECT DISTINCT "sessionId" FROM "FileState" WHERE "sessionId" IN (${orphaned.map(() => "?").join(", ")})`,
      orphaned,
    );
    const stillFed = new Set(fed.map((row) => row.sessionId));
    const rows = await bulk.query<{ id: string; sourceId: string; runtime: SessionRuntime; externalId: string }>(
      `SELECT "id", "sourceId", "runtime", "externalId" FROM "AgentSession" WHERE "id" IN (${orphaned.map(() => "?").join(", ")})`,
      orphaned,
    );
    for (const row of rows.filter((entry) => stillFed.has(entry.id))) drafts.draftFor(row.id, row.sourceId, row.runtime, row.externalId, false);
    await bulk.deleteWhereIn("AgentSession", "id", orphaned.filter((id) => !stillFed.has(id)));
  }
  const touched = await drafts.touched();
  const problems = await bulk.transaction(() => recomputeSessions(bulk, drafts.batches()));
  for (const problem of problems) {
    const source = sources.find((entry) => entry.id === problem.sourceId);
    source?.result.errors.push({ path: "(stored samples)", message: problem.message });
  }
  lap("recompute");
  for (const source of sources) {
    source.result.stats.sessionsTouched = touched.bySource.get(source.id) ?? 0;
    const status = source.result.errors.length === 0 ? "ok" : source.result.stats.filesFailed >= source.result.stats.files && source.result.stats.files > 0 ? "failed" : "partial";
    source.result.status = status;
    await finishSource(bulk, source.id, status, source.result.errors[0]?.message ?? null);
  }
  return {
    sources: sources.map((source) => source.result),
    sessionIds: touched.ids,
    issues: discoveryIssues,
    workers: pool.workers,
    durationMs: Date.now() - started,
    timings,
  };
}

/** What steps 0–1 (discovery, classification) hand to the rest of a scan. */
interface PlannedScan extends Omit<Awaited<ReturnType<typeof discoverAndPlan>>, "links"> {
  /** Workers started with the scan (a first one), used instead of new ones. */
  early: ParsePool | null;
  toRead: FilePlan[];
  bytesToRead: number;
  resetIds: Set<string>;
  drafts: DraftStore;
  batchSizes: { samples: number; files: number; heldDrafts: number };
  timings: AgentScanResult["timings"];
  lap: (phase: keyof AgentScanResult["timings"]) => void;
  started: number;
}

/** The variable that points a source kind's folder elsewhere. */
const kindVariable = (kind: AgentSourceKind): string => runtimeLogs(kind).variable;

/** Each source's symbolic links, as issues of the source (the Ingest errors page lists them). */
async function storeLinkIssues(bulk: BulkWriter, sources: readonly SourcePlan[], links: readonly string[], scanRunId: string | null) {
  for (const source of sources) {
    if (source.kind === RUNTIME.opencode) continue;
    const prefix = source.root.endsWith(path.sep) ? source.root : source.root + path.sep;
    const mine = links.filter((link) => link.startsWith(prefix)).map((link) => relativeInside(source.root, link).split(path.sep).join("/"));
    const message = `symbolic link not followed: only real files inside an agent log folder are read (point ${kindVariable(source.kind)} at its target to read it)`;
    await bulk.transaction(() => replaceLinkIssues(bulk, source.id, mine, message, scanRunId));
  }
}

/** What one parsing thread reads at once: one file, or a session's files read whole this scan. */
interface ReadUnit {
  files: FilePlan[];
  tasks: AgentFileTask[];
  /** Bytes to read. */
  bytes: number;
}

/**
 * The files to read as units, largest first (the workers take them from the front, the main thread
 * from the back). A Claude session's files read from their start (its transcript and its
 * subagents', by the session id their paths name) go to one thread together: it sums their requests
 * merged (parseAgentGroup), which spares reading them back from the database afterwards.
 */
function readUnits(toRead: readonly FilePlan[]): ReadUnit[] {
  const units: ReadUnit[] = [];
  const bySession = new Map<string, ReadUnit>();
  toRead.forEach((file, id) => {
    const task = taskFor(file, id);
    const bytes = Math.max(0, file.size - task.offset);
    const key = file.format === "claude" && task.offset === 0 && file.pathSessionId !== null ? `${file.source.id}\0${file.pathSessionId}` : null;
    const unit = key === null ? undefined : bySession.get(key);
    if (unit !== undefined) {
      unit.files.push(file);
      unit.tasks.push(task);
      unit.bytes += bytes;
      return;
    }
    const created: ReadUnit = { files: [file], tasks: [task], bytes };
    units.push(created);
    if (key !== null) bySession.set(key, created);
  });
  return units.sort((a, b) => b.bytes - a.bytes);
}

function taskFor(file: FilePlan, id: number): AgentFileTask {
  const from = file.readFrom!;
  return {
    id,
    path: absolutePathOf(file),
    format: file.format,
    offset: from.offset,
    lines: from.lines,
    carry: from.carry,
    agentId: file.agentId,
    // Read where the parse runs; only on a first read (later slices add to the stored subagent).
    agentType: null,
    metaPath: from.offset === 0 ? file.metaPath : null,
    projectRoot: file.projectRoot,
    pack: true,
  };
}
