"use client";

import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { memo, useState } from "react";
import { useIsDark } from "../layout/use-theme";
import type { BurnPoint, BurnSeries } from "@/lib/core/metrics/prepare-burn-series";

const markerColors = { compaction: "#dc2626", checkpoint: "#2563eb", handoff: "#7c3aed", guard: "#d97706" } as const;
const markerSymbols = { compaction: "⟲", checkpoint: "◆", handoff: "✎", guard: "⚑" } as const;
/** Markers drawn with a symbol on top; beyond this many, as plain coloured lines. */
const MARKER_LABELS = 24;
/** The request the context-window stack shows: a colour no marker or threshold uses (emerald-600). */
const SELECTED_COLOR = "#059669";
const thresholdColors = { monitor: "#a3a3a3", warning: "#f59e0b", emergency: "#ef4444" } as const;

/** Grid, axis and line colours for the page's theme (CSS classes cannot reach inside the SVG). */
function chartColors(isDark: boolean) {
  return isDark
    ? { grid: "#27272a", tick: "#a1a1aa", axis: "#52525b", line: "#e4e4e7", zoneLabel: "#c4b5fd" }
    : { grid: "#f4f4f5", tick: "#52525b", axis: "#d4d4d8", line: "#0f172a", zoneLabel: "#6d28d9" };
}

/** Axis ticks: k, M, B, T, so the largest legal totals (10^8 per field per request) fit the axis. */
/** A token count on an axis: 7.5M, 22.5M, 150M, 12k (one decimal below 100 of a unit, none when it is whole). */
export const tokenFormat = (value: number) => {
  for (const [size, unit] of [[1e12, "T"], [1e9, "B"], [1e6, "M"]] as const) {
    if (value >= size) {
      const scaled = value / size;
      return `${scaled >= 100 ? Math.round(scaled) : Number(scaled.toFixed(1))}${unit}`;
    }
  }
  return value >= 1_000 ? `${Math.round(value / 1_000)}k` : String(Math.round(value));
};

function timeFormat(series: BurnSeries) {
  if (!series.hasTime) return (value: number) => `#${value + 1}`;
  const span = (series.points.at(-1)?.t ?? 0) - (series.points[0]?.t ?? 0);
  return (value: number) => {
    const date = new Date(value);
    return span > 36 * 3_600_000 ? date.toISOString().slice(5, 16).replace("T", " ") : date.toISOString().slice(11, 16);
  };
}

function PointTooltip({ active, payload, series, selectable }: { active?: boolean; payload?: { payload: BurnPoint }[]; series: BurnSeries; selectable: boolean }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 px-3 py-2 text-xs shadow-md">
      <div className="font-medium text-zinc-800 dark:text-zinc-200">request #{point.index + 1} · {timeFormat(series)(point.t)}</div>
      <div className="mt-1 tabular-nums text-zinc-700 dark:text-zinc-300">
        context {point.context.toLocaleString("en")} tokens{point.contextPercent !== null && ` (${point.contextPercent.toFixed(1)} %)`}
      </div>
      <div className="tabular-nums text-zinc-500 dark:text-zinc-400">cached {point.cacheReadTokens.toLocaleString("en")} · written {point.cacheWriteTokens.toLocaleString("en")} · new {point.inputTokens.toLocaleString("en")}</div>
      {selectable && <div className="mt-1 text-[10px] text-zinc-500 dark:text-zinc-400">click to show this request in the stack</div>}
    </div>
  );
}

/** Context used per request, as a share of the window, with thresholds, the handoff zone and markers. */
/**
 * Memoised: it redraws only when its series or selection changes (a long session's chart takes
 * hundreds of milliseconds to draw; the stack beside it must not wait for that).
 */
