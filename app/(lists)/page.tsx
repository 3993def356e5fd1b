import { contextTone } from "@/lib/core/metrics/context-tone";
import type { Metadata } from "next";
import { When } from "@/components/ui/when";
import { ScrollArea } from "@/components/ui/scroll-area";
import Link from "next/link";
import { LintBadge } from "@/components/handoffs/lint-badge";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { truncate } from "@/components/handoffs/format";
import { Badge } from "@/components/ui/badge";
import { Card, Stat } from "@/components/ui/card";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { AddRepositoriesHint } from "@/components/team/add-repositories-hint";
import { repositoriesHint } from "@/lib/server/app/repositories-hint";
import { getDb } from "@/lib/server/db/client";
import { getOverview } from "@/lib/server/queries/handoffs";
import { listSessions } from "@/lib/server/queries/session-list";
import { loopOverview } from "@/lib/server/queries/agent-loop";
import { OnTimeStat } from "@/components/agent-loop/on-time-stat";
import { sessionTitles } from "@/lib/server/usage/usage-queries";
import { counted } from "@/lib/core/text/counted";
import { handoffName } from "@/lib/core/chains/chain-name";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { ReviewStateBadge } from "@/components/reviews/review-state-badge";
import { reviewSummary } from "@/lib/core/reviews/review-format";
import { reviewBadges, reviewCounts } from "@/lib/server/reviews/review-queries";

export const metadata: Metadata = { title: "Overview" };

export const dynamic = "force-dynamic";

