/** Turns a stored session into chart input: the burn series and the stack settings (server side). */
import { prepareBurnSeries, type BurnSeries } from "../../core/metrics/prepare-burn-series";
import { formatPercent } from "../../core/agent-loop/position-words";
import type { SessionLoopEvent } from "../../core/agent-loop/loop-views";
import type { SessionDetail } from "./sessions";

export interface SessionChartData {
  series: BurnSeries;
  stackSettings: {
    reserve: { tokens: number; source: "budget" } | null;
    autoCompactionPreTokens: number[];
    allocation: { label: string; tokens: number }[] | null;
    allocationTotal: number | null;
    windowSource: string;
  };
}

const windowSourceLabel: Record<string, string> = {
  log: "from the log",
  "model-table": "from Baton's model table",
  user: "set by you",
  unknown: "unknown model: set it below",
};

export function sessionChartData(session: SessionDetail, options: { until?: number | null; maxPoints?: number; loop?: readonly SessionLoopEvent[] } = {}): SessionChartData {
  const mainRequests = session.requests.filter((request) => !request.agentId);
  const markers = [
    ...session.compactions.map((compaction) => ({
      t: compaction.t,
      kind: "compaction" as const,
      label: `${compaction.trigger ?? "compaction"}${compaction.preTokens ? ` ${compaction.preTokens.toLocaleString("en")} → ${(compaction.postTokens ?? 0).toLocaleString("en")}` : ""}`,
    })),
    ...session.checkpoints.map((checkpoint) => ({ t: checkpoint.t, kind: "checkpoint" as const, label: checkpoint.phase ?? checkpoint.id })),
    ...session.handoffs.map((handoff) => ({ t: handoff.t, kind: "handoff" as const, label: handoff.name, id: handoff.id })),
    // Baton's context guard: "asked for a handoff at 91.7 %" (the position the hook read).
    ...(options.loop ?? [])
      .filter((event) => event.kind === "guard-instruction")
      .map((event) => ({ t: event.t, kind: "guard" as const, label: `asked for a handoff at ${event.percent === null ? "the threshold" : formatPercent(event.percent)}` })),
  ];
  const series = prepareBurnSeries({
    requests: mainRequests,
    contextWindow: session.contextWindow,
    thresholdsPercent: session.budget?.thresholdsPercent,
    markers,
    until: options.until,
    maxPoints: options.maxPoints,
    // Seen now, or at the handoff's moment when the chart stops there.
    now: options.until ?? Date.now(),
  });
  const allocation = session.budget?.allocation?.map((node) => ({ label: node.label, tokens: node.tokens })) ?? null;
  return {
    series,
    stackSettings: {
      reserve: session.budget?.reserveTokens ? { tokens: session.budget.reserveTokens, source: "budget" } : null,
      autoCompactionPreTokens: session.compactions.filter((compaction) => compaction.trigger === "auto" && compaction.preTokens).map((compaction) => compaction.preTokens!),
      allocation,
      allocationTotal: session.budget?.totalTokens ?? null,
      windowSource: windowSourceLabel[session.contextWindowSource] ?? session.contextWindowSource,
    },
  };
}
