import type { Metadata } from "next";
import { ScrollArea } from "@/components/ui/scroll-area";
import Link from "next/link";
import { UsageBarChart } from "@/components/charts/usage-chart";
import { formatTokens } from "@/components/sessions/format";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { BlockChart } from "@/components/usage/block-chart";
import { DefaultTimeZone } from "@/components/usage/default-time-zone";
import { formatTokensShort, formatUsd } from "@/components/usage/format-cost";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { getDb } from "@/lib/server/db/client";
import { getUsagePage, parseUsageParams, type UsagePageParams } from "@/lib/server/usage/usage-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Usage" };

const PERIODS = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
] as const;
const BREAKDOWNS = [
  { value: "runtime", label: "Runtime" },
  { value: "model", label: "Model" },
  { value: "repo", label: "Repo" },
] as const;
const PERIOD_WORDS = { day: "days", week: "weeks", month: "months" } as const;
const METRICS = [
  { value: "tokens", label: "Tokens" },
  { value: "cost", label: "Cost (est.)" },
] as const;

export default async function UsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageActor("sessions:read");
  const raw = await searchParams;
  const params = parseUsageParams(raw);
  const data = await getUsagePage(getDb(), params);
  const href = (patch: Partial<UsagePageParams>) => {
    const next = new URLSearchParams();
    const merged = { ...params, since: data.since, until: data.until, tz: data.timeZone, ...patch };
    for (const [key, value] of Object.entries(merged)) if (value !== undefined && value !== "") next.set(key, String(value));
    return `/usage?${next.toString()}`;
  };
  const zones = Intl.supportedValuesOf("timeZone");
  const field = "rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";
  const segment = (active: boolean) =>
    `rounded-md px-2.5 py-1 text-xs font-medium ${active ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"}`;
  const periodLabel = { day: "Date", week: "Week of", month: "Month" }[params.period];
  const active = data.activeBlock;
  const limitUnit = data.limit?.kind ?? "tokens";
  const blockValue = (block: (typeof data.blocks)[number]) => (limitUnit === "cost" ? (block.costUSD ?? 0) : block.totalTokens);
  const blockProjected = (block: (typeof data.blocks)[number]) => (limitUnit === "cost" ? (block.projection?.totalCost ?? block.costUSD ?? 0) : (block.projection?.totalTokens ?? block.totalTokens));
  return (
    // The page paints its own dark background over the main column: the shell's dark mode is not everywhere yet.
    <div className="-mx-4 -my-4 min-h-screen space-y-4 px-4 py-4 text-zinc-900 md:-mx-8 md:-my-6 md:px-8 md:py-6 dark:bg-zinc-950 dark:text-zinc-100">
      <DefaultTimeZone current={typeof raw.tz === "string" && raw.tz !== "" ? raw.tz : null} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Usage</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Tokens and <strong className="font-medium">estimated</strong> cost across every runtime, from the requests in your agents&apos; logs. Prices as of {data.pricesReadOn} (see{" "}
          <Link href="/sources" className="text-sky-700 underline decoration-sky-700/40 underline-offset-2 hover:decoration-current dark:text-sky-400 dark:decoration-sky-400/40">Sources</Link>); a model without a price shows &ldquo;no price&rdquo;, never $0.
        </p>
      </div>

      <form key={`${data.timeZone} ${data.since} ${data.until}`} action="/usage" className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" aria-label="Range">
        <input type="hidden" name="period" value={params.period} />
        <input type="hidden" name="by" value={params.by} />
        <input type="hidden" name="metric" value={params.metric} />
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          From
          <input type="date" name="since" aria-label="From" defaultValue={data.since} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          To
          <input type="date" name="until" aria-label="To" defaultValue={data.until} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Time zone
          <select name="tz" aria-label="Time zone" defaultValue={data.timeZone} className={field}>
            {!zones.includes(data.timeZone) && <option value={data.timeZone}>{data.timeZone}</option>}
            {zones.map((zone) => <option key={zone} value={zone}>{zone}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Plan limit per week
          <input name="weekLimit" aria-label="Plan limit per week" defaultValue={params.weekLimit ?? ""} placeholder="50M or $200" className={`${field} w-28`} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Plan limit per block
          <input name="limit" aria-label="Plan limit per block" defaultValue={params.limit ?? ""} placeholder="5M or $50" className={`${field} w-28`} />
        </label>
        <button type="submit" className="rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white dark:bg-zinc-100 dark:text-zinc-900">Apply</button>
        <span className="flex gap-1 pb-1 text-xs">
          {[7, 30, 90].map((days) => {
            const since = new Date(Date.parse(`${data.until}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
            return (
              <Link key={days} href={href({ since })} className="rounded-md px-2 py-1 font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-400 dark:hover:bg-zinc-800">
                {days} days
              </Link>
            );
          })}
        </span>
      </form>

      <section aria-label="Usage chart" className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <header className="flex flex-wrap items-center gap-3 border-b border-zinc-100 px-4 py-2.5 dark:border-zinc-800">
          <h2 className="text-sm font-semibold">
            {params.metric === "tokens" ? "Tokens" : "Estimated cost"} by {params.period}, stacked by {params.by}
          </h2>
          <nav aria-label="Period" className="ml-auto flex gap-1 rounded-lg bg-zinc-50 p-0.5 dark:bg-zinc-800/60">
            {PERIODS.map((option) => (
              <Link key={option.value} href={href({ period: option.value })} aria-current={params.period === option.value ? "true" : undefined} className={segment(params.period === option.value)}>{option.label}</Link>
            ))}
          </nav>
          <nav aria-label="Stack by" className="flex gap-1 rounded-lg bg-zinc-50 p-0.5 dark:bg-zinc-800/60">
            {BREAKDOWNS.map((option) => (
              <Link key={option.value} href={href({ by: option.value })} aria-current={params.by === option.value ? "true" : undefined} className={segment(params.by === option.value)}>{option.label}</Link>
            ))}
          </nav>
          <nav aria-label="Measure" className="flex gap-1 rounded-lg bg-zinc-50 p-0.5 dark:bg-zinc-800/60">
            {METRICS.map((option) => (
              <Link key={option.value} href={href({ metric: option.value })} aria-current={params.metric === option.value ? "true" : undefined} className={segment(params.metric === option.value)}>{option.label}</Link>
            ))}
          </nav>
        </header>
        <div className="p-4 text-zinc-500 dark:text-zinc-400">
          <UsageBarChart chart={data.chart} />
          {params.metric === "cost" && data.chart.unpriced.length > 0 && (
            <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">Some requests of {data.chart.unpriced.join(", ")} have no price: the bars leave them out.</p>
          )}
        </div>
      </section>

      {data.rows.length === 0 ? (
        <EmptyState title="No usage in this range">
          Ingest your agents&apos; logs with <Code>npm run baton -- scan --agents</Code>, or widen the range.
        </EmptyState>
      ) : (
        <div className="space-y-1.5">
        {data.rowsLeftOut > 0 && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="usage-rows-left-out">
            The latest {data.rows.length} {PERIOD_WORDS[params.period]} are listed; {data.rowsLeftOut.toLocaleString("en-US")} earlier ones are not (the Total row counts them).{" "}
            {params.period !== "month" && (
              <>
                See them <Link href={href({ period: params.period === "day" ? "week" : "month" })} className="text-sky-700 underline decoration-sky-700/40 underline-offset-2 hover:decoration-current dark:text-sky-400 dark:decoration-sky-400/40">by {params.period === "day" ? "week" : "month"}</Link>, or narrow the range.
              </>
            )}
            {params.period === "month" && "Narrow the range to see them."}
          </p>
        )}
        <ScrollArea label="Usage table" className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <table className="w-full text-sm" aria-label="Usage table">
            <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-800/60 dark:text-zinc-400">
              <tr>
                {[periodLabel, "Input", "Output", "Cache write", "Cache read", "Total tokens", "Cost (est.)", "Models"].map((label, index) => (
                  <th key={label} className={`px-3 py-2 font-medium ${index > 0 && index < 7 ? "text-right" : ""}`}>{label}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {data.rows.map((row) => (
            <tr key={row.period} className="hover:bg-zinc-50/70 dark:hover:bg-zinc-800/40">
              <td className="whitespace-nowrap px-3 py-2 font-medium">{row.period}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatTokens(row.inputTokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatTokens(row.outputTokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatTokens(row.cacheWriteTokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatTokens(row.cacheReadTokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatTokens(row.totalTokens)}</td>
              <td className="px-3 py-2 text-right tabular-nums" title={row.unpricedModels.length > 0 ? `no price for ${row.unpricedModels.join(", ")}` : undefined}>
                {formatUsd(row.totalCost)}
                {row.unpricedModels.length > 0 && row.totalCost !== null && <span className="text-amber-600"> +?</span>}
              </td>
              <td className="max-w-64 truncate px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400" title={row.modelsUsed.join(", ")}>{row.modelsUsed.join(", ")}</td>
            </tr>
          ))}
          <tr className="bg-zinc-50 font-semibold dark:bg-zinc-800">
            <td className="px-3 py-2">Total</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatTokens(data.totals.inputTokens)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatTokens(data.totals.outputTokens)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatTokens(data.totals.cacheWriteTokens)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatTokens(data.totals.cacheReadTokens)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatTokens(data.totals.totalTokens)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatUsd(data.totals.totalCost)}</td>
            <td className="px-3 py-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">{data.totals.unpricedModels.length > 0 ? `no price: ${data.totals.unpricedModels.join(", ")}` : ""}</td>
          </tr>
            </tbody>
          </table>
        </ScrollArea>
        </div>
      )}

      <section aria-label="5-hour blocks" className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <header className="border-b border-zinc-100 px-4 py-2.5 dark:border-zinc-800">
          <h2 className="text-sm font-semibold">5-hour blocks</h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Billing windows as ccusage computes them: from the hour of a first request, 5 hours long (UTC hours).</p>
        </header>
        <div className="grid gap-4 p-4 md:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="text-zinc-500 dark:text-zinc-400">
            {data.blocks.length === 0 ? (
              <p className="text-sm">No blocks in this range.</p>
            ) : (
              <BlockChart
                metric={limitUnit}
                limit={data.limit?.amount ?? null}
                bars={data.blocks.map((block) => ({ id: block.id, label: block.startTime.slice(5, 13).replace("T", " ") + "h", value: blockValue(block), projected: blockProjected(block), isActive: block.isActive }))}
              />
            )}
          </div>
          <div className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="active-block">
            {active ? (
              <dl className="space-y-1">
                <div className="font-semibold">Active block · until {active.endTime.slice(11, 16)} UTC</div>
                <div className="flex justify-between"><dt className="text-zinc-500 dark:text-zinc-400">Used</dt><dd className="tabular-nums">{formatTokensShort(active.totalTokens)} · {formatUsd(active.costUSD)}</dd></div>
                {active.burnRate && (
                  <div className="flex justify-between"><dt className="text-zinc-500 dark:text-zinc-400">Burn rate</dt><dd className="tabular-nums">{formatTokensShort(Math.round(active.burnRate.tokensPerMinute))}/min · {formatUsd(active.burnRate.costPerHour)}/h</dd></div>
                )}
                {active.projection && (
                  <div className="flex justify-between"><dt className="text-zinc-500 dark:text-zinc-400">Projected at end</dt><dd className="tabular-nums">{formatTokensShort(active.projection.totalTokens)} · {formatUsd(active.projection.totalCost)}</dd></div>
                )}
                {active.limit && (
                  <div className="flex justify-between">
                    <dt className="text-zinc-500 dark:text-zinc-400">Plan limit</dt>
                    <dd className="tabular-nums">
                      {active.limit.reachedAt ? `reached ${active.limit.reachedAt.slice(11, 16)} UTC` : active.limit.projectedAt ? `projected ${active.limit.projectedAt.slice(11, 16)} UTC` : "not reached at this rate"}
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="text-zinc-500 dark:text-zinc-400">No active block: no request in the last 5 hours.</p>
            )}
            {data.weekLimit && (
              <dl className="mt-3 space-y-1 border-t border-zinc-200 pt-2 dark:border-zinc-800" data-testid="week-limit">
                <div className="font-semibold">Week of {data.weekLimit.week}</div>
                <div className="flex justify-between">
                  <dt className="text-zinc-500 dark:text-zinc-400">Used</dt>
                  <dd className="tabular-nums">
                    {data.weekLimit.kind === "cost" ? formatUsd(data.weekLimit.used) : formatTokensShort(data.weekLimit.used)} of {data.weekLimit.kind === "cost" ? formatUsd(data.weekLimit.amount) : formatTokensShort(data.weekLimit.amount)}
                  </dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-zinc-500 dark:text-zinc-400">Limit</dt>
                  <dd className="tabular-nums">
                    {data.weekLimit.reachedAt
                      ? `reached ${data.weekLimit.reachedAt.slice(5, 16).replace("T", " ")} UTC`
                      : data.weekLimit.projectedAt
                        ? `projected ${data.weekLimit.projectedAt.slice(5, 16).replace("T", " ")} UTC`
                        : "not reached at this week's rate"}
                  </dd>
                </div>
              </dl>
            )}
            <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Costs are estimates.</p>
          </div>
        </div>
      </section>
    </div>
  );
}
