"use client";

import { absoluteInstant } from "@/lib/core/text/relative-time";
import { memo, useDeferredValue, useMemo, useState } from "react";
import type { BurnSeries } from "@/lib/core/metrics/prepare-burn-series";
import { prepareContextStack } from "@/lib/core/metrics/prepare-context-stack";
import { ContextBurnChart, CumulativeTokensChart } from "../charts/burn-chart";
import { ContextStackView } from "../charts/context-stack";
import { counted } from "@/lib/core/text/counted";
import { writeDuration } from "@/lib/core/text/relative-time";

export interface StackSettings {
  reserve: { tokens: number; source: "budget" } | null;
  autoCompactionPreTokens: number[];
  allocation: { label: string; tokens: number }[] | null;
  allocationTotal: number | null;
  windowSource: string;
}

/** A length of time in minutes, written as every page writes one. */
const formatMinutes = (minutes: number): string => writeDuration(minutes * 60_000);

/** Markers listed beyond the first few only on request: a long session compacts a hundred times. */
const MARKERS_SHOWN = 12;

/** The markers under the chart (unchanged while a request is selected, so not redrawn then). */
const MarkerList = memo(function MarkerList({ markers }: { markers: BurnSeries["markers"] }) {
  const [all, setAll] = useState(false);
  if (markers.length === 0) return null;
  const shown = all ? markers : markers.slice(0, MARKERS_SHOWN);
  const byKind = new Map<string, number>();
  for (const marker of markers) byKind.set(marker.kind, (byKind.get(marker.kind) ?? 0) + 1);
  const counts = [...byKind];
  return (
    <ul className="flex flex-wrap items-center gap-2 text-xs" aria-label="Markers">
      {shown.map((marker, index) => (
        <li key={index} data-marker={marker.kind} className="rounded-md bg-zinc-100 dark:bg-zinc-800 px-2 py-0.5 text-zinc-700 dark:text-zinc-300">
          {marker.kind === "guard" ? marker.label : `${marker.kind}: ${marker.label}`}
          {marker.kind !== "guard" && marker.contextPercent !== null && <span className="text-zinc-600 dark:text-zinc-400"> at {marker.contextPercent.toFixed(0)} %</span>}
        </li>
      ))}
      {markers.length > MARKERS_SHOWN && (
        <li>
          <button type="button" onClick={() => setAll(!all)} className="rounded-md border border-zinc-300 dark:border-zinc-700 px-2 py-0.5 text-zinc-600 dark:text-zinc-400 hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
            {all ? "Show fewer" : `Show all ${markers.length} (${counts.map(([kind, count]) => counted(count, kind)).join(", ")})`}
          </button>
        </li>
      )}
    </ul>
  );
});

/** The cumulative chart does not depend on the selected request: not redrawn when it changes. */
const CumulativeSection = memo(function CumulativeSection({ series }: { series: BurnSeries }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Cumulative tokens by type</h3>
      <CumulativeTokensChart series={series} />
    </div>
  );
});

