import { lastOfSeries } from "./numbered-series";
import { finding, type Finding } from "../findings";
import { normaliseRepoPath } from "../handoff/handoff-path";
import { mentionsHandoffInName } from "../discovery/handoff-rules";
import { compareRecency, isLogOf, nameSaysLog } from "./handoff-order";

/** One distinct handoff content, with where it lives. Several nodes may share a path (one per branch version). */
export interface ChainNode {
  id: string;
  path: string;
  /** Previous handoff's repo-relative path, already resolved by resolvePointer; null when none. */
  previousPath: string | null;
  /** Short ref names holding this content (`feat/x`, `origin/feat/x`). */
  branches: string[];
  inWorkingTree: boolean;
  /** YYYY-MM-DD from the date folder, or null. */
  date: string | null;
  /** Milliseconds of the identity timestamp (UTC), or null. Optional: unknown when absent. */
  timestamp?: number | null;
  /** YYYY-MM-DD written in the file name (handoff-order.ts `fileNameDate`), used when no timestamp is. */
  nameDate?: string | null;
  /** The file name says it is the current handoff (`HANDOFF_CURRENT.md`): a hint for the latest. */
  isNamedCurrent?: boolean;
  /** A session log kept beside the handoffs (derive-chains.ts): never the latest, never a head to resume. */
  isCompanion?: boolean;
  /**
   * Milliseconds from `handoffFileTime`: committer time of the commit that first added this content
   * for committed content, working-tree mtime only for uncommitted or modified files; null when unknown.
   */
  fileTime: number | null;
  /** Marked deprecated or superseded (lib/core/handoff/documents/deprecation.ts): never the latest, never a head to resume. */
  isDeprecated?: boolean;
  /** The timestamp was written as a day alone (handoff-order.ts). */
  timestampIsDay?: boolean;
  /**
   * False when the handoff has none of the structure one resumes from: no next action, no writer identity,
   * no link in a chain (lib/core/handoff/documents/handoff-signals.ts). The latest is one with it when any has it.
   * Absent means it has.
   */
  hasStructure?: boolean;
  /**
   * The timestamp was written under a timestamp label (`Last updated: …`, `最后更新: …`), not inferred from a
   * title or another dated label: only such a time outranks a structured handoff (chooseLatest).
   */
  hasLabelledTime?: boolean;
  /**
   * Found by its content alone, in no handoff folder and under no handoff name or glob
   * (lib/core/handoff/documents/judge-document.ts `judgeByContent`): where the repository keeps handoffs
   * in their own places, one of those is the latest (a checkpoint or a status page is not preferred).
   */
  foundByContent?: boolean;
}

export type EdgeResolution = "same-branch" | "other-branch" | "working-tree";

/**
 * One resolved previous-pointer: `from` is the handoff that wrote the pointer, `to` the earlier handoff it
 * names (same direction as `broken.from`), and `resolution` says which version at that path was chosen.
 */
export interface ChainEdge {
  from: string;
  to: string;
  resolution: EdgeResolution;
}

export interface Chain {
  /** Id of the chain's root (its oldest handoff): stable while the root is. */
  id: string;
  /** Oldest first; every handoff comes after the one it resumed from. */
  nodeIds: string[];
  edges: ChainEdge[];
  /** Handoffs resumed by more than one later handoff. */
  forks: { at: string; children: string[] }[];
  /** Pointers that name a path no node has. `from` is the handoff whose pointer is broken. */
  broken: { from: string; missing: string }[];
  /** Handoffs nothing resumed from yet. */
  heads: string[];
}

export interface ChainBuildResult {
  chains: Chain[];
  edges: ChainEdge[];
  findings: { nodeId: string; finding: Finding }[];
  /**
   * The latest handoff across all runtime folders, by the protocol's order (handoff-order.ts), among
   * those not marked deprecated or superseded; null when there is none. A LATEST hint (see
   * `BuildChainsOptions.latestHint`) wins unless another handoff is strictly newer.
   */
  latestId: string | null;
  /** What became of the LATEST hint; null when no hint was given. */
  latestHint: LatestHintOutcome | null;
  /**
   * Chain heads a resume may start from: heads not marked deprecated or superseded, newest first.
   * (`Chain.heads` stays structural: every handoff nothing resumed from yet.)
   */
  resumableHeads: string[];
}

export interface BuildChainsOptions {
  /**
   * Repo-relative path of the handoff a `LATEST.md` (or similar) names, or null. It is a hint, not an
   * override: the hinted handoff is the latest unless another handoff that is not deprecated is
   * strictly newer by day and time (a stale LATEST.md must not hide newer work); it settles ties.
   */
  latestHint?: string | null;
}

