/**
 * A repo's handoff chains as a positioned graph: nodes are handoffs (and "missing" nodes for broken
 * pointers), edges run from the previous handoff to the one that resumed it.
 */
import type { Db } from "../db/client";
import { layoutGraph } from "../graph/layout-graph";
import { chainName, handoffName } from "../../core/chains/chain-name";
import { loadRepoChains } from "./chains";
import { usageByChain } from "../usage/usage-queries";

import { MISSING_NODE_HEIGHT, NODE_HEIGHT, NODE_WIDTH } from "../../core/chains/graph-geometry";

export { NODE_HEIGHT, NODE_WIDTH };
/**
 * Graphs up to this many nodes are also laid out top to bottom, for phones (a left-to-right graph
 * fitted into a narrow screen is too small to read). Larger graphs open zoomed in on their latest
 * handoffs anyway, and a second layout would double their cost.
 */
export const VERTICAL_LAYOUT_MAX_NODES = 150;

export interface GraphHandoffNode {
  kind: "handoff";
  id: string;
  path: string;
  runtime: string | null;
  phase: string | null;
  /** What the handoff is called everywhere (lib/core/chains/chain-name.ts handoffName). */
  name: string;
  /** The day a person sees: the date folder, else the day of the handoff's own timestamp (Handoff.day). */
  date: string | null;
  branches: string[];
  inWorkingTree: boolean;
  errorCount: number;
  warningCount: number;
  nextAction: string | null;
  isHead: boolean;
  isLatest: boolean;
  isForkPoint: boolean;
  /** An append-only log: its entries (the file's own history) and which one the handoff is read from. */
  log: { newest: number; entries: { title: string; day: string | null }[] } | null;
  chainId: string;
  /** Peak context of the linked session, in % of its window; null until a session is linked. */
  peakContextPercent: number | null;
  x: number;
  y: number;
  /** Position in the top-to-bottom layout; null for graphs above VERTICAL_LAYOUT_MAX_NODES. */
  down: { x: number; y: number } | null;
}

export interface GraphMissingNode {
  kind: "missing";
  id: string;
  path: string;
  chainId: string;
  x: number;
  y: number;
  down: { x: number; y: number } | null;
}

export type GraphNode = GraphHandoffNode | GraphMissingNode;

export interface GraphEdge {
  id: string;
  /** The earlier handoff (or the missing node). */
  source: string;
  /** The handoff whose previous pointer names the source. */
  target: string;
  kind: "pointer" | "broken";
  resolution: string;
}

export interface ChainSummary {
  id: string;
  /** The chain's name everywhere (lib/core/chains/chain-name.ts). */
  name: string;
  size: number;
  heads: number;
  forks: number;
  broken: number;
  rootPath: string;
  latestDate: string | null;
  runtimes: string[];
  /** Tokens and estimated cost of the sessions linked to the chain's handoffs (each once), or null when none is. */
  usage: ChainUsageSummary | null;
}

export interface ChainUsageSummary {
  totalTokens: number;
  totalCost: number | null;
  sessions: number;
  runtimes: string[];
}

/** Per chain, what its linked sessions spent (lib/server/usage). */
async function chainUsage(db: Db, chains: readonly { id: string; nodeIds: readonly string[] }[]): Promise<Map<string, ChainUsageSummary>> {
  const rows = await usageByChain(db, chains.map((chain) => ({ id: chain.id, handoffIds: chain.nodeIds })));
  return new Map([...rows].map(([id, row]) => [id, { totalTokens: row.totalTokens, totalCost: row.totalCost, sessions: row.sessions, runtimes: row.runtimes }]));
}