export const ContextBurnChart = memo(function ContextBurnChart({
  series,
  onSelect,
  selectedIndex,
  height = 300,
}: {
  series: BurnSeries;
  onSelect?: (index: number) => void;
  selectedIndex?: number | null;
  height?: number;
}) {
  const usePercent = series.contextWindow !== null;
  const dataKey = usePercent ? "contextPercent" : "context";
  const colors = chartColors(useIsDark());
  const selected = series.points.find((point) => point.index === selectedIndex);
  return (
    // Named by a summary of its data and out of the tab order (Recharts' own layer is an unnamed
    // "application" stop a screen reader cannot use); the request list and the stack say the rest.
    <div data-testid="burn-chart" role="img" aria-label={burnSummary(series)}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={series.points}
          accessibilityLayer={false}
          margin={{ top: 16, right: 56, bottom: 4, left: 4 }}
          onClick={(state) => {
            const position = typeof state?.activeTooltipIndex === "number" ? state.activeTooltipIndex : Number(state?.activeTooltipIndex);
            const point = Number.isInteger(position) ? series.points[position] : undefined;
            if (point && onSelect) onSelect(point.index);
          }}
        >
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="t" type="number" domain={series.timeDomain ?? ["dataMin", "dataMax"]} tickFormatter={timeFormat(series)} tick={{ fontSize: 11, fill: colors.tick }} stroke={colors.axis} />
          <YAxis
            domain={usePercent ? [0, 100] : [0, "auto"]}
            ticks={usePercent ? [0, 25, 50, 75, 100] : undefined}
            tickFormatter={usePercent ? (value: number) => `${value}%` : tokenFormat}
            tick={{ fontSize: 11, fill: colors.tick }}
            stroke={colors.axis}
            width={48}
          />
          {usePercent && (
            <ReferenceArea y1={series.handoffZone.fromPercent} y2={series.handoffZone.toPercent} fill="#8b5cf6" fillOpacity={0.12} label={{ value: "handoff zone", position: "insideTopLeft", fontSize: 10, fill: colors.zoneLabel }} />
          )}
          {series.thresholds.map((threshold) =>
            usePercent ? (
              <ReferenceLine key={threshold.percent} y={threshold.percent} stroke={thresholdColors[threshold.kind]} strokeDasharray="4 4" label={{ value: threshold.label, position: "right", fontSize: 10, fill: thresholdColors[threshold.kind] }} data-testid="threshold-line" />
            ) : null,
          )}
          {series.markers.map((marker, index) => (
            <ReferenceLine
              key={`${marker.kind}-${index}`}
              x={marker.t}
              stroke={markerColors[marker.kind]}
              strokeWidth={1.5}
              strokeDasharray={marker.kind === "checkpoint" ? "2 3" : undefined}
              // Each label is measured in the DOM (a forced layout): a session with a hundred markers
              // drew for ~0.5 s longer. Past MARKER_LABELS the lines keep their colours, unlabelled.
              label={series.markers.length <= MARKER_LABELS ? { value: markerSymbols[marker.kind], position: "top", fontSize: 12, fill: markerColors[marker.kind] } : undefined}
            />
          ))}
          {selected && (
            <ReferenceLine
              x={selected.t}
              stroke={SELECTED_COLOR}
              strokeWidth={2}
              label={{ value: `#${selected.index + 1}`, position: "insideBottomRight", fontSize: 10, fill: SELECTED_COLOR }}
            />
          )}
          <Area type="monotone" dataKey={dataKey} stroke={colors.line} strokeWidth={1.5} fill={colors.line} fillOpacity={0.08} isAnimationActive={false} dot={false} activeDot={{ r: 4 }} />
          <Tooltip content={<PointTooltip series={series} selectable={onSelect !== undefined} />} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
});

const cumulativeSeries = [
  { key: "cumCacheRead", label: "cache read", color: "#93c5fd" },
  { key: "cumCacheWrite", label: "cache write", color: "#fcd34d" },
  { key: "cumInput", label: "input (uncached)", color: "#f97316" },
  { key: "cumOutput", label: "output", color: "#10b981" },
] as const;

type CumulativeKey = (typeof cumulativeSeries)[number]["key"];

/**
 * Whether cache reads dwarf the other types (over 90 % of the last point's total): a stacked linear
 * chart then shows one blue band and three flat lines, so the chart opens on the log scale instead.
 */
export function cacheReadsDominate(series: BurnSeries): boolean {
  const last = series.points.at(-1);
  if (!last) return false;
  const total = last.cumCacheRead + last.cumCacheWrite + last.cumInput + last.cumOutput;
  return total > 0 && last.cumCacheRead / total > 0.9;
}

/**
 * Tokens burned so far, by type. "Stacked" adds them up (the area's top is the total); "Log scale"
 * draws each type as its own line on a logarithmic axis, so a type a thousand times smaller than cache
 * reads is still readable. Each type can be hidden from its legend entry. Reasoning is part of output.
 */
export function CumulativeTokensChart({ series, height = 220 }: { series: BurnSeries; height?: number }) {
  const [scale, setScale] = useState<"stacked" | "log">(() => (cacheReadsDominate(series) ? "log" : "stacked"));
  const [hidden, setHidden] = useState<ReadonlySet<CumulativeKey | "cumReasoning">>(new Set());
  const colors = chartColors(useIsDark());
  const isLog = scale === "log";
  // A log axis has no 0: zero values are left out of the line (a gap), never drawn as 1.
  const positive = (key: CumulativeKey | "cumReasoning") => (point: BurnPoint) => (point[key] > 0 ? point[key] : null);
  const toggle = (key: CumulativeKey | "cumReasoning") =>
    setHidden((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div data-testid="cumulative-chart" data-scale={scale} role="group" aria-label="Cumulative tokens by type">
      <div className="mb-1 flex justify-end">
        <div role="radiogroup" aria-label="Scale" className="inline-flex rounded-lg border border-zinc-200 p-0.5 text-xs dark:border-zinc-700">
          {(["stacked", "log"] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={scale === option}
              onClick={() => setScale(option)}
              className={`rounded-md px-2 py-0.5 ${scale === option ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"}`}
            >
              {option === "stacked" ? "Stacked" : "Log scale"}
            </button>
          ))}
        </div>
      </div>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={series.points} margin={{ top: 8, right: 56, bottom: 4, left: 4 }} accessibilityLayer={false} role="img" aria-label={cumulativeSummary(series)}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="t" type="number" domain={series.timeDomain ?? ["dataMin", "dataMax"]} tickFormatter={timeFormat(series)} tick={{ fontSize: 11, fill: colors.tick }} stroke={colors.axis} />
          <YAxis
            scale={isLog ? "log" : "auto"}
            domain={isLog ? [1, "auto"] : [0, "auto"]}
            allowDataOverflow={isLog}
            tickFormatter={tokenFormat}
            tick={{ fontSize: 11, fill: colors.tick }}
            stroke={colors.axis}
            width={48}
          />
          {cumulativeSeries
            .filter((entry) => !hidden.has(entry.key))
            .map((entry) =>
              isLog ? (
                <Line key={entry.key} type="monotone" dataKey={positive(entry.key)} name={entry.label} stroke={entry.color} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
              ) : (
                <Area key={entry.key} type="monotone" dataKey={entry.key} name={entry.label} stackId="tokens" stroke={entry.color} fill={entry.color} fillOpacity={0.5} isAnimationActive={false} dot={false} />
              ),
            )}
          {!hidden.has("cumReasoning") && (
            <Line type="monotone" dataKey={isLog ? positive("cumReasoning") : "cumReasoning"} name="reasoning (part of output)" stroke="#047857" strokeDasharray="3 3" dot={false} isAnimationActive={false} />
          )}
          <Tooltip
            formatter={(value, name) => [Number(value).toLocaleString("en"), String(name)]}
            labelFormatter={(value) => timeFormat(series)(Number(value))}
            contentStyle={{ fontSize: 12, background: colors.grid === "#27272a" ? "#18181b" : "#ffffff", borderColor: colors.axis }}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <ul className="mt-1 flex flex-wrap gap-1 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Token types (click to hide or show)">
        {[...cumulativeSeries, { key: "cumReasoning" as const, label: "reasoning (part of output)", color: "#047857" }].map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              aria-pressed={!hidden.has(entry.key)}
              onClick={() => toggle(entry.key)}
              className={`flex items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800 ${hidden.has(entry.key) ? "line-through opacity-60" : ""}`}
            >
              {entry.key === "cumReasoning" ? <span className="h-0 w-4 border-t-2 border-dashed border-emerald-700" /> : <span className="h-2.5 w-2.5 rounded-sm" style={{ background: entry.color }} />}
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The context chart in words: how many requests, the peak and the last, of the window when known. */
export function burnSummary(series: BurnSeries): string {
  const last = series.points.at(-1);
  if (!last) return "Context used per request: no requests.";
  const share = (context: number, percent: number | null) => (percent === null ? `${context.toLocaleString("en")} tokens` : `${percent.toFixed(0)} % (${context.toLocaleString("en")} tokens)`);
  const parts = [`Context used per request, ${series.originalCount.toLocaleString("en")} ${series.originalCount === 1 ? "request" : "requests"}`];
  if (series.peak) parts.push(`peak ${share(series.peak.context, series.peak.contextPercent)}`);
  parts.push(`last ${share(last.context, last.contextPercent)}`);
  if (series.contextWindow === null) parts.push("window unknown");
  if (series.markers.length > 0) parts.push(`${series.markers.length} ${series.markers.length === 1 ? "marker" : "markers"} (listed below)`);
  return `${parts.join("; ")}.`;
}

/** The cumulative chart in words: the totals by the last request. */
function cumulativeSummary(series: BurnSeries): string {
  const last = series.points.at(-1);
  if (!last) return "Cumulative tokens: no requests.";
  const format = (value: number) => value.toLocaleString("en");
  return `Cumulative tokens by the last request: input ${format(last.cumInput)}, cache write ${format(last.cumCacheWrite)}, cache read ${format(last.cumCacheRead)}, output ${format(last.cumOutput)} (reasoning ${format(last.cumReasoning)}).`;
}