export interface LatestHintOutcome {
  /** The hint, normalised. */
  path: string;
  /**
   * `chosen`: the hinted handoff is the latest. `newer-exists`: another handoff is strictly newer, so it
   * is the latest. `deprecated`: the hinted handoff is marked deprecated/superseded. `not-found`: no
   * handoff has that path.
   */
  status: "chosen" | "newer-exists" | "deprecated" | "not-found";
}

/**
 * Builds handoff chains from resolved previous-pointers. Pure and O(n log n): each node has at most one
 * previous pointer, so the pointer graph is a forest plus at most one cycle per component; cycles and
 * self-pointers are cut and reported instead of followed.
 */
export function buildChains(input: readonly ChainNode[], options: BuildChainsOptions = {}): ChainBuildResult {
  const nodes: ChainNode[] = [];
  const byId = new Map<string, ChainNode>();
  for (const node of input) {
    if (byId.has(node.id)) continue;
    byId.set(node.id, node);
    nodes.push(node);
  }

  const byPath = new Map<string, ChainNode[]>();
  for (const node of nodes) {
    const path = normaliseRepoPath(node.path);
    const list = byPath.get(path);
    if (list === undefined) byPath.set(path, [node]);
    else list.push(node);
  }

  const findings: ChainBuildResult["findings"] = [];
  const parentOf = new Map<string, ChainEdge>();
  const brokenOf = new Map<string, string>();

  for (const node of nodes) {
    if (node.previousPath === null) continue;
    const previous = normaliseRepoPath(node.previousPath);
    if (previous === normaliseRepoPath(node.path)) {
      findings.push({
        nodeId: node.id,
        finding: finding("chain-self-pointer", "error", null, `The previous-handoff pointer of ${node.path} names the file itself.`),
      });
      continue;
    }
    const candidates = (byPath.get(previous) ?? []).filter((candidate) => candidate.id !== node.id);
    const chosen = choosePrevious(node, candidates);
    if (chosen === null) {
      brokenOf.set(node.id, previous);
      continue;
    }
    parentOf.set(node.id, { from: node.id, to: chosen.node.id, resolution: chosen.resolution });
  }

  cutCycles(nodes, byId, parentOf, findings);

  const childrenOf = new Map<string, ChainNode[]>();
  for (const edge of parentOf.values()) {
    const child = byId.get(edge.from);
    if (child === undefined) continue;
    const list = childrenOf.get(edge.to);
    if (list === undefined) childrenOf.set(edge.to, [child]);
    else list.push(child);
  }
  for (const list of childrenOf.values()) list.sort(compareAge);

  const roots = nodes.filter((node) => !parentOf.has(node.id)).sort(compareAge);
  const chains = roots.map((root) => collectChain(root, childrenOf, parentOf, brokenOf));
  const edges = chains.flatMap((chain) => chain.edges);

  const current = nodes.filter((node) => node.isDeprecated !== true && node.isCompanion !== true);
  const { latest, hint } = chooseLatest(current, nodes, options.latestHint ?? null);
  const resumableHeads = chains
    .flatMap((chain) => chain.heads)
    .map((id) => byId.get(id) as ChainNode)
    .filter((node) => node.isDeprecated !== true && node.isCompanion !== true)
    .sort((a, b) => compareAge(b, a))
    .map((node) => node.id);

  return { chains, edges, findings, latestId: latest?.id ?? null, latestHint: hint, resumableHeads };
}

/**
 * The newest current (not deprecated) handoff; with a hint, the hinted handoff unless a current one is
 * strictly newer by day and time. Several versions at the hinted path (branches): the newest of them.
 */
