/**
 * Requests summed into report rows: Baton's token counts (lib/core/tokens.ts) with ccusage 20's row
 * facts (`totalTokens`, `totalCost`, `modelsUsed`, `modelBreakdowns[]`), plus Baton's own (`runtime`,
 * `requests`, `unpricedModels`, `recordedCost`); report.ts writes them out under ccusage's names. A
 * model without a price has cost null (never 0); a row's `totalCost` sums its priced requests and is
 * null only when none is priced, and `unpricedModels` names what it leaves out, so a partial sum never
 * passes for the whole.
 */
import { addTokens, addTotals, emptyTokens, emptyTotals, totalTokens, type TokenCounts, type TokenTotals } from "../tokens";
import type { CostableRequest } from "./cost";
import { dateInZone, periodOf, type PeriodKind, type WeekStart } from "./periods";

/** One request as the reports see it (a stored sample with its session's facts and its cost). */
export interface UsageEntry extends CostableRequest {
  /** Epoch ms, or null when the log gives no time (counted in session reports, not in periods). */
  timestampMs: number | null;
  runtime: string;
  /** The main session's id (Baton's AgentSession.id); subagent requests carry their parent's. */
  sessionId: string;
  repo: string | null;
  branch: string | null;
  /** Estimated USD, null when the model has no price. */
  cost: number | null;
  /** What the log itself says the request cost, when it says. */
  recordedCostUsd: number | null;
}

export interface ModelBreakdown extends TokenCounts {
  modelName: string;
  cost: number | null;
}

/** Summed requests with ccusage's `totalTokens` (prompt + output). */
export interface RowTotals extends TokenTotals {
  totalTokens: number;
}

export interface UsageRow extends RowTotals {
  totalCost: number | null;
  modelsUsed: string[];
  modelBreakdowns: ModelBreakdown[];
  /** The runtime of the row, or "all" when the row sums several. */
  runtime: string;
  runtimes: string[];
  /** Models in the row without a price (their requests' cost is unknown). */
  unpricedModels: string[];
  /** Sum of the costs the logs record, over the requests that record one; null when none does. */
  recordedCost: number | null;
}

export type Breakdown = "model" | "runtime" | "repo" | "branch" | null;

/** Running sums for one row. */
export class RowAccumulator {
  private totals: RowTotals = { ...emptyTotals(), totalTokens: 0 };
  private cost = 0;
  private priced = 0;
  private recorded: number | null = null;
  private readonly models = new Map<string, ModelBreakdown>();
  private readonly runtimeSet = new Set<string>();
  private readonly unpriced = new Set<string>();

  add(entry: UsageEntry): void {
    addTokens(this.totals, entry);
    this.totals.requests += 1;
    this.totals.totalTokens += totalTokens(entry);
    this.runtimeSet.add(entry.runtime);
    if (entry.cost === null) {
      this.unpriced.add(entry.model ?? "unknown");
    } else {
      this.cost += entry.cost;
      this.priced += 1;
    }
    if (entry.recordedCostUsd !== null) this.recorded = (this.recorded ?? 0) + entry.recordedCostUsd;
    const name = entry.model ?? "unknown";
    let model = this.models.get(name);
    if (model === undefined) {
      model = { modelName: name, ...emptyTokens(), cost: 0 };
      this.models.set(name, model);
    }
    addTokens(model, entry);
    model.cost = entry.cost === null || model.cost === null ? null : model.cost + entry.cost;
  }

  row(): UsageRow {
    const runtimes = [...this.runtimeSet].sort();
    return {
      ...this.totals,
      totalCost: this.priced === 0 && this.totals.requests > 0 ? null : this.cost,
      modelsUsed: [...this.models.keys()],
      // ccusage lists the costliest model first.
      modelBreakdowns: [...this.models.values()].sort((a, b) => (b.cost ?? Infinity) - (a.cost ?? Infinity)),
      runtime: runtimes.length === 1 ? runtimes[0]! : "all",
      runtimes,
      unpricedModels: [...this.unpriced].sort(),
      recordedCost: this.recorded,
    };
  }
}

