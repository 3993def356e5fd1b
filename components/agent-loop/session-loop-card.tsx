import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { When } from "@/components/ui/when";
import { formatPercent } from "@/lib/core/agent-loop/position-words";
import type { SessionLoopEvent } from "@/lib/core/agent-loop/loop-views";

/** What Baton's hooks did in this session: the resume it was given, the handoff it was asked for. */
export function SessionLoopCard({ events, outcome }: { events: SessionLoopEvent[]; outcome: "on-time" | "late" | "none" | null }) {
  if (events.length === 0) return null;
  return (
    <Card title="Baton in this session's loop" label="Baton's hooks">
      <ul className="space-y-2 text-sm">
        {events.map((event, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-zinc-500 dark:text-zinc-400"><When instant={new Date(event.t).toISOString()} /></span>
            {event.kind === "guard-instruction" ? (
              <>
                <Badge tone="amber">handoff asked</Badge>
                <span>
                  at {event.percent === null ? "the threshold" : formatPercent(event.percent)}
                  {event.threshold !== null && <span className="text-zinc-500 dark:text-zinc-400"> (threshold {event.threshold} %)</span>}
                  {event.targetPath && <> · <code className="font-mono text-xs [overflow-wrap:anywhere]">{event.targetPath}</code></>}
                </span>
              </>
            ) : (
              <>
                <Badge tone="violet">{event.delivered === "reminder" ? "reminded of" : "resumed from"}</Badge>
                {event.handoffId ? <Link href={`/handoffs/${event.handoffId}`} className="font-mono text-xs hover:underline [overflow-wrap:anywhere]">{event.handoffPath}</Link> : <code className="font-mono text-xs">{event.handoffPath}</code>}
                {event.source && <span className="text-xs text-zinc-500 dark:text-zinc-400">({event.source})</span>}
              </>
            )}
          </li>
        ))}
      </ul>
      {outcome !== null && (
        <p className="mt-3 text-sm" data-testid="loop-outcome">
          {outcome === "on-time" ? "A handoff was written after the request, before compacting or ending: on time." : outcome === "late" ? "The handoff came only after the context was compacted: late." : "No handoff linked to this session was written after the request."}
        </p>
      )}
    </Card>
  );
}
