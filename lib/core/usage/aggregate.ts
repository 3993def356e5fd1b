/**
 * Requests summed into report rows: Baton's token counts (lib/core/tokens.ts) with ccusage 20's row
 * facts (`totalTokens`, `totalCost`, `modelsUsed`, `modelBreakdowns[]`), plus Baton's own (`runtime`,
 * `requests`, `unpricedModels`, `recordedCost`); report.ts writes them out under ccusage's names. A
 * model without a price has cost null (never 0); a row's `totalCost` sums its priced requests and is
 * null only when none is priced, and `unpricedModels` names what it leaves out, so a partial sum never
 * passes for the whole.
 */
import { addTokens, addTotals, emptyTotals, totalTokens, type TokenCounts, type TokenTotals } from "../tokens";
import { addCostSums, costOfSums, emptyCostSums, type CostableRequest, type CostSums, type RequestPricing } from "./cost";
import type { PriceRates } from "./prices";
import { dateInZone, periodOf, type PeriodKind, type WeekStart } from "./periods";

/**
 * One request as the reports see it (a stored sample with its session's facts and its cost), or a
 * rollup row standing for `requests` of them (rollup.ts): then `timestampMs` is its first request's
 * time and `lastTimestampMs` its last's, and its token fields are sums.
 */
export interface UsageEntry extends CostableRequest {
  /** Epoch ms, or null when the log gives no time (counted in session reports, not in periods). */
  timestampMs: number | null;
  /** A rollup row's last request time (absent: one request, `timestampMs`). */
  lastTimestampMs?: number | null;
  /** Requests this entry stands for (absent: 1). */
  requests?: number;
  runtime: string;
  /** The main session's id (Baton's AgentSession.id); subagent requests carry their parent's. */
  sessionId: string;
  repo: string | null;
  branch: string | null;
  /** Estimated USD, null when the model has no price. */
  cost: number | null;
  /**
   * The rates it is priced at (null: no price). When given, rows price their token sums per rates
   * (cost.ts CostSums) instead of adding `cost`s, so any grouping of the same requests gives the
   * same figure; entries made without a price table leave it out and their `cost`s are added.
   */
  pricing?: RequestPricing | null;
  /** What the log itself says the request cost, when it says (a rollup row: its requests' sum). */
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

/**
 * Running sums for one row. Rows are made by the ten thousand (an all-time session report makes one
 * per session), so the collections a row rarely needs (a second runtime, rates, unpriced models) are
 * made on first use, and nothing is spread; the sums are added in the same order either way.
 */
export class RowAccumulator {
  private readonly totals: RowTotals = { requests: 0, inputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 0, reasoningTokens: 0, totalTokens: 0 };
  private cost = 0;
  private priced = 0;
  private recordedRequests = 0;
  private recordedNano = 0;
  private readonly models = new Map<string, ModelBreakdown & { firstMs: number }>();
  /** Token sums per model and rates (entries with `pricing`). */
  private sums: Map<string, { model: string; rates: PriceRates; sums: CostSums }> | null = null;
  /** The first runtime seen, and every runtime once there are two. */
  private firstRuntime: string | null = null;
  private runtimeSet: Set<string> | null = null;
  private unpriced: Set<string> | null = null;

