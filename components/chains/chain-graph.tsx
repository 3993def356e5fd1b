"use client";
import { When } from "@/components/ui/when";

import {
  Background,
  Controls,
  Handle,
  MarkerType,
  NodeToolbar,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
  type ReactFlowState,
  useStore,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import Link from "next/link";
import { memo, useMemo, useState, useSyncExternalStore } from "react";
import type { ChainGraph, GraphHandoffNode, GraphMissingNode } from "@/lib/server/queries/chain-graph";
import { truncate } from "../handoffs/format";
import { LintBadge } from "../handoffs/lint-badge";
import { runtimeColors, RuntimeBadge, runtimeLabel } from "../handoffs/runtime-badge";
import { ResumeDialog } from "../resume/resume-dialog";
import { Badge } from "../ui/badge";

/** `vertical`: drawn top to bottom (older at the top), so edges leave a node's bottom and enter its top. */
type HandoffFlowNode = Node<GraphHandoffNode & { vertical: boolean } & Record<string, unknown>, "handoff">;
type MissingFlowNode = Node<GraphMissingNode & { vertical: boolean } & Record<string, unknown>, "missing">;

const sides = (vertical: boolean) => (vertical ? { target: Position.Top, source: Position.Bottom } : { target: Position.Left, source: Position.Right });

/** The layout's narrow breakpoint (Tailwind's md): below it the app's navigation is a top bar too. */
const NARROW = "(max-width: 767px)";
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** Below this zoom the text is unreadable anyway: draw a plain box, so 1,000 nodes stay cheap. */
const DETAIL_ZOOM = 0.45;
const isZoomedOut = (state: ReactFlowState) => state.transform[2] < DETAIL_ZOOM;

const HandoffNodeView = memo(function HandoffNodeView({ data, selected }: NodeProps<HandoffFlowNode>) {
  const [hovered, setHovered] = useState(false);
  const zoomedOut = useStore(isZoomedOut);
  const color = (data.runtime && runtimeColors[data.runtime]) || "#64748b";
  if (zoomedOut) {
    return (
      <div
        data-testid="graph-node"
        data-path={data.path}
        data-head={data.isHead ? "true" : "false"}
        title={`${data.phase ?? data.path}${data.nextAction ? ` — next: ${data.nextAction}` : ""}`}
        className={`h-[104px] w-[248px] rounded-lg border-2 ${data.isHead ? "ring-4 ring-violet-400" : ""}`}
        style={{ background: `${color}33`, borderColor: color }}
      >
        <Handle type="target" position={sides(data.vertical).target} className="!opacity-0" />
        <Handle type="source" position={sides(data.vertical).source} className="!opacity-0" />
      </div>
    );
  }
  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="graph-node"
      data-path={data.path}
      data-head={data.isHead ? "true" : "false"}
      className={`h-[104px] w-[248px] overflow-hidden rounded-lg border bg-white dark:bg-zinc-900 text-left shadow-sm transition ${
        selected ? "ring-2 ring-sky-500" : data.isHead ? "ring-2 ring-violet-400" : ""
      }`}
      style={{ borderColor: color, borderLeftWidth: 5 }}
    >
      <Handle type="target" position={sides(data.vertical).target} className="!h-2 !w-2 !bg-zinc-400" />
      {/* Four one-line rows that fit the node's fixed height: wrapped badges used to push the title out. */}
      <div className="flex h-full flex-col gap-1 px-2.5 py-2">
        <div className="flex shrink-0 items-center gap-1.5">
          <span className="text-[11px] font-semibold uppercase tracking-wide" style={{ color }}>
            {runtimeLabel(data.runtime)}
          </span>
          <span className="ml-auto text-[11px] text-zinc-500 dark:text-zinc-400"><When day={data.date} empty="no date" /></span>
        </div>
        <div className="shrink-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100" title={data.path}>
          {data.phase ?? data.path}
        </div>
        <div className="flex min-w-0 items-center gap-1 overflow-hidden">
          {data.branches[0] ? (
            <Badge title={data.branches.join(", ")}>
              <span className="max-w-[7.5rem] truncate">{data.branches[0]}</span>
            </Badge>
          ) : data.inWorkingTree ? (
            <Badge tone="amber">uncommitted</Badge>
          ) : null}
          {data.branches.length > 1 && <Badge>+{data.branches.length - 1}</Badge>}
          <LintBadge errors={data.errorCount} warnings={data.warningCount} />
        </div>
        <div className="mt-auto flex min-w-0 gap-1 overflow-hidden">
          {data.peakContextPercent !== null && <Badge tone={data.peakContextPercent >= 90 ? "red" : "blue"}>ctx {Math.round(data.peakContextPercent)}%</Badge>}
          {data.isHead && <Badge tone="violet">open head</Badge>}
          {data.isLatest && <Badge tone="violet">latest</Badge>}
          {data.isForkPoint && <Badge tone="amber">fork</Badge>}
        </div>
      </div>
      <Handle type="source" position={sides(data.vertical).source} className="!h-2 !w-2 !bg-zinc-400" />
      <NodeToolbar isVisible={hovered} position={Position.Bottom} className="pointer-events-none max-w-sm rounded-lg bg-zinc-900 dark:bg-zinc-700 px-3 py-2 text-xs text-zinc-100 shadow-lg" role="tooltip">
        <div className="mb-0.5 font-semibold text-zinc-300 dark:text-zinc-600">Next action</div>
        {data.nextAction ? truncate(data.nextAction, 280) : <span className="italic text-zinc-400 dark:text-zinc-500">none recorded</span>}
      </NodeToolbar>
    </div>
  );
});

