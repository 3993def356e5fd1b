"use client";

import { LogEntries } from "@/components/handoffs/log-entries";
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
import { memo, useMemo, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent } from "react";
import { absoluteDay } from "@/lib/core/text/relative-time";
import { counted } from "@/lib/core/text/counted";
import type { ChainGraph, ChainUsageSummary, GraphHandoffNode, GraphMissingNode } from "@/lib/server/queries/chain-graph";
import { formatTokensShort, formatUsd } from "../usage/format-cost";
import { NODE_HEIGHT } from "@/lib/core/chains/graph-geometry";
import { truncate } from "../handoffs/format";
import { LintBadge } from "../handoffs/lint-badge";
import { RUNTIME_IDS, runtimeColor, runtimeName } from "@/lib/core/runtimes/runtimes";
import { RuntimeBadge } from "../handoffs/runtime-badge";
import { ResumeDialog } from "../resume/resume-dialog";
import { Badge } from "../ui/badge";
import { When } from "../ui/when";
import { HandoffReviewBadge } from "../reviews/handoff-review-badge";
import { useIsDark } from "../layout/use-theme";

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
  const color = runtimeColor(data.runtime) ?? "#64748b";
  if (zoomedOut) {
    return (
      <div
        data-testid="graph-node"
        data-path={data.path}
        data-head={data.isHead ? "true" : "false"}
        title={`${data.name}${data.nextAction ? ` — next: ${data.nextAction}` : ""}`}
        className={`h-[112px] w-[248px] rounded-lg border-2 ${data.isHead ? "ring-4 ring-violet-400" : ""}`}
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
      // The panel below shows the next action once the node is selected: the tooltip would only cover edges.
      onClick={() => setHovered(false)}
      data-testid="graph-node"
      data-path={data.path}
      data-head={data.isHead ? "true" : "false"}
      className={`h-[112px] w-[248px] overflow-hidden rounded-lg border bg-white dark:bg-zinc-900 text-left shadow-sm transition ${
        selected ? "ring-2 ring-sky-500" : data.isHead ? "ring-2 ring-violet-400" : ""
      }`}
      style={{ borderColor: color, borderLeftWidth: 5 }}
    >
      <Handle type="target" position={sides(data.vertical).target} className="!h-2 !w-2 !bg-zinc-400" />
      {/* Four one-line rows that fit the node's fixed height: wrapped badges used to push the title out. */}
      <div className="flex h-full flex-col gap-1 px-2.5 py-2">
        <div className="flex shrink-0 items-center gap-1.5">
          {/* The runtime's colour, darkened on white and lightened on dark so the label keeps AA contrast. */}
          <span
            className="text-xs font-semibold uppercase tracking-wide text-[color-mix(in_oklab,var(--runtime)_65%,black)] dark:text-[color-mix(in_oklab,var(--runtime)_60%,white)]"
            style={{ "--runtime": color } as CSSProperties}
          >
            {runtimeName(data.runtime)}
          </span>
          <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400"><When day={data.date} empty="no date" /></span>
        </div>
        <div data-testid="graph-node-name" className="shrink-0 truncate text-base font-semibold leading-6 text-zinc-900 dark:text-zinc-100" title={data.path}>
          {data.name}
        </div>
        {/* Rows of badges one line high: a badge that does not fit wraps out of sight whole (never cut
            to "late…"); the node's name for screen readers and the panel list everything. */}
        <div className="flex h-[22px] min-w-0 flex-wrap items-center gap-1 overflow-hidden">
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
        <div className="mt-auto flex h-[22px] min-w-0 flex-wrap items-center gap-1 overflow-hidden" data-testid="graph-node-badges">
          {/* Most telling first: what does not fit drops from the end. */}
          {data.isHead && <Badge tone="violet">open head</Badge>}
          {data.isLatest && <Badge tone="violet">latest</Badge>}
          {data.isForkPoint && <Badge tone="amber">fork</Badge>}
          {data.isHead && <HandoffReviewBadge handoffId={data.id} />}
          {data.peakContextPercent !== null && <Badge tone={data.peakContextPercent >= 90 ? "red" : "blue"}>ctx {Math.round(data.peakContextPercent)}%</Badge>}
        </div>
      </div>
      <Handle type="source" position={sides(data.vertical).source} className="!h-2 !w-2 !bg-zinc-400" />
      <NodeToolbar isVisible={hovered && !selected} position={Position.Bottom} className="pointer-events-none max-w-sm rounded-lg bg-zinc-900 dark:bg-zinc-700 px-3 py-2 text-xs text-zinc-100 shadow-lg" role="tooltip">
        <div className="mb-0.5 font-semibold text-zinc-300">Next action</div>
        {data.nextAction ? truncate(data.nextAction, 280) : <span className="italic text-zinc-500 dark:text-zinc-400">none recorded</span>}
      </NodeToolbar>
    </div>
  );
});

