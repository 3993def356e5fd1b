import Link from "next/link";
import type { ChainGraph, GraphHandoffNode } from "@/lib/server/queries/chain-graph";
import { chainReadingOrder } from "@/lib/core/chains/reading-order";
import { counted } from "@/lib/core/text/counted";
import { runtimeName } from "@/lib/core/runtimes/runtimes";
import { When } from "../ui/when";

/**
 * The graph again as ordered lists of links, one per chain, oldest first (each handoff after the one
 * it resumes): what a keyboard or a screen reader can follow without the canvas. Server-rendered, so
 * it is there before (and without) the graph's script.
 */
export function ChainLists({ graph }: { graph: ChainGraph }) {
  const order = chainReadingOrder(
    graph.nodes.map((node) => ({ id: node.id, chainId: node.chainId, date: node.kind === "handoff" ? node.date : null, path: node.path })),
    graph.edges,
  );
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const chains = graph.chains.filter((chain) => order.has(chain.id));
  return (
    <details className="rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="chain-lists">
      <summary className="cursor-pointer font-medium">
        The {chains.length === 1 ? "chain" : "chains"} as {chains.length === 1 ? "a list" : "lists"}{" "}
        <span className="font-normal text-zinc-600 dark:text-zinc-400">(oldest first; for keyboards and screen readers)</span>
      </summary>
      <div className="mt-3 space-y-4">
        {chains.map((chain) => (
          <section key={chain.id} aria-labelledby={`chain-list-${chain.id}`}>
            <h2 id={`chain-list-${chain.id}`} className="text-sm font-semibold">
              {chain.name} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {counted(chain.size, "handoff")}</span>
            </h2>
            <ol className="mt-1 list-decimal space-y-1 pl-6">
              {order.get(chain.id)!.map((entry) => {
                const node = byId.get(entry.id)!;
                if (node.kind === "missing") {
                  return (
                    <li key={node.id} className="text-red-700 dark:text-red-300">
                      missing file <span className="font-mono text-xs">{node.path}</span> (a resume pointer leads here)
                    </li>
                  );
                }
                return (
                  <li key={node.id}>
                    <Link href={`/handoffs/${node.id}`} className="font-medium text-sky-700 underline decoration-sky-700/30 underline-offset-2 hover:decoration-current dark:text-sky-300 dark:decoration-sky-300/30">
                      {node.name}
                    </Link>
                    <span className="text-zinc-600 dark:text-zinc-400">
                      {" "}· {runtimeName(node.runtime)} · <When day={node.date} empty="no date" />
                      {stateWords(node)}
                    </span>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
    </details>
  );
}

function stateWords(node: GraphHandoffNode): string {
  const words = [node.isHead ? "open head" : null, node.isLatest ? "latest" : null, node.isForkPoint ? "fork point" : null, node.errorCount > 0 ? counted(node.errorCount, "lint error") : null].filter(Boolean);
  return words.length > 0 ? ` · ${words.join(", ")}` : "";
}
