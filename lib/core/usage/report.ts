/**
 * The documents `baton report <kind> --json` prints: ccusage 20's shapes and field names for the same
 * report (daily[] / weekly[] / monthly[] / sessions[] with totals; blocks[]), plus Baton's own fields
 * (`runtime`, `reasoningTokens`, `requests`, `unpricedModels`, `recordedCost`, and per document
 * `costIsEstimate`, `timezone`, `prices`). Pure: the CLI and the page build them from loaded entries.
 */
import { ccusageTokenFields } from "../tokens";
import { groupRows, periodRows, RowAccumulator, totalsOf, type Breakdown, type UsageEntry, type UsageRow } from "./aggregate";
import { usageBlocks, type PlanLimit, type UsageBlock } from "./blocks";
import { dateInZone, type PeriodKind } from "./periods";
import { weekLimitStatus } from "./week-limit";

export type ReportKind = PeriodKind | "session" | "blocks";

export interface ReportSession {
  id: string;
  runtime: string;
  externalId: string;
  cwd: string | null;
  branch: string | null;
  repoPath: string | null;
  title?: string | null;
}

export interface ReportOptions {
  timeZone: string;
  since?: string | null;
  until?: string | null;
  breakdown?: Breakdown;
  now: number;
  limit?: PlanLimit | null;
  /** A plan limit per calendar week (blocks report). */
  weekLimit?: PlanLimit | null;
  pricesReadOn: string;
  priceOverrideFile?: string | null;
  /** Repo path → the repo's name, for `--breakdown repo` rows (`repoName`). */
  repoNames?: ReadonlyMap<string, string>;
}

const PERIOD_FIELD = { daily: "date", weekly: "week", monthly: "month" } as const;

/**
 * The row with ccusage's fields first, in ccusage's order and under its names, then Baton's. Written
 * out (ccusageTokenFields' order), not spread: an all-time session report writes one per session.
 */
function ccusageRow(row: UsageRow) {
  return {
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    cacheCreationTokens: row.cacheWriteTokens,
    cacheReadTokens: row.cacheReadTokens,
    totalTokens: row.totalTokens,
    totalCost: row.totalCost,
    modelsUsed: row.modelsUsed,
    modelBreakdowns: row.modelBreakdowns.map((model) => ({
      modelName: model.modelName,
      inputTokens: model.inputTokens,
      outputTokens: model.outputTokens,
      cacheCreationTokens: model.cacheWriteTokens,
      cacheReadTokens: model.cacheReadTokens,
      cost: model.cost,
    })),
    runtime: row.runtime,
    runtimes: row.runtimes,
    reasoningTokens: row.reasoningTokens,
    requests: row.requests,
    unpricedModels: row.unpricedModels,
    recordedCost: row.recordedCost,
  };
}

/** A report's `totals` under ccusage's names, in its order, then Baton's. */
function ccusageTotals(totals: ReturnType<typeof totalsOf>) {
  return {
    ...ccusageTokenFields(totals),
    totalTokens: totals.totalTokens,
    reasoningTokens: totals.reasoningTokens,
    requests: totals.requests,
    totalCost: totals.totalCost,
    recordedCost: totals.recordedCost,
  };
}

function documentExtras(options: ReportOptions, unpricedModels: string[]) {
  return {
    costIsEstimate: true as const,
    timezone: options.timeZone,
    prices: { readOn: options.pricesReadOn, overrideFile: options.priceOverrideFile ?? null },
    unpricedModels,
  };
}

export function periodReport(kind: PeriodKind, entries: readonly UsageEntry[], options: ReportOptions) {
  const rows = periodRows(entries, { kind, timeZone: options.timeZone, since: options.since, until: options.until, breakdown: options.breakdown ?? null });
  const field = PERIOD_FIELD[kind];
  const totals = totalsOf(rows);
  const breakdown = options.breakdown ?? null;
  // A repo group is its path (unique); its name goes beside it, for people (the table shows it).
  const repoName = (path: string) => (path === "(no repo)" ? null : (options.repoNames?.get(path) ?? path.split("/").filter(Boolean).at(-1) ?? path));
  const list = rows.map((row) => ({
    [field]: row.period,
    ...(breakdown && breakdown !== "runtime" ? { [breakdown]: row.group } : {}),
    ...(breakdown === "repo" ? { repoName: repoName(row.group) } : {}),
    ...ccusageRow(row),
  }));
  return { [kind]: list, totals: ccusageTotals(totals), ...documentExtras(options, totals.unpricedModels) } as {
    [key: string]: unknown;
    totals: ReturnType<typeof ccusageTotals>;
  };
}

