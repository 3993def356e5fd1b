/**
 * The usage page's stacked bars, prepared: one point per period (every period of the range, an
 * empty one drawn as 0 because no request is a true zero), one series per breakdown group, the
 * largest first and the rest folded into "other" past MAX_SERIES, values in tokens or estimated USD.
 * Colours are decided here, not in the component (runtimes keep their theme colours).
 */
import type { PeriodRow } from "./aggregate";
import { runtimeColor, runtimeName } from "../runtimes/runtimes";
import { weekOf, type PeriodKind } from "./periods";

export type UsageMetric = "tokens" | "cost";

export interface UsageChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface UsageChart {
  points: ({ period: string } & Record<string, number | string>)[];
  series: UsageChartSeries[];
  metric: UsageMetric;
  /** Groups whose cost is unknown (no price) in some period: the cost chart leaves them out. */
  unpriced: string[];
  /** The periods the x axis labels: every `step`-th from the first, evenly (never bunched at the end). */
  ticks: string[];
  /** What the chart shows, in words, for screen readers (the table beside it has every number). */
  summary: string;
}

/** At most this many labels on the x axis. */
const MAX_TICKS = 8;

/** Every step-th period from the first: even spacing, whatever the count. */
export function evenTicks(periods: readonly string[], maxTicks = MAX_TICKS): string[] {
  const step = Math.max(1, Math.ceil(periods.length / maxTicks));
  return periods.filter((_, index) => index % step === 0);
}

const MAX_SERIES = 8;
const PALETTE = ["#0ea5e9", "#f97316", "#22c55e", "#e11d48", "#8b5cf6", "#eab308", "#14b8a6", "#ec4899"];
const OTHER_COLOR = "#94a3b8";

export function prepareUsageChart(rows: readonly PeriodRow[], options: { kind: PeriodKind; metric: UsageMetric; since: string; until: string; breakdownIsRuntime: boolean }): UsageChart {
  const value = (row: PeriodRow) => (options.metric === "tokens" ? row.totalTokens : (row.totalCost ?? 0));
  const totals = new Map<string, number>();
  const unpriced = new Set<string>();
  for (const row of rows) {
    totals.set(row.group, (totals.get(row.group) ?? 0) + value(row));
    if (row.unpricedModels.length > 0) unpriced.add(row.group);
  }
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([group]) => group);
  const shown = ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked;
  const folded = new Set(ranked.slice(shown.length));
  const nameOf = (group: string) => (options.breakdownIsRuntime ? runtimeName(group || null) : group || "all");
  const series: UsageChartSeries[] = shown.map((group, index) => ({
    key: `s${index}`,
    label: nameOf(group),
    color: options.breakdownIsRuntime ? (runtimeColor(group) ?? PALETTE[index % PALETTE.length]!) : PALETTE[index % PALETTE.length]!,
  }));
  if (folded.size > 0) series.push({ key: "other", label: `other (${folded.size})`, color: OTHER_COLOR });
  const keyOf = new Map(shown.map((group, index) => [group, `s${index}`]));
  const byPeriod = new Map<string, { period: string } & Record<string, number | string>>();
  for (const period of periodsBetween(options.kind, options.since, options.until)) {
    const point: { period: string } & Record<string, number | string> = { period };
    for (const entry of series) point[entry.key] = 0;
    byPeriod.set(period, point);
  }
  for (const row of rows) {
    const point = byPeriod.get(row.period);
    if (!point) continue;
    const key = keyOf.get(row.group) ?? "other";
    point[key] = (point[key] as number) + value(row);
  }
  const points = [...byPeriod.values()];
  const pointTotal = (point: (typeof points)[number]) => series.reduce((sum, entry) => sum + (point[entry.key] as number), 0);
  const highest = points.reduce<(typeof points)[number] | null>((best, point) => (best === null || pointTotal(point) > pointTotal(best) ? point : best), null);
  const unit = options.metric === "tokens" ? "tokens" : "estimated USD";
  const per = { daily: "day", weekly: "week", monthly: "month" }[options.kind];
  const amount = (value: number) => (options.metric === "tokens" ? Math.round(value).toLocaleString("en") : `$${value.toFixed(2)}`);
  const total = points.reduce((sum, point) => sum + pointTotal(point), 0);
  const summary =
    points.length === 0
      ? `Usage per ${per}: no periods in the range.`
      : `Usage per ${per} in ${unit}, ${points[0]!.period} to ${points.at(-1)!.period}: ${amount(total)} in all` +
        (highest && pointTotal(highest) > 0 ? `, the most on ${highest.period} (${amount(pointTotal(highest))})` : "") +
        (series.length > 0 ? `; by ${series.map((entry) => entry.label).join(", ")}.` : ".");
  return { points, series, metric: options.metric, unpriced: [...unpriced].map(nameOf).sort(), ticks: evenTicks(points.map((point) => point.period)), summary };
}

/** Every period key from `since` to `until` (dates YYYY-MM-DD, inclusive); of a longer range, the latest ~3 years of days. */
export function periodsBetween(kind: PeriodKind, since: string, until: string): string[] {
  const periods: string[] = [];
  const end = new Date(`${until}T00:00:00Z`);
  // A guard against an absurd range: at most ~3 years of days, the latest ones (the table's Total still covers all).
  const earliest = new Date(end.getTime() - (MAX_DAYS - 1) * 86_400_000);
  const day = new Date(`${since}T00:00:00Z`);
  if (day < earliest) day.setTime(earliest.getTime());
  for (; day <= end; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    const period = kind === "daily" ? date : kind === "weekly" ? weekOf(date) : date.slice(0, 7);
    if (periods[periods.length - 1] !== period) periods.push(period);
  }
  return periods;
}

const MAX_DAYS = 1100;