const MissingNodeView = memo(function MissingNodeView({ data }: NodeProps<MissingFlowNode>) {
  return (
    <div data-testid="missing-node" className="flex h-16 w-[248px] flex-col justify-center rounded-lg border-2 border-dashed border-red-400 dark:border-red-700 bg-red-50 dark:bg-red-950/40 px-2.5 text-left">
      <span className="text-[11px] font-semibold uppercase tracking-wide text-red-700 dark:text-red-300">missing</span>
      <span className="truncate font-mono text-[11px] text-red-800 dark:text-red-200" title={data.path}>
        {data.path}
      </span>
      <Handle type="source" position={sides(data.vertical).source} className="!h-2 !w-2 !bg-red-400" />
    </div>
  );
});

const nodeTypes = { handoff: HandoffNodeView, missing: MissingNodeView };

export function ChainGraphView({ graph }: { graph: ChainGraph }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [resumeId, setResumeId] = useState<string | null>(null);
  // On a phone, the top-to-bottom layout when the server made one (graphs up to 150 nodes).
  const narrow = useNarrowScreen();
  const vertical = narrow && graph.hasVerticalLayout;
  const nodes = useMemo<(HandoffFlowNode | MissingFlowNode)[]>(
    () =>
      graph.nodes.map((node) => {
        const position = vertical && node.down ? node.down : { x: node.x, y: node.y };
        return node.kind === "handoff"
          ? { id: node.id, type: "handoff", position, data: { ...node, vertical }, draggable: false, connectable: false }
          : { id: node.id, type: "missing", position, data: { ...node, vertical }, draggable: false, connectable: false, selectable: false };
      }),
    [graph.nodes, vertical],
  );
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: "smoothstep",
        animated: false,
        markerEnd: { type: MarkerType.ArrowClosed, color: edge.kind === "broken" ? "#f87171" : "#a1a1aa" },
        style: edge.kind === "broken" ? { stroke: "#f87171", strokeDasharray: "6 4" } : { stroke: "#a1a1aa" },
        label: edge.resolution === "other-branch" || edge.resolution === "working-tree" ? edge.resolution : undefined,
        labelStyle: { fontSize: 10, fill: "#71717a" },
      })),
    [graph.edges],
  );
  const selected = graph.nodes.find((node): node is GraphHandoffNode => node.kind === "handoff" && node.id === selectedId) ?? null;
  const isLarge = graph.nodes.length > 150;
  // A large graph opens on its most recent handoffs at a readable zoom instead of a dot cloud.
  const initialNodes = useMemo(() => {
    if (!isLarge) return undefined;
    const recent = graph.nodes
      .filter((node): node is GraphHandoffNode => node.kind === "handoff")
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "") || Number(b.isHead) - Number(a.isHead))
      .slice(0, 8);
    return recent.map((node) => ({ id: node.id }));
  }, [graph.nodes, isLarge]);

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="h-[calc(100vh-12rem)] min-h-[28rem] overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 shadow-sm" data-testid="chain-graph">
        <ReactFlow
          // A new layout direction fits the view again.
          key={vertical ? "down" : "right"}
          data-layout={vertical ? "down" : "right"}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1.2, nodes: initialNodes }}
          minZoom={0.05}
          maxZoom={2}
          onlyRenderVisibleElements={isLarge}
          nodesDraggable={false}
          nodesConnectable={false}
          onNodeClick={(_, node) => node.type === "handoff" && setSelectedId(node.id)}
          onPaneClick={() => setSelectedId(null)}
        >
          <Background gap={24} color="#e4e4e7" />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <aside className="space-y-3" aria-label="Selected handoff">
        {selected ? (
          <div className="space-y-3 rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 p-4 shadow-sm">
            <div className="flex items-center gap-2">
              <RuntimeBadge runtime={selected.runtime} />
              <span className="text-xs text-zinc-500 dark:text-zinc-400"><When day={selected.date} empty="no date" /></span>
            </div>
            <h2 className="text-base font-semibold">{selected.phase ?? selected.path}</h2>
            <p className="break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{selected.path}</p>
            <div className="flex flex-wrap gap-1">
              {selected.branches.map((branch) => (
                <Badge key={branch}>{branch}</Badge>
              ))}
              {selected.inWorkingTree && selected.branches.length === 0 && <Badge tone="amber">uncommitted</Badge>}
              <LintBadge errors={selected.errorCount} warnings={selected.warningCount} />
            </div>
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Next action</h3>
              <p className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">{selected.nextAction ?? <span className="italic text-zinc-400 dark:text-zinc-500">none recorded</span>}</p>
            </div>
            <div className="flex gap-2">
              <Link href={`/handoffs/${selected.id}`} className="rounded-lg border border-zinc-300 dark:border-zinc-700 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                Open handoff
              </Link>
              <button type="button" onClick={() => setResumeId(selected.id)} className="rounded-lg bg-zinc-900 dark:bg-zinc-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 dark:hover:bg-zinc-600">
                Resume…
              </button>
            </div>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 p-4 text-sm text-zinc-500 dark:text-zinc-400">Click a handoff to see its next action and resume it. Hover shows the next action.</div>
        )}
        <div className="rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 p-4 text-xs text-zinc-600 dark:text-zinc-400 shadow-sm">
          <h3 className="mb-2 font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Legend</h3>
          <ul className="space-y-1.5">
            {Object.entries(runtimeColors).map(([runtime, color]) => (
              <li key={runtime} className="flex items-center gap-2">
                <span className="h-3 w-3 rounded-sm" style={{ background: color }} /> {runtimeLabel(runtime)}
              </li>
            ))}
            <li className="flex items-center gap-2"><span className="h-3 w-3 rounded-sm ring-2 ring-violet-400" /> open head (nobody resumed it)</li>
            <li className="flex items-center gap-2"><span className="h-0 w-5 border-t-2 border-dashed border-red-400 dark:border-red-700" /> broken pointer → missing file</li>
          </ul>
        </div>
      </aside>
      {resumeId && <ResumeDialog handoffId={resumeId} onClose={() => setResumeId(null)} />}
    </div>
  );
}