/** One row per main session (subagents inside it), latest activity first, as ccusage's session report. */
export function sessionReport(entries: readonly UsageEntry[], sessions: ReadonlyMap<string, ReportSession>, options: ReportOptions) {
  const dateOf = dateInZone(options.timeZone);
  const inRange = (entry: UsageEntry) => {
    if (!options.since && !options.until) return true;
    if (entry.timestampMs === null) return false;
    const date = dateOf(entry.timestampMs);
    return !((options.since && date < options.since) || (options.until && date > options.until));
  };
  const kept = entries.filter(inRange);
  const activity = new Map<string, { first: number; last: number }>();
  const everything = new RowAccumulator();
  for (const entry of kept) {
    everything.add(entry);
    if (entry.timestampMs === null) continue;
    const last = entry.lastTimestampMs ?? entry.timestampMs;
    const seen = activity.get(entry.sessionId);
    if (seen === undefined) activity.set(entry.sessionId, { first: entry.timestampMs, last });
    else {
      if (entry.timestampMs < seen.first) seen.first = entry.timestampMs;
      if (last > seen.last) seen.last = last;
    }
  }
  const rows = groupRows(kept, (entry) => entry.sessionId);
  const list = [...rows]
    .map(([id, row]) => {
      const session = sessions.get(id);
      const span = activity.get(id);
      // ccusage's session fields, then ccusageRow's (written out: one object per session), then Baton's.
      const ccusage = ccusageRow(row);
      return {
        sessionId: session?.externalId ?? id,
        inputTokens: ccusage.inputTokens,
        outputTokens: ccusage.outputTokens,
        cacheCreationTokens: ccusage.cacheCreationTokens,
        cacheReadTokens: ccusage.cacheReadTokens,
        totalTokens: ccusage.totalTokens,
        totalCost: ccusage.totalCost,
        modelsUsed: ccusage.modelsUsed,
        modelBreakdowns: ccusage.modelBreakdowns,
        runtime: ccusage.runtime,
        runtimes: ccusage.runtimes,
        reasoningTokens: ccusage.reasoningTokens,
        requests: ccusage.requests,
        unpricedModels: ccusage.unpricedModels,
        recordedCost: ccusage.recordedCost,
        firstActivity: span ? new Date(span.first).toISOString() : null,
        lastActivity: span ? new Date(span.last).toISOString() : null,
        projectPath: session?.cwd ?? null,
        id,
        title: session?.title ?? null,
        repo: session?.repoPath ?? null,
        branch: session?.branch ?? null,
      };
    })
    .sort((a, b) => compareLatestFirst(a.lastActivity, b.lastActivity) || a.sessionId.localeCompare(b.sessionId));
  // Summed over the requests (not the rows): the same figure in whatever order the sessions came.
  const totals = totalsOf([everything.row()]);
  return { sessions: list, totals: ccusageTotals(totals), ...documentExtras(options, totals.unpricedModels) };
}

/**
 * Latest activity first, as `(b ?? "").localeCompare(a ?? "")` orders them: two instants written by
 * toISOString in the same 24-character form differ first at a digit, where code-unit order is the
 * collation's, so they are compared as plain strings (15,000 sessions: a third of the sort's time).
 */
function compareLatestFirst(a: string | null, b: string | null): number {
  const later = b ?? "";
  const earlier = a ?? "";
  if (later.length === 24 && earlier.length === 24) return later < earlier ? -1 : later > earlier ? 1 : 0;
  return later.localeCompare(earlier);
}

export function blocksReport(entries: readonly UsageEntry[], options: ReportOptions) {
  // Blocks are built over every request (a block's start depends on what came before), then kept
  // when they touch the date range in the report's zone.
  return blocksDocument(usageBlocks(entries, { now: options.now, limit: options.limit ?? null }), options.weekLimit ? entries : null, options);
}

/**
 * The blocks document from blocks built over enough history (every block from a true start: the
 * first request, or the first after a silence of more than 5 hours) and, for a week limit, the
 * current week's requests.
 */
export function blocksDocument(built: readonly UsageBlock[], weekEntries: readonly UsageEntry[] | null, options: ReportOptions) {
  const dateOf = dateInZone(options.timeZone);
  const touches = built.map((block) => {
    const startDate = dateOf(Date.parse(block.startTime));
    const endDate = dateOf(Date.parse(block.actualEndTime ?? block.endTime));
    return !((options.since && endDate < options.since) || (options.until && startDate > options.until));
  });
  // A gap says "nothing between these two blocks": it is shown only when both blocks are, never as
  // the first or last row of a range (it would start before --since, or end after --until).
  const blocks = built.filter((block, index) => touches[index] && (!block.isGap || (touches[index - 1] === true && touches[index + 1] === true)));
  const unpriced = [...new Set(blocks.flatMap((block) => block.unpricedModels))].sort();
  const weekLimit = options.weekLimit && weekEntries ? weekLimitStatus(weekEntries, options.weekLimit, { now: options.now, timeZone: options.timeZone }) : null;
  return { blocks, ...(weekLimit ? { weekLimit } : {}), ...documentExtras(options, unpriced) };
}
