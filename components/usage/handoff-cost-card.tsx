import Link from "next/link";
import { Card } from "@/components/ui/card";
import type { HandoffSessionCost } from "@/lib/server/usage/usage-queries";
import { formatTokensShort, formatUsd } from "./format-cost";

/** What the session(s) that wrote a handoff had spent when it was written (an estimate). */
export function HandoffCostCard({ costs }: { costs: HandoffSessionCost[] }) {
  return (
    <Card title="Cost to write it (estimate)" label="Cost to write it">
      {costs.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No session is linked to this handoff, so its cost is unknown.</p>
      ) : (
        <ul className="space-y-2 text-sm" aria-label="Writing sessions' cost">
          {costs.map((cost) => (
            <li key={cost.sessionId}>
              <div className="flex items-baseline justify-between gap-2">
                <Link href={`/sessions/${cost.sessionId}`} className="min-w-0 truncate font-mono text-xs text-sky-700 hover:underline dark:text-sky-400">{cost.externalId}</Link>
                <span className="font-semibold tabular-nums" data-testid="handoff-cost">{formatUsd(cost.upToHandoff.totalCost)}</span>
              </div>
              <div className="text-xs text-zinc-500 dark:text-zinc-400">
                {formatTokensShort(cost.upToHandoff.totalTokens)} tokens {cost.handoffTime ? "up to the handoff" : "(the handoff has no time: whole session)"}
                {cost.handoffTime && cost.whole.requests > cost.upToHandoff.requests && <> · whole session {formatUsd(cost.whole.totalCost)}</>}
                {cost.method === "repo-branch-time" && " · linked by repo, branch and time"}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
