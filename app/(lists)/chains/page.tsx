import { When } from "@/components/ui/when";
import type { Metadata } from "next";
import Link from "next/link";

import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { Badge } from "@/components/ui/badge";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { AddRepositoriesHint } from "@/components/team/add-repositories-hint";
import { repositoriesHint } from "@/lib/server/app/repositories-hint";
import { getDb } from "@/lib/server/db/client";
import { listRepoChains } from "@/lib/server/queries/chain-graph";
import { counted } from "@/lib/core/text/counted";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { formatTokensShort, formatUsd } from "@/components/usage/format-cost";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chains" };

export default async function ChainsPage() {
  const actor = await requirePageActor();
  const repos = await listRepoChains(getDb());
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Chains</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Handoffs linked by their resume pointers, per repository.</p>
      </div>
      {repos.length === 0 ? (
        <EmptyState title="No chains yet">
          {repositoriesHint(actor).team ? <AddRepositoriesHint {...repositoriesHint(actor)} /> : <>Scan a repository with <Code>npm run baton -- scan /path/to/repo</Code>; its handoffs are linked into chains by their previous pointers.</>}
        </EmptyState>
      ) : (
        repos.map(({ repo, handoffs, chains }) => (
          <section key={repo.id} className="rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 shadow-sm" aria-label={repo.name}>
            <header className="flex items-center justify-between gap-3 border-b border-zinc-100 dark:border-zinc-800 px-4 py-2.5">
              <div className="min-w-0">
                <h2 className="text-sm font-semibold">{repo.name}</h2>
                <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400 [overflow-wrap:anywhere]">{repo.path}</p>
              </div>
              <Link href={`/chains/${repo.id}`} className="shrink-0 whitespace-nowrap rounded-lg bg-zinc-900 dark:bg-zinc-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 dark:hover:bg-zinc-600">
                Graph of {counted(handoffs, "handoff")}
              </Link>
            </header>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {chains.map((chain) => (
                <li key={chain.id} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
                  <Link href={`/chains/${repo.id}?chain=${chain.id}`} className="font-medium hover:underline">
                    {chain.name}
                  </Link>
                                    <span className="text-xs text-zinc-500 dark:text-zinc-400">{counted(chain.size, "handoff")} · <When day={chain.latestDate} empty="no date" /></span>
                  {chain.usage && (
                    <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400" title="tokens and estimated cost of the sessions that wrote this chain's handoffs, each session once">
                      {formatTokensShort(chain.usage.totalTokens)} tokens · {formatUsd(chain.usage.totalCost)} est. · {counted(chain.usage.sessions, "session")}
                    </span>
                  )}
                  <span className="flex flex-wrap gap-1">
                    {chain.runtimes.map((runtime) => (
                      <RuntimeBadge key={runtime} runtime={runtime === "unknown" ? null : runtime} />
                    ))}
                  </span>
                  <span className="ml-auto flex gap-1">
                    <Badge tone="violet">{chain.heads.length} open</Badge>
                    {chain.forks > 0 && <Badge tone="amber">{counted(chain.forks, "fork")}</Badge>}
                    {chain.broken > 0 && <Badge tone="red">{chain.broken} broken</Badge>}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
