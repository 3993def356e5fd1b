/**
 * A plan limit per week (tokens or estimated cost): what the current week used so far, when it
 * passed the limit, or when the week's average rate so far reaches it before the week ends. Weeks
 * are calendar weeks in the report's zone (starting Sunday, as the weekly report).
 */
import { totalTokens } from "../tokens";
import type { UsageEntry } from "./aggregate";
import type { PlanLimit } from "./blocks";
import { dateInZone, weekOf, type WeekStart } from "./periods";

export interface WeekLimitStatus {
  kind: PlanLimit["kind"];
  amount: number;
  /** The week's first date, and its start and end as instants. */
  week: string;
  startTime: string;
  endTime: string;
  used: number;
  reachedAt: string | null;
  projectedAt: string | null;
  /** Used so far plus the week's rate so far until its end. */
  projectedTotal: number;
}

/** The instant a local date starts in `zone` (found by correcting the UTC guess with the zone's offset). */
export function startOfDateInZone(date: string, zone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const dateOf = dateInZone(zone);
  // Offsets lie within ±14 h: step by quarter hours from the earliest candidate to the first instant of that date.
  for (let at = guess - 14 * 3_600_000; at <= guess + 14 * 3_600_000; at += 15 * 60_000) {
    if (dateOf(at) === date) return at;
  }
  return guess;
}

export function weekLimitStatus(entries: readonly UsageEntry[], limit: PlanLimit, options: { now: number; timeZone: string; weekStart?: WeekStart }): WeekLimitStatus {
  const week = weekOf(dateInZone(options.timeZone)(options.now), options.weekStart ?? 0);
  const start = startOfDateInZone(week, options.timeZone);
  const nextWeek = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const end = startOfDateInZone(nextWeek, options.timeZone);
  const inWeek = entries.filter((entry) => entry.timestampMs !== null && entry.timestampMs >= start && entry.timestampMs < end && entry.timestampMs <= options.now).sort((a, b) => a.timestampMs! - b.timestampMs!);
  let used = 0;
  let reachedAt: string | null = null;
  for (const entry of inWeek) {
    used += limit.kind === "tokens" ? totalTokens(entry) : (entry.cost ?? 0);
    if (reachedAt === null && used >= limit.amount) reachedAt = new Date(entry.timestampMs!).toISOString();
  }
  const elapsed = Math.max(0, options.now - start);
  const rate = elapsed > 0 ? used / elapsed : 0;
  const projectedTotal = used + rate * Math.max(0, end - options.now);
  let projectedAt: string | null = null;
  if (reachedAt === null && rate > 0) {
    const at = options.now + (limit.amount - used) / rate;
    if (at < end) projectedAt = new Date(at).toISOString();
  }
  return { kind: limit.kind, amount: limit.amount, week, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), used, reachedAt, projectedAt, projectedTotal };
}