export default async function OverviewPage() {
  const actor = await requirePageActor();
  const db = getDb();
  const [overview, hottest, reviews, loop] = await Promise.all([getOverview(db), listSessions(db, { sort: "peak", page: 1, pageSize: 5 }), reviewCounts(db), loopOverview(db)]);
  if (overview.repos.length === 0) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
        <EmptyState title="No repositories registered yet">
          <AddRepositoriesHint {...repositoriesHint(actor)} />
        </EmptyState>
      </div>
    );
  }
  const totals = overview.repos.reduce(
    (sum, repo) => ({ handoffs: sum.handoffs + repo.handoffs, heads: sum.heads + repo.openHeads.length, chains: sum.chains + repo.chains }),
    { handoffs: 0, heads: 0, chains: 0 },
  );
  const openHeads = overview.repos
    .flatMap((repo) => repo.openHeads.map((head) => ({ ...head, repoName: repo.name, isLatest: repo.latestId === head.id })))
    .sort((a, b) => (b.day ?? "").localeCompare(a.day ?? ""));
  const [badges, titles] = await Promise.all([reviewBadges(db, openHeads.map((head) => head.id)), sessionTitles(db, hottest.items.map((session) => session.id))]);
  const healthTotal = overview.health.withErrors + overview.health.withWarnings + overview.health.clean;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Paused work across {overview.repos.length} repositories. Reviews: <Link href="/reviews" className="font-medium text-sky-700 dark:text-sky-400 hover:underline" data-testid="overview-review-summary">{reviewSummary(reviews)}</Link>
        </p>
      </div>
      <div className={`grid grid-cols-2 gap-3 ${loop.crossed > 0 || loop.resumesInjected > 0 ? "lg:grid-cols-6" : "lg:grid-cols-5"}`}>
        <Stat label="Repositories" value={overview.repos.length} />
        <Stat label="Handoffs" value={totals.handoffs} hint={`${totals.chains} chains`} />
        <Stat label="Open handoffs" value={totals.heads} hint="chain heads nobody resumed" tone={totals.heads > 0 ? "amber" : "default"} />
        <Stat label="With lint errors" value={overview.health.withErrors} tone={overview.health.withErrors > 0 ? "red" : "green"} />
        <Stat label="Ingest errors" value={overview.ingestIssues} tone={overview.ingestIssues > 0 ? "red" : "green"} hint={<Link className="hover:underline" href="/errors">view</Link>} />
        <OnTimeStat loop={loop} />
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card title="Open handoffs" className="xl:col-span-2" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">latest first</span>}>
          {openHeads.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">Every chain has been resumed.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Open handoffs">
              {openHeads.map((head) => (
                <li key={head.id} className="py-2.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <RuntimeBadge runtime={head.runtime} />
                    <Link href={`/handoffs/${head.id}`} className="font-medium text-zinc-900 dark:text-zinc-100 hover:underline">
                      {head.name}
                    </Link>
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">{head.repoName}</span>
                    <span className="text-xs text-zinc-500 dark:text-zinc-400"><When day={head.day} empty="no date" /></span>
                    {head.isLatest && <Badge tone="violet">latest</Badge>}
                    {badges[head.id] && <Link href={`/reviews/${badges[head.id]!.reviewId}`}><ReviewStateBadge state={badges[head.id]!.state} claimed={badges[head.id]!.isClaimLive} title={badges[head.id]!.isClaimLive ? `claimed by ${badges[head.id]!.claimedByName}` : undefined} /></Link>}
                    {head.inWorkingTree && head.branches.length === 0 && <Badge tone="amber">uncommitted</Badge>}
                    {head.branches.slice(0, 2).map((branch) => (
                      <Badge key={branch}>{branch}</Badge>
                    ))}
                    {head.errorCount > 0 && <Badge tone="red">{counted(head.errorCount, "lint error")}</Badge>}
                  </div>
                  {head.nextAction && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Next: {truncate(head.nextAction, 180)}</p>}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Lint health">
          <div className="flex h-3 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" role="img" aria-label={`${overview.health.withErrors} with errors, ${overview.health.withWarnings} with warnings, ${overview.health.clean} clean`}>
            <div className="bg-red-500" style={{ width: `${(overview.health.withErrors / Math.max(1, healthTotal)) * 100}%` }} />
            <div className="bg-amber-400" style={{ width: `${(overview.health.withWarnings / Math.max(1, healthTotal)) * 100}%` }} />
            <div className="bg-emerald-500" style={{ width: `${(overview.health.clean / Math.max(1, healthTotal)) * 100}%` }} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
            {([
              ["errors", "/handoffs?lint=errors", overview.health.withErrors, "text-red-600 dark:text-red-400"],
              ["warnings", "/handoffs?lint=warnings", overview.health.withWarnings, "text-amber-700 dark:text-amber-400"],
              ["clean", "/handoffs?lint=clean", overview.health.clean, "text-emerald-700 dark:text-emerald-400"],
            ] as const).map(([label, href, count, tone]) => (
              // The whole group is the link's target (a stretched ::after), while <dl> keeps only <div><dt><dd>.
              <div key={label} className="relative rounded-lg p-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <dt className="text-zinc-600 dark:text-zinc-400">
                  <Link href={href} className="after:absolute after:inset-0 after:rounded-lg hover:underline">{label}</Link>
                </dt>
                <dd className={`text-lg font-semibold ${tone}`}>{count}</dd>
              </div>
            ))}
          </dl>
          {overview.health.topRules.length > 0 && (
            <>
              <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Most frequent findings</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {overview.health.topRules.map((rule) => (
                  <li key={`${rule.rule}-${rule.severity}`} className="flex items-center justify-between gap-2">
                    {/* The rule's handoffs; its doc beside it. */}
                    <Link href={`/handoffs?rule=${encodeURIComponent(rule.rule)}`} className="min-w-0 truncate font-mono text-xs text-sky-700 underline decoration-sky-700/30 underline-offset-2 hover:decoration-current dark:text-sky-300 dark:decoration-sky-300/30" title={`Handoffs with ${rule.rule}`}>
                      {rule.rule}
                    </Link>
                    <span className="flex shrink-0 items-center gap-2">
                      <Link href={`/rules/${encodeURIComponent(rule.rule)}`} className="text-xs text-zinc-600 underline underline-offset-2 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
                        doc<span className="sr-only"> of {rule.rule}</span>
                      </Link>
                      <Badge tone={rule.severity === "error" ? "red" : "amber"}>{rule.count}</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card title="Repositories" className="xl:col-span-2">
          <ScrollArea label="Repositories">
          <table className="w-full text-sm" aria-label="Repositories">
            <thead className="text-left text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="min-w-40 pb-2 font-medium">Repository</th>
                <th className="w-px pb-2 pl-4 text-right font-medium whitespace-nowrap">Branches</th>
                <th className="w-px pb-2 pl-4 text-right font-medium whitespace-nowrap">Handoffs</th>
                <th className="w-px pb-2 pl-4 text-right font-medium whitespace-nowrap">Open</th>
                <th className="w-px pb-2 pl-4 text-right font-medium whitespace-nowrap">Lint errors</th>
                <th className="w-px pb-2 pl-4 font-medium whitespace-nowrap">Last scan</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {overview.repos.map((repo) => (
                <tr key={repo.id}>
                  <td className="py-2">
                    <Link href={`/handoffs?repo=${repo.id}`} className="font-medium hover:underline">{repo.name}</Link>
                    <div className="w-0 min-w-full truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={repo.path}>{repo.path}</div>
                  </td>
                  <td className="py-2 text-right tabular-nums">{repo.branches}</td>
                  <td className="py-2 text-right tabular-nums">{repo.handoffs}</td>
                  <td className="py-2 text-right tabular-nums">{repo.openHeads.length}</td>
                  <td className={`py-2 text-right tabular-nums ${repo.lintErrors > 0 ? "text-red-600 dark:text-red-400" : ""}`}>{repo.lintErrors}</td>
                  <td className="py-2 pl-4 text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                    <When instant={repo.lastScanAt} />
                    {repo.ingestIssues > 0 && (
                      <Link href="/errors" className="mt-1 block w-fit"><Badge tone="red">{counted(repo.ingestIssues, "ingest error")}</Badge></Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </ScrollArea>
        </Card>
        <div className="space-y-6">
        <Card title="Sessions closest to their limit" actions={<Link href="/sessions?sort=peak" className="text-xs text-sky-700 dark:text-sky-300 hover:underline">all {hottest.total}</Link>}>
          {hottest.items.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              {repositoriesHint(actor).team ? (
                <>No agent sessions yet: teammates <Link href="/settings/connect" className="text-sky-700 hover:underline dark:text-sky-300">connect their agents</Link>.</>
              ) : (
                <>No agent sessions yet: <Code>npm run baton -- scan --agents</Code></>
              )}
            </p>
          ) : (
            <ul className="space-y-2.5" aria-label="Sessions closest to their limit">
              {hottest.items.map((session) => (
                <li key={session.id} className="text-sm">
                  <div className="flex items-center gap-2">
                    <RuntimeBadge runtime={session.runtime} />
                    {titles.has(session.id) ? (
                      <Link href={`/sessions/${session.id}`} className="min-w-0 truncate font-medium hover:underline" title={`${titles.get(session.id)} (${session.sessionId})`}>{titles.get(session.id)}</Link>
                    ) : (
                      <Link href={`/sessions/${session.id}`} className="min-w-0 truncate font-mono text-xs hover:underline" title={session.sessionId}>{session.sessionId}</Link>
                    )}
                    <span className="ml-auto shrink-0">
                      {session.peakContextPercent !== null ? (
                        <Badge tone={contextTone(session.peakContextPercent)}>{session.peakContextPercent.toFixed(0)} %</Badge>
                      ) : (
                        <Badge>window unknown</Badge>
                      )}
                    </span>
                  </div>
                  <div className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {[session.repo?.name ?? session.cwd, session.branch].filter(Boolean).join(" · ")}
                    {session.startedAt && <> · <When instant={session.startedAt} /></>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Recent activity">
          <ul className="space-y-2.5" aria-label="Recent handoffs">
            {overview.recent.map((handoff) => (
              <li key={handoff.id} className="text-sm">
                <div className="flex items-center gap-2">
                  <RuntimeBadge runtime={handoff.runtime} />
                  <Link href={`/handoffs/${handoff.id}`} className="truncate font-medium hover:underline">{handoffName(handoff)}</Link>
                  <LintBadge errors={handoff.errorCount} warnings={handoff.warningCount} />
                </div>
                <div className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{handoff.repo.name} · <When day={handoff.day} empty="no date" /></div>
              </li>
            ))}
          </ul>
        </Card>
        </div>
      </div>
    </div>
  );
}
