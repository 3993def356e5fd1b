/**
 * Prepares a session's token burn for charting. Every decision lives here (units, thresholds, markers,
 * downsampling, projections); the chart component only draws. Never invents a number: with no known
 * context window, shares are null and the chart falls back to absolute tokens.
 */
import { addTokens, emptyTokens, type TokenCounts } from "../tokens";
import { DEFAULT_THRESHOLDS_PERCENT, HANDOFF_ZONE } from "./context-thresholds.data";

export interface BurnRequest extends TokenCounts {
  /** Epoch ms, or null when the log gives no time (such requests are placed by order). */
  t: number | null;
  contextTokens: number;
  /** Estimated tool results in the prompt (lib/core/sessions/types.ts RequestSample); null: unknown. */
  toolResultTokens?: number | null;
  agentId?: string | null;
}

export interface BurnMarkerInput {
  t: number | null;
  /** `guard`: Baton's context guard asked for a handoff (docs/agent-loop.md). */
  kind: "compaction" | "checkpoint" | "handoff" | "guard";
  label: string;
  id?: string;
}

export interface BurnPoint {
  /** Index of the request in the session (0-based), kept through downsampling. */
  index: number;
  t: number;
  context: number;
  /** This request's prompt by cache status (for the context-window stack). */
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  /** Estimated tool results in the prompt, or null when the log does not show them. */
  toolResultTokens: number | null;
  /** Context used as % of the window, or null when the window is unknown. */
  contextPercent: number | null;
  cumInput: number;
  cumCacheWrite: number;
  cumCacheRead: number;
  cumOutput: number;
  cumReasoning: number;
}

export interface Threshold {
  percent: number;
  tokens: number | null;
  label: string;
  kind: "monitor" | "warning" | "emergency";
}

export interface BurnSeries {
  points: BurnPoint[];
  originalCount: number;
  isDownsampled: boolean;
  contextWindow: number | null;
  thresholds: Threshold[];
  /** The protocol's handoff zone: hand off at ~90–95 % of the window. */
  handoffZone: { fromPercent: number; toPercent: number };
  markers: (BurnMarkerInput & { t: number; contextPercent: number | null })[];
  peak: { index: number; t: number; context: number; contextPercent: number | null } | null;
  /** Over the session's last active stretch (no pause longer than IDLE_GAP_MINUTES inside it). */
  burnRate: { tokensPerMinute: number; overMinutes: number; requests: number } | null;
  /** Only while the session runs (not idle) and when the threshold is within PROJECTION_MAX_MINUTES. */
  projection: { threshold: Threshold; minutes: number; at: number } | null;
  /** The session has had no request for longer than IDLE_GAP_MINUTES before `now`: since its last one. */
  idle: { since: number; minutes: number } | null;
  /** Whether time is real time (false: requests are spaced by order). */
  hasTime: boolean;
  /**
   * The charts' time axis: the requests' span, widened to the markers near it (a handoff is written
   * just after the session's last request, and must show). A marker further out than a quarter of
   * the span (at least ten minutes) would squash the requests; it stays in the marker list only.
   * Null without points.
   */
  timeDomain: [number, number] | null;
}

/** A pause longer than this ends a stretch of work: the burn rate is not averaged across it. */
export const IDLE_GAP_MINUTES = 30;
/** A threshold further away than this at the current rate is no projection worth showing. */
export const PROJECTION_MAX_MINUTES = 24 * 60;

function thresholdKind(percent: number, all: number[]): Threshold["kind"] {
  const sorted = [...all].sort((a, b) => a - b);
  if (percent === sorted.at(-1)) return "emergency";
  if (percent === sorted.at(-2)) return "warning";
  return "monitor";
}

/**
 * Keeps at most `maxPoints` points: per bucket the first and the peak, plus every point that must
 * stay exact — first, last, the global peak, points that cross a threshold, and the points nearest to
 * markers — so the shape, the peaks and every crossing survive a 20,000-request session.
 */
export function downsample(points: BurnPoint[], maxPoints: number, mustKeep: Set<number>): BurnPoint[] {
  if (points.length <= maxPoints) return points;
  const keep = new Set<number>(mustKeep);
  keep.add(0);
  keep.add(points.length - 1);
  const budget = Math.max(2, maxPoints - keep.size);
  const bucketSize = Math.max(1, Math.ceil(points.length / Math.ceil(budget / 2)));
  for (let start = 0; start < points.length; start += bucketSize) {
    let peak = start;
    const end = Math.min(points.length, start + bucketSize);
    for (let index = start; index < end; index++) if (points[index]!.context > points[peak]!.context) peak = index;
    keep.add(start);
    keep.add(peak);
  }
  return [...keep].sort((a, b) => a - b).map((index) => points[index]!);
}

