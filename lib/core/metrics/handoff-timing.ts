/**
 * Did the agent hand off in time? The protocol asks for a handoff at ~90–95 % of the context window,
 * before a compaction or a hard stop loses state.
 */
import { HANDOFF_ZONE } from "./context-thresholds.data";

export type HandoffTimingVerdict = "in-time" | "early" | "late" | "after-compaction" | "unknown";

export interface HandoffTiming {
  verdict: HandoffTimingVerdict;
  /** Context used by the last request before the handoff, % of the window. */
  percentAtHandoff: number | null;
  peakPercentBefore: number | null;
  message: string;
}

export function judgeHandoffTiming(input: {
  contextWindow: number | null;
  /** Context tokens of the requests up to the handoff, in order. */
  contextsBefore: readonly number[];
  compactionsBefore: number;
}): HandoffTiming {
  const last = input.contextsBefore.at(-1);
  if (!input.contextWindow || last === undefined) {
    return {
      verdict: "unknown",
      percentAtHandoff: null,
      peakPercentBefore: null,
      message: !input.contextWindow ? "The session's context window is unknown, so Baton cannot say how full it was." : "No request of the session precedes the handoff.",
    };
  }
  const percent = (last / input.contextWindow) * 100;
  // A loop, not Math.max(...list): a long session's list overflows the call stack as arguments.
  const peak = (input.contextsBefore.reduce((max, value) => (value > max ? value : max), 0) / input.contextWindow) * 100;
  const at = `${percent.toFixed(0)} %`;
  if (input.compactionsBefore > 0) {
    return { verdict: "after-compaction", percentAtHandoff: percent, peakPercentBefore: peak, message: `Late: the context was compacted ${input.compactionsBefore}× before this handoff was written (now at ${at}); state may have been lost.` };
  }
  if (percent > HANDOFF_ZONE.toPercent) {
    return { verdict: "late", percentAtHandoff: percent, peakPercentBefore: peak, message: `Late: written at ${at}, past the protocol's ${HANDOFF_ZONE.fromPercent}–${HANDOFF_ZONE.toPercent} % zone.` };
  }
  if (percent >= HANDOFF_ZONE.fromPercent) {
    return { verdict: "in-time", percentAtHandoff: percent, peakPercentBefore: peak, message: `In time: written at ${at}, inside the protocol's ${HANDOFF_ZONE.fromPercent}–${HANDOFF_ZONE.toPercent} % zone.` };
  }
  return {
    verdict: "early",
    percentAtHandoff: percent,
    peakPercentBefore: peak,
    message: `Early: written at ${at} of the window, before the ${HANDOFF_ZONE.fromPercent} % zone (fine when a usage limit or the user asked for it).`,
  };
}
