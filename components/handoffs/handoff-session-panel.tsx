import Link from "next/link";
import type { HandoffTiming } from "@/lib/core/metrics/handoff-timing";
import type { SessionChartData } from "@/lib/server/queries/session-charts";
import { SessionBurn } from "../sessions/session-burn";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { RuntimeBadge } from "./runtime-badge";

export interface HandoffSessionView {
  id: string;
  sessionId: string;
  runtime: string;
  method: "session-id" | "repo-branch-time";
  chart: SessionChartData;
  timing: HandoffTiming;
}

const verdictTone = { "in-time": "green", early: "blue", late: "red", "after-compaction": "red", unknown: "neutral" } as const;

export function HandoffSessionPanel({ sessions }: { sessions: HandoffSessionView[] }) {
  return (
    <Card title="The session that wrote it" label="Session that wrote it">
      {sessions.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No session is linked. Baton links by the session id the handoff names, else by repo, branch and time; scan your agents&apos; logs with{" "}
          <code className="font-mono text-xs">npm run baton -- scan --agents</code>.
        </p>
      ) : (
        <div className="space-y-6">
          {sessions.map((session) => (
            <div key={session.id} className="space-y-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <RuntimeBadge runtime={session.runtime} />
                <Link href={`/sessions/${session.id}`} className="font-mono text-xs font-medium hover:underline">{session.sessionId}</Link>
                <Badge tone={session.method === "session-id" ? "green" : "amber"}>{session.method === "session-id" ? "linked by session id" : "linked by repo + branch + time"}</Badge>
                <Badge tone={verdictTone[session.timing.verdict]}>{session.timing.verdict.replace("-", " ")}</Badge>
              </div>
              <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="handoff-timing">{session.timing.message}</p>
              <SessionBurn series={session.chart.series} stackSettings={session.chart.stackSettings} showCumulative={false} showStack={false} />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