export function prepareBurnSeries(input: {
  requests: readonly BurnRequest[];
  contextWindow: number | null;
  thresholdsPercent?: readonly number[];
  markers?: readonly BurnMarkerInput[];
  maxPoints?: number;
  /** Burn rate is measured over the last N requests. */
  rateWindow?: number;
  /** Only requests at or before this time (e.g. up to the moment of a handoff). */
  until?: number | null;
  /** The time the series is seen at (for "idle"); default: the last request's (never idle). */
  now?: number | null;
}): BurnSeries {
  const window = input.contextWindow && input.contextWindow > 0 ? input.contextWindow : null;
  const thresholdPercents = [...new Set(input.thresholdsPercent?.length ? input.thresholdsPercent : DEFAULT_THRESHOLDS_PERCENT)]
    .filter((value) => value > 0 && value < 100)
    .sort((a, b) => a - b);
  const thresholds: Threshold[] = thresholdPercents.map((percent) => ({
    percent,
    tokens: window ? Math.round((window * percent) / 100) : null,
    label: `${percent} %`,
    kind: thresholdKind(percent, thresholdPercents),
  }));

  const timed = input.requests.some((request) => request.t !== null);
  const firstTime = input.requests.find((request) => request.t !== null)?.t ?? 0;
  const all: BurnPoint[] = [];
  let previousT = firstTime;
  const totals = emptyTokens();
  input.requests.forEach((request, index) => {
    // Untimed requests keep their order: place them just after the previous one.
    const t = timed ? (request.t ?? previousT) : index;
    previousT = t;
    addTokens(totals, request);
    all.push({
      index,
      t,
      context: request.contextTokens,
      inputTokens: request.inputTokens,
      cacheWriteTokens: request.cacheWriteTokens,
      cacheReadTokens: request.cacheReadTokens,
      toolResultTokens: request.toolResultTokens ?? null,
      contextPercent: window ? (request.contextTokens / window) * 100 : null,
      cumInput: totals.inputTokens,
      cumCacheWrite: totals.cacheWriteTokens,
      cumCacheRead: totals.cacheReadTokens,
      cumOutput: totals.outputTokens,
      cumReasoning: totals.reasoningTokens,
    });
  });
  const points = input.until != null && timed ? all.filter((point) => point.t <= input.until!) : all;

  let peak: BurnSeries["peak"] = null;
  for (const point of points) if (!peak || point.context > peak.context) peak = { index: point.index, t: point.t, context: point.context, contextPercent: point.contextPercent };

  // Crossings of thresholds and the handoff zone must survive downsampling.
  const mustKeep = new Set<number>();
  const levels = [...thresholds.map((threshold) => threshold.percent), HANDOFF_ZONE.fromPercent, HANDOFF_ZONE.toPercent];
  for (let position = 1; position < points.length; position++) {
    const before = points[position - 1]!.contextPercent;
    const after = points[position]!.contextPercent;
    if (before === null || after === null) continue;
    if (levels.some((level) => (before < level) !== (after < level))) {
      mustKeep.add(position - 1);
      mustKeep.add(position);
    }
  }
  if (peak) mustKeep.add(points.findIndex((point) => point.index === peak!.index));

  const markers: BurnSeries["markers"] = [];
  for (const marker of input.markers ?? []) {
    if (marker.t === null || !timed) continue;
    if (input.until != null && marker.t > input.until) continue;
    // The context at a marker is the last request at or before it.
    let nearest = -1;
    for (let position = 0; position < points.length && points[position]!.t <= marker.t; position++) nearest = position;
    if (nearest >= 0) mustKeep.add(nearest);
    markers.push({ ...marker, t: marker.t, contextPercent: nearest >= 0 ? points[nearest]!.contextPercent : null });
  }

  const kept = downsample(points, input.maxPoints ?? 1500, mustKeep);

  // Burn rate: context growth over the recent requests of the last active stretch, per minute of
  // wall time (a session idle for 15 h between two requests does not burn "1 token/min").
  let burnRate: BurnSeries["burnRate"] = null;
  let projection: BurnSeries["projection"] = null;
  let idle: BurnSeries["idle"] = null;
  const rateWindow = Math.max(2, input.rateWindow ?? 20);
  const lastPoint = points.at(-1);
  if (timed && lastPoint !== undefined && input.now != null && input.now - lastPoint.t > IDLE_GAP_MINUTES * 60_000) {
    idle = { since: lastPoint.t, minutes: (input.now - lastPoint.t) / 60_000 };
  }
  if (timed && points.length >= 2) {
    let start = points.length - 1;
    while (start > 0 && points.length - start < rateWindow && points[start]!.t - points[start - 1]!.t <= IDLE_GAP_MINUTES * 60_000) start -= 1;
    const recent = points.slice(start);
    const first = recent[0]!;
    const last = recent.at(-1)!;
    const minutes = (last.t - first.t) / 60_000;
    if (minutes > 0 && recent.length >= 2) {
      burnRate = { tokensPerMinute: (last.context - first.context) / minutes, overMinutes: minutes, requests: recent.length };
      if (window && burnRate.tokensPerMinute > 0 && idle === null) {
        const next = [...thresholds, { percent: HANDOFF_ZONE.fromPercent, tokens: Math.round((window * HANDOFF_ZONE.fromPercent) / 100), label: "handoff zone", kind: "emergency" as const }]
          .sort((a, b) => a.percent - b.percent)
          .find((threshold) => threshold.tokens !== null && threshold.tokens > last.context);
        if (next && next.tokens !== null) {
          const remaining = (next.tokens - last.context) / burnRate.tokensPerMinute;
          if (remaining <= PROJECTION_MAX_MINUTES) projection = { threshold: next, minutes: remaining, at: last.t + remaining * 60_000 };
        }
      }
    }
  }

  return {
    points: kept,
    originalCount: points.length,
    isDownsampled: kept.length < points.length,
    contextWindow: window,
    thresholds,
    handoffZone: HANDOFF_ZONE,
    markers,
    peak,
    burnRate,
    projection,
    idle,
    hasTime: timed,
    timeDomain: timeDomainOf(kept, markers, timed),
  };
}

function timeDomainOf(points: readonly BurnPoint[], markers: BurnSeries["markers"], timed: boolean): [number, number] | null {
  const first = points[0]?.t;
  const last = points.at(-1)?.t;
  if (first === undefined || last === undefined) return null;
  const slack = Math.max((last - first) / 4, timed ? 10 * 60_000 : 1);
  let low = first;
  let high = last;
  for (const marker of markers) {
    if (marker.t < first - slack || marker.t > last + slack) continue;
    low = Math.min(low, marker.t);
    high = Math.max(high, marker.t);
  }
  return [low, high];
}