  add(entry: UsageEntry): void {
    const requests = entry.requests ?? 1;
    addTokens(this.totals, entry);
    this.totals.requests += requests;
    this.totals.totalTokens += totalTokens(entry);
    if (this.firstRuntime === null) this.firstRuntime = entry.runtime;
    else if (this.runtimeSet !== null) this.runtimeSet.add(entry.runtime);
    else if (entry.runtime !== this.firstRuntime) this.runtimeSet = new Set([this.firstRuntime, entry.runtime]);
    const name = entry.model ?? "unknown";
    let model = this.models.get(name);
    if (model === undefined) {
      model = { modelName: name, inputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 0, reasoningTokens: 0, cost: 0, firstMs: Infinity };
      this.models.set(name, model);
    }
    addTokens(model, entry);
    if (entry.timestampMs !== null && entry.timestampMs < model.firstMs) model.firstMs = entry.timestampMs;
    const pricing = entry.pricing === undefined ? (entry.cost === null ? null : undefined) : entry.pricing;
    if (pricing === null) {
      (this.unpriced ??= new Set()).add(name);
      model.cost = null;
    } else if (pricing === undefined) {
      this.cost += entry.cost!;
      this.priced += requests;
      if (model.cost !== null) model.cost += entry.cost!;
    } else {
      this.priced += requests;
      const key = `${name}\u0000${pricing.key}`;
      this.sums ??= new Map();
      let group = this.sums.get(key);
      if (group === undefined) {
        group = { model: name, rates: pricing.rates, sums: emptyCostSums() };
        this.sums.set(key, group);
      }
      addCostSums(group.sums, entry);
    }
    if (entry.recordedCostUsd !== null) {
      this.recordedRequests += 1;
      this.recordedNano += Math.round(entry.recordedCostUsd * 1e9);
    }
  }

  row(): UsageRow {
    const runtimes = this.runtimeSet !== null ? [...this.runtimeSet].sort() : this.firstRuntime !== null ? [this.firstRuntime] : [];
    // Priced in one order whatever order the entries came in: the same requests give the same bits.
    let cost = this.cost;
    let modelCost: Map<string, number> | null = null;
    if (this.sums !== null) {
      modelCost = new Map();
      const keys = [...this.sums.keys()];
      if (keys.length > 1) keys.sort();
      for (const key of keys) {
        const group = this.sums.get(key)!;
        const part = costOfSums(group.rates, group.sums);
        cost += part;
        modelCost.set(group.model, (modelCost.get(group.model) ?? 0) + part);
      }
    }
    // Written out, not spread: rows are built by the thousand (a year of days in each report).
    const breakdowns: ModelBreakdown[] = [];
    const firstUse: { name: string; firstMs: number }[] = [];
    for (const model of this.models.values()) {
      breakdowns.push({
        modelName: model.modelName,
        inputTokens: model.inputTokens,
        cacheWriteTokens: model.cacheWriteTokens,
        cacheReadTokens: model.cacheReadTokens,
        outputTokens: model.outputTokens,
        reasoningTokens: model.reasoningTokens,
        cost: model.cost === null ? null : model.cost + (modelCost?.get(model.modelName) ?? 0),
      });
      firstUse.push({ name: model.modelName, firstMs: model.firstMs });
    }
    // In the order the models were first used (ccusage lists them as it meets them).
    if (firstUse.length > 1) firstUse.sort((a, b) => a.firstMs - b.firstMs || compareText(a.name, b.name));
    // ccusage lists the costliest model first.
    if (breakdowns.length > 1) breakdowns.sort((a, b) => (b.cost ?? Infinity) - (a.cost ?? Infinity) || compareText(a.modelName, b.modelName));
    const totals = this.totals;
    return {
      inputTokens: totals.inputTokens,
      cacheWriteTokens: totals.cacheWriteTokens,
      cacheReadTokens: totals.cacheReadTokens,
      outputTokens: totals.outputTokens,
      reasoningTokens: totals.reasoningTokens,
      totalTokens: totals.totalTokens,
      requests: totals.requests,
      totalCost: this.priced === 0 && totals.requests > 0 ? null : cost,
      modelsUsed: firstUse.map((model) => model.name),
      modelBreakdowns: breakdowns,
      runtime: runtimes.length === 1 ? runtimes[0]! : "all",
      runtimes,
      unpricedModels: this.unpriced === null ? [] : [...this.unpriced].sort(),
      recordedCost: this.recordedRequests === 0 ? null : this.recordedNano / 1e9,
    };
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