export async function getChainGraph(db: Db, { repoId, chainId }: { repoId: string; chainId?: string }) {
  const repo = await db.repo.findUnique({ where: { id: repoId }, select: { id: true, name: true, path: true } });
  if (!repo) return null;
  const { nodes, result } = await loadRepoChains(db, repoId);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const usage = await chainUsage(db, result.chains);
  const chains: ChainSummary[] = result.chains.map((chain) => {
    const members = chain.nodeIds.map((id) => byId.get(id)!).filter(Boolean);
    const head = chain.heads[0] === undefined ? undefined : byId.get(chain.heads[0]);
    return {
      id: chain.id,
      name: chainName(head, byId.get(chain.nodeIds[0]!)?.path ?? chain.id),
      size: chain.nodeIds.length,
      heads: chain.heads.length,
      forks: chain.forks.length,
      broken: chain.broken.length,
      rootPath: byId.get(chain.nodeIds[0]!)?.path ?? "",
      latestDate: members.map((node) => node.day).filter((date): date is string => date !== null).sort().at(-1) ?? null,
      runtimes: [...new Set(members.map((node) => node.runtime ?? "unknown"))],
      usage: usage.get(chain.id) ?? null,
    };
  });
  const selected = chainId ? result.chains.filter((chain) => chain.id === chainId) : result.chains;
  const peaks = await linkedSessionPeaks(db, repoId);
  const graphNodes: (Omit<GraphHandoffNode, "x" | "y" | "down"> | Omit<GraphMissingNode, "x" | "y" | "down">)[] = [];
  const graphEdges: GraphEdge[] = [];
  for (const chain of selected) {
    const heads = new Set(chain.heads);
    const forkPoints = new Set(chain.forks.map((fork) => fork.at));
    for (const id of chain.nodeIds) {
      const node = byId.get(id);
      if (!node) continue;
      graphNodes.push({
        kind: "handoff",
        id,
        path: node.path,
        runtime: node.runtime,
        phase: node.phase,
        name: handoffName(node),
        date: node.day,
        branches: node.branches,
        inWorkingTree: node.inWorkingTree,
        errorCount: node.errorCount,
        warningCount: node.warningCount,
        // The hover card shows the start of it; the handoff page has the whole text.
        nextAction: node.nextAction && node.nextAction.length > 320 ? `${node.nextAction.slice(0, 319)}…` : node.nextAction,
        isHead: heads.has(id),
        isLatest: result.latestId === id,
        isForkPoint: forkPoints.has(id),
        log: node.log,
        chainId: chain.id,
        peakContextPercent: peaks.get(id) ?? null,
      });
    }
    for (const edge of chain.edges) {
      graphEdges.push({ id: `${edge.to}->${edge.from}`, source: edge.to, target: edge.from, kind: "pointer", resolution: edge.resolution });
    }
    for (const broken of chain.broken) {
      const missingId = `missing:${chain.id}:${broken.missing}`;
      if (!graphNodes.some((node) => node.id === missingId)) graphNodes.push({ kind: "missing", id: missingId, path: broken.missing, chainId: chain.id });
      graphEdges.push({ id: `${missingId}->${broken.from}`, source: missingId, target: broken.from, kind: "broken", resolution: "missing" });
    }
  }
  const layoutInput = {
    nodes: graphNodes.map((node) => ({ id: node.id, width: NODE_WIDTH, height: node.kind === "missing" ? MISSING_NODE_HEIGHT : NODE_HEIGHT })),
    edges: graphEdges,
  };
  const [positions, down] = await Promise.all([
    layoutGraph(layoutInput, "RIGHT"),
    graphNodes.length <= VERTICAL_LAYOUT_MAX_NODES ? layoutGraph(layoutInput, "DOWN") : null,
  ]);
  const positioned = graphNodes.map((node) => ({ ...node, ...(positions.get(node.id) ?? { x: 0, y: 0 }), down: down?.get(node.id) ?? null }) as GraphNode);
  // `hasVerticalLayout`: every node has its top-to-bottom position (graphs up to VERTICAL_LAYOUT_MAX_NODES).
  return { repo, chains, selectedChainId: chainId ?? null, nodes: positioned, edges: graphEdges, hasVerticalLayout: down !== null };
}
export type ChainGraph = NonNullable<Awaited<ReturnType<typeof getChainGraph>>>;

export async function listRepoChains(db: Db) {
  const repos = await db.repo.findMany({ select: { id: true }, orderBy: { name: "asc" } });
  const graphs = [];
  for (const repo of repos) {
    const { nodes, result } = await loadRepoChains(db, repo.id);
    const meta = await db.repo.findUniqueOrThrow({ where: { id: repo.id }, select: { id: true, name: true, path: true } });
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const usage = await chainUsage(db, result.chains);
    graphs.push({
      repo: meta,
      handoffs: nodes.length,
      chains: result.chains.map((chain) => ({
        id: chain.id,
        name: chainName(chain.heads[0] === undefined ? undefined : byId.get(chain.heads[0]), byId.get(chain.nodeIds[0]!)?.path ?? chain.id),
        size: chain.nodeIds.length,
        heads: chain.heads.map((id) => ({ id, path: byId.get(id)?.path ?? id, phase: byId.get(id) ? handoffName(byId.get(id)!) : null, runtime: byId.get(id)?.runtime ?? null })),
        forks: chain.forks.length,
        broken: chain.broken.length,
        runtimes: [...new Set(chain.nodeIds.map((id) => byId.get(id)?.runtime ?? "unknown"))],
        latestDate: chain.nodeIds.map((id) => byId.get(id)?.day ?? null).filter((date): date is string => date !== null).sort().at(-1) ?? null,
        usage: usage.get(chain.id) ?? null,
      })),
    });
  }
  return graphs;
}

/** Highest peak context (% of the window) among the sessions linked to each handoff of a repo. */
async function linkedSessionPeaks(db: Db, repoId: string): Promise<Map<string, number>> {
  const links = await db.sessionHandoffLink.findMany({
    where: { handoff: { repoId, isGone: false } },
    select: { handoffId: true, session: { select: { peakContextTokens: true, contextWindow: true } } },
  });
  const peaks = new Map<string, number>();
  for (const link of links) {
    const { peakContextTokens, contextWindow } = link.session;
    if (!contextWindow) continue;
    const percent = (Number(peakContextTokens) / contextWindow) * 100;
    peaks.set(link.handoffId, Math.max(peaks.get(link.handoffId) ?? 0, percent));
  }
  return peaks;
}