function chooseLatest(
  current: ChainNode[],
  all: ChainNode[],
  latestHint: string | null,
): { latest: ChainNode | null; hint: LatestHintOutcome | null } {
  let newestCurrent: ChainNode | null = null;
  // A design note or a plan kept beside the handoffs is no place to resume from while a handoff is.
  // Handoffs where the repository keeps them come before files found by their content alone, which are
  // the latest only where the repository keeps none in a place or under a name of their own.
  const placedCurrent = current.filter((node) => node.foundByContent !== true);
  const candidates = placedCurrent.length > 0 ? placedCurrent : current;
  // A dated name in a handoff's place is the repository's own convention for a handoff, whatever its reading missed.
  const structured = candidates.filter((node) => node.hasStructure !== false || isDatedByName(node));
  const pool = structured.length > 0 ? structured : candidates;
  for (const node of pool) if (newestCurrent === null || compareAge(node, newestCurrent) > 0) newestCurrent = node;
  // …but a newer written time outranks it between two handoffs: a file named as a handoff that dates itself
  // later than every structured one is the newer handoff, whatever its reading missed (a next-action heading
  // in words no table knows). A design note in a handoff folder is not named so and stays behind.
  if (newestCurrent !== null) {
    for (const node of current) {
      if (node === newestCurrent || node.hasStructure !== false || !hasWrittenTime(node) || !isNamedAsHandoff(node.path)) continue;
      if (compareRecency(node, newestCurrent) > 0) newestCurrent = node;
    }
  }
  // A numbered series with no times or dates written: its highest number is the newest (numbered-series.ts);
  // between two of that number, the one that names the other as its previous.
  if (newestCurrent !== null && !hasWrittenDay(newestCurrent)) {
    // The whole series counts, structured or not: numbering its handoffs is the repository's own convention.
    const last = lastOfSeries(newestCurrent, candidates.filter((node) => !hasWrittenDay(node)));
    if (last !== null && !last.includes(newestCurrent)) {
      const continuing = last.filter((node) => last.some((other) => other !== node && node.previousPath === other.path));
      newestCurrent = newest(continuing.length > 0 ? continuing : last);
    }
  }
  // A file named as a log (`HANDOFF_LOG.md`) yields to the handoff beside it when their times cannot tell them apart.
  if (newestCurrent !== null && nameSaysLog(newestCurrent.path)) {
    const chosen = newestCurrent;
    // The handoff a log belongs to (`HANDOFF.md` beside `HANDOFF_LOG.md`) wins also when only the log has a time.
    const rivals = pool.filter(
      (node) =>
        !nameSaysLog(node.path) &&
        (compareRecency(node, chosen) === 0 || (!hasKnownTime(node) && !hasKnownTime(chosen)) || (isLogOf(chosen.path, node.path) && !hasKnownTime(node))),
    );
    if (rivals.length > 0) newestCurrent = newest(rivals);
  }
  // A name that says "current" settles what the times cannot: no time known for it, or the same time.
  const named = pool.filter((node) => node.isNamedCurrent === true);
  if (newestCurrent !== null && named.length > 0 && !named.includes(newestCurrent)) {
    const namedNewest = newest(named);
    if (!hasKnownTime(namedNewest) || compareRecency(newestCurrent, namedNewest) === 0) newestCurrent = namedNewest;
  }
  if (latestHint === null || latestHint.trim() === "") return { latest: newestCurrent, hint: null };

  const path = normaliseRepoPath(latestHint.trim());
  const hinted = current.filter((node) => normaliseRepoPath(node.path) === path);
  if (hinted.length === 0) {
    const status = all.some((node) => normaliseRepoPath(node.path) === path) ? "deprecated" : "not-found";
    return { latest: newestCurrent, hint: { path, status } };
  }
  const chosen = newest(hinted);
  if (newestCurrent !== null && compareRecency(newestCurrent, chosen) > 0) return { latest: newestCurrent, hint: { path, status: "newer-exists" } };
  return { latest: chosen, hint: { path, status: "chosen" } };
}

/**
 * The node at the pointed-to path on a branch the pointing node shares first, then the working tree,
 * then any branch; among several, the newest.
 */
function choosePrevious(node: ChainNode, candidates: ChainNode[]): { node: ChainNode; resolution: EdgeResolution } | null {
  if (candidates.length === 0) return null;
  const branches = new Set(node.branches);
  const sameBranch = candidates.filter((candidate) => candidate.branches.some((branch) => branches.has(branch)));
  if (sameBranch.length > 0) return { node: newest(sameBranch), resolution: "same-branch" };
  const workingTree = candidates.filter((candidate) => candidate.inWorkingTree);
  if (workingTree.length > 0) return { node: newest(workingTree), resolution: "working-tree" };
  return { node: newest(candidates), resolution: "other-branch" };
}

function isNamedAsHandoff(path: string): boolean {
  return mentionsHandoffInName(path.slice(path.lastIndexOf("/") + 1));
}

function hasWrittenTime(node: ChainNode): boolean {
  return node.hasLabelledTime === true && typeof node.timestamp === "number" && Number.isFinite(node.timestamp);
}

/**
 * Dated by its name, and by nothing that says otherwise (no written time, or one of that day): a copy that
 * names a later sync date than its file name (`LEGACY_HANDOVER_SYNC_2026-02-21.md`) is no such handoff.
 */
function isDatedByName(node: ChainNode): boolean {
  if (typeof node.nameDate !== "string" || node.nameDate === "") return false;
  return typeof node.timestamp !== "number" || !Number.isFinite(node.timestamp) || new Date(node.timestamp).toISOString().slice(0, 10) === node.nameDate;
}

