/**
 * The overview's on-time rate: of the sessions the guard asked for a handoff, how many wrote one
 * before compacting or ending (the protocol's anti-pattern is "writing the handoff after being cut
 * off"). Pure over what the database holds: per session, when it was first asked, its compactions,
 * and the times of the handoffs linked to it (lib/server/sessions/link-sessions.ts).
 *
 * - on time: a linked handoff written at or after the first request and before the first compaction
 *   after it (a session that ended without compacting: any linked handoff written after the request);
 * - late: the only handoffs after the request were written after that compaction;
 * - none: no linked handoff written after the request.
 *
 * A handoff's own page judges the handoff by the position it was written at (metrics/handoff-timing.ts);
 * this counts sessions by what they did once Baton asked.
 */

export interface CrossingFacts {
  /** Stable key of the session (its AgentSession id). */
  session: string;
  /** Epoch ms of the first guard instruction. */
  askedAt: number;
  /** Epoch ms of the session's compactions (unsorted, untimed ones left out). */
  compactions: readonly number[];
  /** Epoch ms of the handoffs linked to the session (untimed ones left out). */
  handoffs: readonly number[];
}

export type CrossingOutcome = "on-time" | "late" | "none";

export function crossingOutcome(facts: CrossingFacts): CrossingOutcome {
  const cutoff = facts.compactions.filter((time) => time > facts.askedAt).reduce((first, time) => Math.min(first, time), Infinity);
  const after = facts.handoffs.filter((time) => time >= facts.askedAt);
  if (after.some((time) => time < cutoff)) return "on-time";
  return after.length > 0 ? "late" : "none";
}

export interface OnTimeRate {
  crossed: number;
  onTime: number;
  late: number;
  none: number;
  /** onTime / crossed × 100, or null when no session crossed. */
  percent: number | null;
}

export function onTimeRate(crossings: readonly CrossingFacts[]): OnTimeRate {
  const counts = { "on-time": 0, late: 0, none: 0 };
  for (const crossing of crossings) counts[crossingOutcome(crossing)] += 1;
  const crossed = crossings.length;
  return { crossed, onTime: counts["on-time"], late: counts.late, none: counts.none, percent: crossed === 0 ? null : (counts["on-time"] * 100) / crossed };
}
