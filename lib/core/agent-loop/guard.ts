/**
 * The context guard's decisions, pure: which threshold applies, and whether this hook call asks for
 * a handoff. Once per session; again only after the position fell back below the threshold (a
 * compaction) and crossed it again. docs/agent-loop.md, "The context guard".
 */

import { HANDOFF_ZONE } from "../metrics/context-thresholds.data";

/**
 * The protocol's trigger ("at or above ~90-95 % full"): the lower end of its handoff zone (the one
 * the burn chart draws), so the handoff is written in time.
 */
export const DEFAULT_HANDOFF_PERCENT = HANDOFF_ZONE.fromPercent;

export interface Threshold {
  percent: number;
  /** `runtime`: lowered below the runtime's own compaction point (compaction-point.ts). */
  source: "env" | "repo" | "default" | "runtime";
  /** Where it came from, for the log and `hooks status`: the variable, the repo file, or the runtime's point. */
  detail: string | null;
  /** For `runtime`: the threshold that was asked for and would have come after the compaction. */
  wanted?: Threshold;
}

/** A repo's declared budget (the seed's `context_budget`), as lib/core/sessions parses it. */
export interface DeclaredBudget {
  file: string;
  thresholdsPercent: readonly number[];
}

/** `BATON_HANDOFF_AT=off`: the guard asks nothing (the session-start hook still gives the resume prompt). */
export function guardTurnedOff(env: string | undefined): boolean {
  return env !== undefined && env.trim().toLowerCase() === "off";
}

function validPercent(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= 100;
}

/**
 * `BATON_HANDOFF_AT` (a percent, `92` or `92%`) wins; then the repo's declared budget: its highest
 * `*_threshold_percent` (the seed's `emergency_threshold_percent`: the one that says stop and hand
 * off); then 90 %. An unreadable variable is reported and ignored.
 */
export function resolveThreshold(env: string | undefined, budgets: readonly DeclaredBudget[]): { threshold: Threshold; problems: string[] } {
  const problems: string[] = [];
  if (env !== undefined && env.trim() !== "" && !guardTurnedOff(env)) {
    const value = Number(env.trim().replace(/\s*%$/, ""));
    if (validPercent(value)) return { threshold: { percent: value, source: "env", detail: "BATON_HANDOFF_AT" }, problems };
    problems.push(`BATON_HANDOFF_AT=${JSON.stringify(env)} is not a percent between 0 and 100: ignored`);
  }
  let best: { percent: number; file: string } | null = null;
  for (const budget of budgets) {
    for (const percent of budget.thresholdsPercent) {
      if (!validPercent(percent)) continue;
      if (best === null || percent > best.percent) best = { percent, file: budget.file };
    }
  }
  if (best !== null) return { threshold: { percent: best.percent, source: "repo", detail: best.file }, problems };
  return { threshold: { percent: DEFAULT_HANDOFF_PERCENT, source: "default", detail: null }, problems };
}

/** What the guard remembers per session, between hook calls. */
export interface GuardMemory {
  /** True from the instruction until the position is seen below the threshold again. */
  asked: boolean;
  /** How many times this session was asked. */
  times: number;
  /** Percent at the last reading (null when none was readable). */
  lastPercent: number | null;
}

export const FRESH_MEMORY: GuardMemory = { asked: false, times: 0, lastPercent: null };

export type GuardDecision = { ask: boolean; memory: GuardMemory; reason: string };

/**
 * @param percent the position now; null when unknown (no request yet, unknown window); `"compacted"`
 *   when a compaction came after the last request and its size is not known (the context fell back).
 */
export function decideGuard(memory: GuardMemory, percent: number | null | "compacted", threshold: number): GuardDecision {
  if (percent === "compacted") return { ask: false, memory: { ...memory, asked: false, lastPercent: null }, reason: "compacted since the last request: re-armed" };
  if (percent === null) return { ask: false, memory, reason: "position unknown" };
  if (percent < threshold) {
    return { ask: false, memory: { ...memory, asked: false, lastPercent: percent }, reason: memory.asked ? "fell below the threshold: re-armed" : "below the threshold" };
  }
  if (memory.asked) return { ask: false, memory: { ...memory, lastPercent: percent }, reason: "already asked in this crossing" };
  return { ask: true, memory: { asked: true, times: memory.times + 1, lastPercent: percent }, reason: "crossed the threshold" };
}

/** The next threshold above a position (for the status line): the declared ones, or the handoff threshold. */
export function nextThreshold(percent: number, thresholds: readonly number[]): number | null {
  const above = thresholds.filter((value) => value > percent).sort((a, b) => a - b);
  return above[0] ?? null;
}

/** Where a threshold came from, in words (the instruction, `hooks status`, the log); null for the plain default. */
export function thresholdSourceWords(threshold: Threshold): string | null {
  if (threshold.source === "env") return "set by BATON_HANDOFF_AT";
  if (threshold.source === "repo") return `declared in ${threshold.detail}`;
  if (threshold.source === "runtime") {
    const wanted = threshold.wanted === undefined ? null : thresholdSourceWords(threshold.wanted);
    return `lowered from ${threshold.wanted?.percent ?? "?"} %${wanted === null ? "" : ` ${wanted}`}, which would come after the runtime's own compaction: ${threshold.detail}`;
  }
  return null;
}
