"use client";

import dynamic from "next/dynamic";
import type { ChainGraph } from "@/lib/server/queries/chain-graph";

/**
 * The graph renders in the browser only: server-rendering a 1,000-node React Flow canvas produced
 * megabytes of HTML that the client then replaced anyway.
 */
const ChainGraphView = dynamic(() => import("./chain-graph").then((module) => module.ChainGraphView), {
  ssr: false,
  loading: () => <div role="status" className="h-[calc(100vh-12rem)] min-h-[28rem] animate-pulse rounded-xl border border-zinc-200 dark:border-zinc-800 bg-zinc-100 dark:bg-zinc-800" aria-label="Drawing the graph" />,
});

export function ChainGraphClient({ graph }: { graph: ChainGraph }) {
  return <ChainGraphView graph={graph} />;
}