/** The handoff states its own day or time: a date folder, a date in its name, or a written timestamp. */
function hasWrittenDay(node: ChainNode): boolean {
  return [node.date, node.nameDate].some((day) => typeof day === "string" && day !== "") || (typeof node.timestamp === "number" && Number.isFinite(node.timestamp));
}

function hasKnownTime(node: ChainNode): boolean {
  return [node.date, node.nameDate].some((day) => typeof day === "string" && day !== "") || [node.timestamp, node.fileTime].some((time) => typeof time === "number" && Number.isFinite(time));
}

function newest(nodes: ChainNode[]): ChainNode {
  let best = nodes[0] as ChainNode;
  for (const node of nodes) if (compareAge(node, best) > 0) best = node;
  return best;
}

/**
 * Each node has at most one parent, so following parents from any node either ends at a root or enters
 * exactly one cycle. Each node is walked once overall (colours), which keeps this linear.
 */
function cutCycles(
  nodes: ChainNode[],
  byId: Map<string, ChainNode>,
  parentOf: Map<string, ChainEdge>,
  findings: ChainBuildResult["findings"],
): void {
  const state = new Map<string, "walking" | "done">();
  for (const start of nodes) {
    if (state.has(start.id)) continue;
    const walk: string[] = [];
    let current: string | undefined = start.id;
    while (current !== undefined && !state.has(current)) {
      state.set(current, "walking");
      walk.push(current);
      current = parentOf.get(current)?.to;
    }
    if (current !== undefined && state.get(current) === "walking") {
      const cycle = walk.slice(walk.indexOf(current));
      // Cut at the oldest member, so it becomes the chain's start and the order still reads oldest first.
      let oldest = byId.get(cycle[0] as string) as ChainNode;
      for (const id of cycle) {
        const node = byId.get(id) as ChainNode;
        if (compareAge(node, oldest) < 0) oldest = node;
      }
      parentOf.delete(oldest.id);
      const shown = cycle.slice(0, 4).map((id) => byId.get(id)?.path ?? id);
      findings.push({
        nodeId: oldest.id,
        finding: finding(
          "chain-cycle",
          "error",
          null,
          `Previous-handoff pointers form a cycle of ${cycle.length} handoff(s) (${shown.join(" → ")}${cycle.length > 4 ? " → …" : ""}); ` +
            `${oldest.path} is treated as the start.`,
        ),
      });
    }
    for (const id of walk) state.set(id, "done");
  }
}

function collectChain(
  root: ChainNode,
  childrenOf: Map<string, ChainNode[]>,
  parentOf: Map<string, ChainEdge>,
  brokenOf: Map<string, string>,
): Chain {
  const nodeIds: string[] = [];
  const edges: ChainEdge[] = [];
  const forks: Chain["forks"] = [];
  const broken: Chain["broken"] = [];
  const heads: string[] = [];
  // Oldest available first; a child only becomes available after its parent, so the order is topological.
  const heap = new MinHeap<ChainNode>(compareAge);
  heap.push(root);
  while (heap.size > 0) {
    const node = heap.pop() as ChainNode;
    nodeIds.push(node.id);
    const edge = parentOf.get(node.id);
    if (edge !== undefined) edges.push(edge);
    const missing = brokenOf.get(node.id);
    if (missing !== undefined) broken.push({ from: node.id, missing });
    const children = childrenOf.get(node.id) ?? [];
    if (children.length === 0) heads.push(node.id);
    if (children.length > 1) forks.push({ at: node.id, children: children.map((child) => child.id) });
    for (const child of children) heap.push(child);
  }
  return { id: root.id, nodeIds, edges, forks, broken, heads };
}

/**
 * Older first: the protocol's order (handoff-order.ts: date folder as a day, then identity timestamp,
 * then file time; unknown sorts oldest), then path and id so ties are stable.
 */
export function compareAge(a: ChainNode, b: ChainNode): number {
  const byTime = compareRecency(a, b);
  if (byTime !== 0) return byTime;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.compare(items[index] as T, items[parent] as T) >= 0) break;
      [items[index], items[parent]] = [items[parent] as T, items[index] as T];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && this.compare(items[left] as T, items[smallest] as T) < 0) smallest = left;
        if (right < items.length && this.compare(items[right] as T, items[smallest] as T) < 0) smallest = right;
        if (smallest === index) break;
        [items[index], items[smallest]] = [items[smallest] as T, items[index] as T];
        index = smallest;
      }
    }
    return top;
  }
}