/** The burn chart, the cumulative chart and the context-window stack of the selected request. */
export function SessionBurn({ series, stackSettings, showCumulative = true, showStack = true }: { series: BurnSeries; stackSettings: StackSettings; showCumulative?: boolean; showStack?: boolean }) {
  const [selectedIndex, setSelectedIndex] = useState<number>(series.peak?.index ?? series.points.at(-1)?.index ?? 0);
  const deferredIndex = useDeferredValue(selectedIndex);
  const markerKinds = useMemo(() => new Set(series.markers.map((marker) => marker.kind)), [series.markers]);
  const position = Math.max(0, series.points.findIndex((point) => point.index === selectedIndex));
  const selected = series.points[position];
  const first = series.points[0];
  const stack = selected && first
    ? prepareContextStack({
        first: { contextTokens: first.context },
        request: { ...selected, contextTokens: selected.context },
        index: selected.index,
        contextWindow: series.contextWindow,
        reserve: stackSettings.reserve,
        autoCompactionPreTokens: stackSettings.autoCompactionPreTokens,
        allocation: stackSettings.allocation,
        allocationTotal: stackSettings.allocationTotal,
      })
    : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {series.idle && (
          <span data-testid="session-idle">
            <strong className="text-zinc-900 dark:text-zinc-100">Idle</strong> for {formatMinutes(series.idle.minutes)}
            <span className="text-zinc-600 dark:text-zinc-400"> (no request since {absoluteInstant(new Date(series.idle.since).toISOString())})</span>
          </span>
        )}
        {series.burnRate ? (
          <span>
            {series.idle ? "Last burn rate" : "Burn rate"} <strong className="tabular-nums text-zinc-900 dark:text-zinc-100">{Math.round(series.burnRate.tokensPerMinute).toLocaleString("en")}</strong> tokens/min of context
            <span className="text-zinc-500 dark:text-zinc-400"> (last {series.burnRate.requests} requests over {formatMinutes(series.burnRate.overMinutes)})</span>
          </span>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">Burn rate: not enough timed requests</span>
        )}
        {series.projection ? (
          <span>
            Next threshold <strong>{series.projection.threshold.label}</strong> in ≈ <strong className="tabular-nums">{formatMinutes(series.projection.minutes)}</strong> at this rate <span className="text-zinc-500 dark:text-zinc-400">(projection)</span>
          </span>
        ) : null}
        {series.isDownsampled && <span className="text-zinc-500 dark:text-zinc-400">showing {series.points.length.toLocaleString("en")} of {series.originalCount.toLocaleString("en")} requests (peaks, crossings and markers kept)</span>}
        <span className="ml-auto flex gap-3">
          {/* Only the kinds of marker this chart draws. */}
          {markerKinds.has("compaction") && <span className="flex items-center gap-1"><span className="h-3 w-0.5 bg-red-600" /> compaction</span>}
          {markerKinds.has("checkpoint") && <span className="flex items-center gap-1"><span className="h-3 w-0.5 bg-blue-600" /> checkpoint</span>}
          {markerKinds.has("handoff") && <span className="flex items-center gap-1"><span className="h-3 w-0.5 bg-violet-600" /> handoff</span>}
          {markerKinds.has("guard") && <span className="flex items-center gap-1"><span className="h-3 w-0.5 bg-amber-600" /> handoff asked by Baton</span>}
          {showStack && <span className="flex items-center gap-1"><span className="h-3 w-0.5 bg-emerald-600" /> request in the stack</span>}
        </span>
      </div>
      {/* Selecting a request only means something where its stack is shown below. The chart follows
          the selection deferred: redrawing a long session's chart must not hold up the slider. */}
      <ContextBurnChart series={series} onSelect={showStack ? setSelectedIndex : undefined} selectedIndex={showStack ? deferredIndex : null} />
      <MarkerList markers={series.markers} />
      {showCumulative && <CumulativeSection series={series} />}
      {showStack && stack && (
        <div className="rounded-lg border border-zinc-200 dark:border-zinc-800 p-4">
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Context-window stack</h3>
            <label className="flex flex-1 items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              Request
              <input
                type="range"
                min={0}
                max={series.points.length - 1}
                value={position}
                onChange={(event) => setSelectedIndex(series.points[Number(event.target.value)]!.index)}
                className="flex-1"
                aria-label="Selected request"
              />
              <span className="w-16 tabular-nums">#{(selected?.index ?? 0) + 1}</span>
            </label>
            {series.peak && (
              <button type="button" onClick={() => setSelectedIndex(series.peak!.index)} className="rounded border border-zinc-300 dark:border-zinc-700 px-2 py-0.5 text-xs hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                Peak
              </button>
            )}
          </div>
          <ContextStackView stack={stack} windowSource={stackSettings.windowSource} />
        </div>
      )}
    </div>
  );
}
