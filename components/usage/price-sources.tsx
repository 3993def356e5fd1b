import { Card } from "@/components/ui/card";
import type { PriceSourceStatus } from "@/lib/server/usage/usage-queries";

/** The Sources page's price section: the table's date, the override file, and every model seen without a price. */
export function PriceSources({ status }: { status: PriceSourceStatus }) {
  return (
    <Card title="Prices (for cost estimates)" label="Prices">
      <div className="space-y-2 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">
          Baton&apos;s price table as of <strong>{status.readOn}</strong> (docs/token-accounting.md, &ldquo;Cost&rdquo;), never fetched at run time. Your own prices:{" "}
          <code className="font-mono text-xs [overflow-wrap:anywhere]">{status.overrideFile}</code> {status.overrideRead ? "(read)" : "(none)"}; set <code className="font-mono text-xs">BATON_PRICES_FILE</code> to use another file.
        </p>
        {status.problems.map((problem) => (
          <p key={problem} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 [overflow-wrap:anywhere] dark:border-red-900 dark:bg-red-950/40">{problem}</p>
        ))}
        {status.unpricedModels.length === 0 ? (
          <p className="text-emerald-700 dark:text-emerald-400">Every model in your sessions has a price.</p>
        ) : (
          <div>
            <p className="text-amber-800">No price for these models: their cost shows as &ldquo;no price&rdquo; (never $0). Add them to the override file.</p>
            <ul aria-label="Models without a price" className="mt-1 flex flex-wrap gap-1.5">
              {status.unpricedModels.map((entry) => (
                <li key={entry.model} className="rounded-md border border-amber-200 bg-amber-50 px-2 py-0.5 font-mono text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/40">
                  {entry.model} <span className="text-amber-700 dark:text-amber-400">({entry.sessions} {entry.sessions === 1 ? "session" : "sessions"})</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {status.pricedModels.length > 0 && (
          <details className="text-xs text-zinc-600 dark:text-zinc-400">
            <summary className="cursor-pointer">Priced models seen ({status.pricedModels.length})</summary>
            <ul className="mt-1 space-y-0.5">
              {status.pricedModels.map((entry) => (
                <li key={entry.model}>
                  <span className="font-mono">{entry.model}</span> → {entry.key} ({entry.origin === "user" ? "your file" : "table"}): <span className="[overflow-wrap:anywhere] text-zinc-500 dark:text-zinc-400">{entry.source}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </Card>
  );
}