const MissingNodeView = memo(function MissingNodeView({ data, selected }: NodeProps<MissingFlowNode>) {
  return (
    <div
      data-testid="missing-node"
      data-path={data.path}
      title="A handoff points here, but no file exists at this path: click for details"
      className={`flex h-[72px] w-[248px] cursor-pointer flex-col justify-center rounded-lg border-2 border-dashed border-red-400 bg-red-50 px-2.5 text-left dark:border-red-500 dark:bg-red-950/40 ${selected ? "ring-2 ring-sky-500" : ""}`}
    >
      <span className="text-xs font-semibold uppercase tracking-wide text-red-700 dark:text-red-300">missing file</span>
      <span className="truncate font-mono text-xs text-red-800 dark:text-red-200">{data.path}</span>
      <Handle type="source" position={sides(data.vertical).source} className="!h-2 !w-2 !bg-red-400" />
    </div>
  );
});

/** What a missing node is and how to mend it: the handoffs whose resume pointer names a path no branch holds. */
function MissingPanel({ node, pointers }: { node: GraphMissingNode; pointers: GraphHandoffNode[] }) {
  return (
    <div className="space-y-3 rounded-xl border border-red-200 bg-white p-4 shadow-sm dark:border-red-900 dark:bg-zinc-900" data-testid="missing-panel">
      <Badge tone="red">missing file</Badge>
      <h2 className="text-base font-semibold">A resume pointer leads nowhere</h2>
      <p className="font-mono text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{node.path}</p>
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Pointed to by</h3>
        <ul className="mt-1 space-y-1 text-sm">
          {pointers.map((handoff) => (
            <li key={handoff.id}>
              <Link href={`/handoffs/${handoff.id}`} className="font-medium text-sky-700 hover:underline dark:text-sky-300">{handoff.name}</Link>
              <span className="block font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">{handoff.path}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="text-sm text-zinc-700 dark:text-zinc-300">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">How to fix it</h3>
        <p className="mt-1">
          {pointers.length === 1 ? "That handoff's" : "Those handoffs'"} resume pointer (the &ldquo;previous handoff&rdquo; line) names this path, but no branch
          and no working tree holds a file there. Either:
        </p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>correct the pointer to the previous handoff&apos;s real path (it may have been renamed or moved),</li>
          <li>restore the file, if it was deleted (<code className="font-mono text-xs">git log --all -- &lt;path&gt;</code> finds it), or</li>
          <li>write <code className="font-mono text-xs">none</code> if the handoff has no predecessor;</li>
        </ul>
        <p className="mt-1">then scan again. Until then the chain is split in two here.</p>
      </div>
    </div>
  );
}

const nodeTypes = { handoff: HandoffNodeView, missing: MissingNodeView };

/**
 * The initial zoom never goes below this: node names (16 px) then read at 12.8 px or more. A graph too
 * large to fit at this zoom opens on its newest handoffs instead of shrinking to a dot cloud.
 */
export const READABLE_ZOOM = 0.8;
const FIT_PADDING = 24;
const MAX_INITIAL_ZOOM = 1.1;

/** What the two edge annotations mean (the graph writes them on the edge). */
const EDGE_NOTES: Record<string, string> = {
  "working-tree": "the pointer names a file that exists only in the working tree (not committed on any branch yet)",
  "other-branch": "the pointer names a file found on another branch than the handoff's own",
};

/**
 * What a node is called for screen readers: runtime, title, day, state ("Claude Code handoff route
 * tests, 25 Nov 2026, open head, latest, 2 lint errors").
 */
export function nodeName(node: GraphHandoffNode | GraphMissingNode): string {
  if (node.kind === "missing") return `Missing file ${node.path}: a resume pointer leads here`;
  const states = [
    node.isHead ? "open head (nobody resumed it)" : "resumed",
    node.isLatest ? "latest" : null,
    node.isForkPoint ? "fork point" : null,
    node.errorCount > 0 ? counted(node.errorCount, "lint error") : null,
    node.inWorkingTree && node.branches.length === 0 ? "uncommitted" : null,
  ].filter(Boolean);
  return `${runtimeName(node.runtime)} handoff ${node.name}, ${node.date ? absoluteDay(node.date) : "no date"}, ${states.join(", ")}`;
}

/** React Flow's own help text promises moving and deleting nodes, which this graph does not do. */
const ARIA_LABELS = {
  "node.a11yDescription.default": "Press Enter or Space to show this handoff's details and actions below the graph.",
  "node.a11yDescription.keyboardDisabled": "Press Enter or Space to show this handoff's details and actions below the graph.",
  "node.a11yDescription.ariaLiveMessage": () => "",
  "edge.a11yDescription.default": "",
  "controls.ariaLabel": "Zoom controls",
  "controls.zoomIn.ariaLabel": "Zoom in",
  "controls.zoomOut.ariaLabel": "Zoom out",
  "controls.fitView.ariaLabel": "Fit the graph in view",
};

export function ChainGraphView({ graph }: { graph: ChainGraph }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [resumeId, setResumeId] = useState<string | null>(null);
  const isDark = useIsDark();
  // On a phone, the top-to-bottom layout when the server made one (graphs up to 150 nodes).
  const narrow = useNarrowScreen();
  const vertical = narrow && graph.hasVerticalLayout;
  const nodes = useMemo<(HandoffFlowNode | MissingFlowNode)[]>(
    () =>
      graph.nodes.map((node) => {
        const position = vertical && node.down ? node.down : { x: node.x, y: node.y };
        const common = { id: node.id, position, draggable: false, connectable: false, selected: node.id === selectedId, ariaLabel: nodeName(node) };
        return node.kind === "handoff" ? { ...common, type: "handoff", data: { ...node, vertical } } : { ...common, type: "missing", data: { ...node, vertical } };
      }),
    [graph.nodes, vertical, selectedId],
  );
  /** Enter or Space on a focused node selects it, as a click does; Escape clears (React Flow's own keys select in its store only). */
  const onGraphKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const node = (event.target as HTMLElement).closest<HTMLElement>(".react-flow__node");
    if (!node?.dataset.id) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      setSelectedId(node.dataset.id);
    } else if (event.key === "Escape") {
      setSelectedId(null);
    }
  };
  const edgeColor = isDark ? "#71717a" : "#a1a1aa";
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: "smoothstep",
        animated: false,
        markerEnd: { type: MarkerType.ArrowClosed, color: edge.kind === "broken" ? "#f87171" : edgeColor },
        style: edge.kind === "broken" ? { stroke: "#f87171", strokeDasharray: "6 4" } : { stroke: edgeColor },
        label: edge.resolution in EDGE_NOTES ? edge.resolution : undefined,
        labelStyle: { fontSize: 11, fill: isDark ? "#d4d4d8" : "#52525b" },
        labelBgStyle: { fill: isDark ? "#18181b" : "#ffffff" },
        // Not a tab stop, and not read as "Edge from <id> to <id>": the lists under the graph say who resumed whom.
        focusable: false,
        domAttributes: { "aria-hidden": true },
      })),
    [graph.edges, edgeColor, isDark],
  );
  const selected = graph.nodes.find((node) => node.id === selectedId) ?? null;
  const pointersTo = (missingId: string) =>
    graph.edges
      .filter((edge) => edge.source === missingId)
      .map((edge) => graph.nodes.find((node): node is GraphHandoffNode => node.kind === "handoff" && node.id === edge.target))
      .filter((node): node is GraphHandoffNode => node !== undefined);
  const edgeNotes = [...new Set(graph.edges.map((edge) => edge.resolution))].filter((resolution) => resolution in EDGE_NOTES);
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
  // The frame is as tall as the graph needs at a readable zoom (no band of empty canvas), within the screen.
  const contentHeight = useMemo(() => {
    if (graph.nodes.length === 0) return 0;
    const tops = graph.nodes.map((node) => (vertical && node.down ? node.down.y : node.y));
    return Math.max(...tops) - Math.min(...tops) + NODE_HEIGHT;
  }, [graph.nodes, vertical]);
  const frameHeight = `clamp(18rem, ${Math.round(contentHeight * (vertical ? 0.9 : 1) + FIT_PADDING * 2 + 8)}px, calc(100vh - 13rem))`;

  return (
    <div className="space-y-4">
      <div
        className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
        style={{ height: frameHeight }}
        data-testid="chain-graph"
        onKeyDown={onGraphKey}
      >
        <ReactFlow
          // A new layout direction fits the view again.
          key={vertical ? "down" : "right"}
          data-layout={vertical ? "down" : "right"}
          colorMode={isDark ? "dark" : "light"}
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: `${FIT_PADDING}px`, minZoom: vertical ? 0.55 : READABLE_ZOOM, maxZoom: MAX_INITIAL_ZOOM, nodes: initialNodes }}
          minZoom={0.05}
          maxZoom={2}
          onlyRenderVisibleElements={isLarge}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          ariaLabelConfig={ARIA_LABELS}
          aria-label={`Handoff graph: ${counted(graph.nodes.length, "node")}; Tab moves between handoffs, Enter shows one below`}
          onNodeClick={(_, node) => setSelectedId(node.id)}
          onPaneClick={() => setSelectedId(null)}
        >
          <Background gap={24} color={isDark ? "#27272a" : "#e4e4e7"} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="space-y-3" aria-label="Selected handoff">
          <p className="sr-only" role="status">{selected ? `Selected: ${nodeName(selected)}. Its details and actions follow the graph.` : ""}</p>
          {selected?.kind === "missing" ? (
            <MissingPanel node={selected} pointers={pointersTo(selected.id)} />
          ) : selected ? (
            <div className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
              <div className="flex items-center gap-2">
                <RuntimeBadge runtime={selected.runtime} />
                <span className="text-xs text-zinc-500 dark:text-zinc-400"><When day={selected.date} empty="no date" /></span>
              </div>
              <h2 className="text-base font-semibold">{selected.name}</h2>
              <p className="break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{selected.path}</p>
              <div className="flex flex-wrap gap-1">
                {selected.branches.map((branch) => (
                  <Badge key={branch}>{branch}</Badge>
                ))}
                {selected.inWorkingTree && selected.branches.length === 0 && <Badge tone="amber">uncommitted</Badge>}
                <LintBadge errors={selected.errorCount} warnings={selected.warningCount} />
              </div>
              <ChainUsageLine usage={graph.chains.find((chain) => chain.id === selected.chainId)?.usage ?? null} />
              <LogEntries log={selected.log} />
              <div>
                <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Next action</h3>
                <p className="mt-1 text-sm text-zinc-800 dark:text-zinc-200">{selected.nextAction ?? <span className="italic text-zinc-500 dark:text-zinc-400">none recorded</span>}</p>
              </div>
              <div className="flex gap-2">
                <Link href={`/handoffs/${selected.id}`} className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800/40">
                  Open handoff
                </Link>
                <button type="button" onClick={() => setResumeId(selected.id)} className="rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300">
                  Resume…
                </button>
              </div>
            </div>
          ) : (
            <div className="rounded-xl border border-dashed border-zinc-300 bg-white p-4 text-sm text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400">
              <h2 className="sr-only">Selected handoff</h2>
              Click a handoff (or Tab to it and press Enter) to see its next action and resume it; hovering shows the next action. A red &ldquo;missing file&rdquo; box shows which handoff points there and how to fix it.
            </div>
          )}
        </aside>
        <div className="rounded-xl border border-zinc-200 bg-white p-4 text-xs text-zinc-600 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400" aria-label="Legend" role="region">
          <h2 className="mb-2 font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Legend</h2>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5">
            {RUNTIME_IDS.map((runtime) => (
              <li key={runtime} className="flex items-center gap-2">
                <span className="h-3 w-3 rounded-sm" style={{ background: runtimeColor(runtime) ?? undefined }} /> {runtimeName(runtime)}
              </li>
            ))}
          </ul>
          <ul className="mt-2 space-y-1.5">
            <li className="flex items-center gap-2"><span className="h-3 w-3 shrink-0 rounded-sm ring-2 ring-violet-400" /> open head (nobody resumed it)</li>
            <li className="flex items-center gap-2"><span className="h-0 w-5 shrink-0 border-t-2 border-zinc-400" /> resumed by (older → newer)</li>
            <li className="flex items-center gap-2"><span className="h-0 w-5 shrink-0 border-t-2 border-dashed border-red-400" /> broken pointer → missing file</li>
            {edgeNotes.map((resolution) => (
              <li key={resolution} className="flex items-start gap-2">
                <span className="shrink-0 rounded bg-zinc-100 px-1 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{resolution}</span>
                <span>{EDGE_NOTES[resolution]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {resumeId && <ResumeDialog handoffId={resumeId} onClose={() => setResumeId(null)} />}
    </div>
  );
}

/** What the selected handoff's whole chain cost: its linked sessions, each once (an estimate). */
function ChainUsageLine({ usage }: { usage: ChainUsageSummary | null }) {
  if (!usage) return <p className="text-xs text-zinc-500 dark:text-zinc-400">No session linked to this chain: its cost is unknown.</p>;
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="chain-usage">
      This chain: <span className="font-medium tabular-nums">{formatTokensShort(usage.totalTokens)} tokens · {formatUsd(usage.totalCost)}</span> (estimate) across {usage.sessions} {usage.sessions === 1 ? "session" : "sessions"}
      {usage.runtimes.length > 0 && ` (${usage.runtimes.join(", ")})`}
    </p>
  );
}
