import { Card } from "@/components/ui/card";
import { costDifference } from "@/lib/core/usage/cost";
import { totalTokens } from "@/lib/core/tokens";
import type { UsageRow } from "@/lib/core/usage/aggregate";
import { formatTokensShort, formatUsd } from "./format-cost";

/** A session's (or chain's) estimated cost, per model, with the cost its log recorded beside it when it has one. */
export function CostCard({ usage, title = "Estimated cost", note }: { usage: UsageRow | null | undefined; title?: string; note?: string }) {
  if (!usage || usage.requests === 0) {
    return (
      <Card title={title} label="Estimated cost">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No requests with token counts.</p>
      </Card>
    );
  }
  const difference = usage.recordedCost === null ? null : costDifference(usage.recordedCost, usage.totalCost);
  return (
    <Card title={title} label="Estimated cost">
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <div>
          <div className="text-2xl font-semibold tabular-nums" data-testid="estimated-cost">{formatUsd(usage.totalCost)}</div>
          <div className="text-xs text-zinc-500 dark:text-zinc-400">estimate · {formatTokensShort(usage.totalTokens)} tokens · {usage.requests.toLocaleString("en")} requests</div>
        </div>
        {usage.recordedCost !== null && (
          <div>
            <div className="text-lg font-semibold tabular-nums">{formatUsd(usage.recordedCost)}</div>
            <div className={`text-xs ${difference?.flagged ? "font-medium text-amber-700" : "text-zinc-500"}`}>
              recorded in the log{difference?.flagged && difference.ratio !== null ? ` · differs from the estimate by ${Math.round((difference.ratio - 1) * 100)} %` : difference?.flagged ? " · differs from the estimate" : ""}
            </div>
          </div>
        )}
      </div>
      <table className="mt-3 w-full text-xs" aria-label="Cost by model">
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {usage.modelBreakdowns.map((model) => (
            <tr key={model.modelName}>
              <td className="py-1 pr-2 font-mono">{model.modelName}</td>
              <td className="py-1 pr-2 text-right tabular-nums text-zinc-500 dark:text-zinc-400">{formatTokensShort(totalTokens(model))} tokens</td>
              <td className="py-1 text-right tabular-nums">{formatUsd(model.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {usage.unpricedModels.length > 0 && (
        <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">No price for {usage.unpricedModels.join(", ")}: left out of the estimate (add it to the price override file; see Sources).</p>
      )}
      {note && <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{note}</p>}
    </Card>
  );
}