export function breakdownKey(entry: UsageEntry, breakdown: Breakdown): string {
  if (breakdown === "model") return entry.model ?? "unknown";
  if (breakdown === "runtime") return entry.runtime;
  if (breakdown === "repo") return entry.repo ?? "(no repo)";
  if (breakdown === "branch") return entry.branch ?? "(no branch)";
  return "";
}

export interface PeriodRow extends UsageRow {
  /** The period: a date, a week's first date or a month. */
  period: string;
  /** The breakdown group ("" when none). */
  group: string;
}

export interface PeriodOptions {
  kind: PeriodKind;
  timeZone: string;
  /** Inclusive YYYY-MM-DD bounds in that zone. */
  since?: string | null;
  until?: string | null;
  breakdown?: Breakdown;
  weekStart?: WeekStart;
}

/** Rows per period (and breakdown group), oldest first; requests without a time are left out. */
export function periodRows(entries: Iterable<UsageEntry>, options: PeriodOptions): PeriodRow[] {
  const dateOf = dateInZone(options.timeZone);
  const rows = new Map<string, { period: string; group: string; sums: RowAccumulator }>();
  for (const entry of entries) {
    if (entry.timestampMs === null) continue;
    const date = dateOf(entry.timestampMs);
    if ((options.since && date < options.since) || (options.until && date > options.until)) continue;
    const period = periodOf(options.kind, date, options.weekStart ?? 0);
    const group = breakdownKey(entry, options.breakdown ?? null);
    const key = `${period}\u0000${group}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { period, group, sums: new RowAccumulator() };
      rows.set(key, row);
    }
    row.sums.add(entry);
  }
  return [...rows.values()]
    .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : a.group < b.group ? -1 : a.group > b.group ? 1 : 0))
    .map(({ period, group, sums }) => ({ ...sums.row(), period, group }));
}

/** Rows added into one (a chain's sessions, a report's totals); cost null only when some row has a cost of null and none has one. */
export function sumUsageRows(rows: readonly UsageRow[]): UsageRow {
  const total: UsageRow = { ...new RowAccumulator().row(), totalCost: 0 };
  let priced = false;
  const models = new Set<string>();
  const runtimes = new Set<string>();
  const unpriced = new Set<string>();
  for (const row of rows) {
    addTotals(total, row);
    total.totalTokens += row.totalTokens;
    if (row.totalCost !== null) {
      total.totalCost = (total.totalCost ?? 0) + row.totalCost;
      priced = true;
    }
    if (row.recordedCost !== null) total.recordedCost = (total.recordedCost ?? 0) + row.recordedCost;
    row.modelsUsed.forEach((model) => models.add(model));
    row.runtimes.forEach((runtime) => runtimes.add(runtime));
    row.unpricedModels.forEach((model) => unpriced.add(model));
  }
  total.totalCost = priced || rows.length === 0 ? total.totalCost : null;
  total.modelsUsed = [...models];
  total.runtimes = [...runtimes].sort();
  total.runtime = total.runtimes.length === 1 ? total.runtimes[0]! : "all";
  total.unpricedModels = [...unpriced].sort();
  return total;
}

/** The totals object of a report: the rows summed (cost null only when no row has one). */
export function totalsOf(rows: readonly UsageRow[]) {
  const sum = sumUsageRows(rows);
  const totals: RowTotals = { ...emptyTotals(), totalTokens: sum.totalTokens };
  addTotals(totals, sum);
  return { ...totals, totalCost: sum.totalCost, recordedCost: sum.recordedCost, unpricedModels: sum.unpricedModels };
}

/** Rows keyed by any grouping (session, chain, handoff): one accumulator per key. */
export function groupRows<K>(entries: Iterable<UsageEntry>, keyOf: (entry: UsageEntry) => K | null): Map<K, UsageRow> {
  const groups = new Map<K, RowAccumulator>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === null) continue;
    let sums = groups.get(key);
    if (sums === undefined) {
      sums = new RowAccumulator();
      groups.set(key, sums);
    }
    sums.add(entry);
  }
  return new Map([...groups].map(([key, sums]) => [key, sums.row()]));
}
