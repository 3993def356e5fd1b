import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { ChainGraphClient } from "@/components/chains/chain-graph-client";
import { ChainLists } from "@/components/chains/chain-lists";
import { SubmitOnChange } from "@/components/chains/submit-on-change";
import { EmptyState } from "@/components/ui/empty-state";
import { PageSkeleton } from "@/components/ui/skeleton";
import { getDb } from "@/lib/server/db/client";
import { getChainGraph } from "@/lib/server/queries/chain-graph";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { counted } from "@/lib/core/text/counted";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ repoId: string }>; searchParams: Promise<{ chain?: string }> };

/** One read per request: the title and the existence check want the same row. */
const loadRepo = cache((repoId: string) => getDb().repo.findUnique({ where: { id: repoId }, select: { name: true } }));

const loadGraph = cache((repoId: string, chainId: string | undefined) => getChainGraph(getDb(), { repoId, chainId }));

/** "route-tests · acme-billing" for one chain (its name as the list writes it), "acme-billing chains" for all. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await requirePageActor();
  const { repoId } = await params;
  const { chain } = await searchParams;
  const repo = await loadRepo(repoId);
  if (!repo) return { title: "Chain not found" };
  const name = chain ? (await loadGraph(repoId, chain))?.chains.find((summary) => summary.id === chain)?.name : undefined;
  return { title: name ? `${name} · ${repo.name}` : `${repo.name} chains` };
}

/**
 * No loading.tsx above this page: an unknown repo must answer 404, and once a response streams its
 * status is sent. The existence check is one indexed read; the skeleton shows while the graph is laid out.
 */
export default async function RepoChainsPage({ params, searchParams }: Props) {
  await requirePageActor();
  const { repoId } = await params;
  const { chain } = await searchParams;
  if (!(await loadRepo(repoId))) notFound();
  return (
    <Suspense fallback={<PageSkeleton label="Laying out the chain graph" />}>
      <RepoChainsView repoId={repoId} chainId={chain} />
    </Suspense>
  );
}

async function RepoChainsView({ repoId, chainId }: { repoId: string; chainId?: string }) {
  const graph = await loadGraph(repoId, chainId);
  // Removed between the two reads.
  if (!graph) notFound();
  const selectedName = graph.chains.find((summary) => summary.id === graph.selectedChainId)?.name;
  return (
    <div className="space-y-4">
      <nav className="text-xs text-zinc-500 dark:text-zinc-400">
        <Link href="/chains" className="hover:underline">Chains</Link> / {selectedName ? <Link href={`/chains/${graph.repo.id}`} className="hover:underline">{graph.repo.name}</Link> : graph.repo.name}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">
            {selectedName ? <>{selectedName} <span className="font-normal text-zinc-500 dark:text-zinc-400">· {graph.repo.name}</span></> : graph.repo.name}
          </h1>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {counted(graph.nodes.filter((node) => node.kind === "handoff").length, "handoff")} in {graph.selectedChainId ? "1 chain" : counted(graph.chains.length, "chain")} ·{" "}
            {graph.hasVerticalLayout ? (
              <>
                <span className="md:hidden">older at the top, resumed below</span>
                <span className="hidden md:inline">older on the left, resumed to the right</span>
              </>
            ) : (
              "older on the left, resumed to the right"
            )}
          </p>
        </div>
        <form className="flex min-w-0 max-w-full flex-wrap items-center gap-2 text-sm" action={`/chains/${graph.repo.id}`}>
          <label htmlFor="chain" className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Chain</label>
          <SubmitOnChange>
          <select id="chain" name="chain" defaultValue={graph.selectedChainId ?? ""} className="min-w-0 max-w-full rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-2 py-1.5 text-sm">
            <option value="">All chains</option>
            {graph.chains.map((summary) => (
              <option key={summary.id} value={summary.id}>
                {summary.name} ({counted(summary.size, "handoff")})
              </option>
            ))}
          </select>
          </SubmitOnChange>
          <button type="submit" className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:hover:bg-zinc-800/40">Show</button>
        </form>
      </div>
      {graph.nodes.length === 0 ? (
        <EmptyState title="No handoffs in this repository">Its handoffs may all be gone from every branch. Scan it again after adding handoffs.</EmptyState>
      ) : (
        <>
          <ChainGraphClient graph={graph} />
          <ChainLists graph={graph} />
        </>
      )}
    </div>
  );
}
