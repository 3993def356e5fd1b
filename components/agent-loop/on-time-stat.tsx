import { Stat } from "@/components/ui/card";
import type { LoopOverview } from "@/lib/core/agent-loop/loop-views";

/** The overview's on-time rate: sessions that crossed the handoff threshold, and how many handed off in time. */
export function OnTimeStat({ loop }: { loop: LoopOverview }) {
  if (loop.crossed === 0 && loop.resumesInjected === 0) return null;
  const value = loop.percent === null ? "—" : `${Math.round(loop.percent)} %`;
  const hint = loop.crossed === 0
    ? `no session crossed the threshold yet · ${loop.resumesInjected} resumed through the hook`
    : `${loop.onTime} of ${loop.crossed} sessions that crossed the threshold wrote a handoff before compacting or ending${loop.late > 0 ? ` (${loop.late} late)` : ""}`;
  return <Stat label="Handoffs on time" value={value} hint={hint} tone={loop.percent === null ? "default" : loop.percent >= 80 ? "green" : loop.percent >= 50 ? "amber" : "red"} />;
}
