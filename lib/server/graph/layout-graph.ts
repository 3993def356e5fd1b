/**
 * Layered layout of chain graphs with elkjs, on the server: the browser gets positioned nodes, so a
 * 1,000-node repo costs the client only rendering. Layouts are cached by graph shape.
 */
import ELK from "elkjs/lib/elk.bundled.js";

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  /** source → target, drawn in the layout's direction (older → newer). */
  edges: { id: string; source: string; target: string }[];
}

export type Positions = Map<string, { x: number; y: number }>;

/** RIGHT: older on the left (wide screens). DOWN: older at the top (phones). */
export type LayoutDirection = "RIGHT" | "DOWN";

const elk = new ELK();
const cache = new Map<string, Positions>();
const CACHE_SIZE = 32;

function cacheKey(input: LayoutInput, direction: LayoutDirection): string {
  return `${direction}|${input.nodes.map((node) => node.id).join(",")}|${input.edges.map((edge) => `${edge.source}>${edge.target}`).join(",")}`;
}

export async function layoutGraph(input: LayoutInput, direction: LayoutDirection = "RIGHT"): Promise<Positions> {
  const key = cacheKey(input, direction);
  const cached = cache.get(key);
  if (cached) return cached;
  const result = await elk.layout({
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": direction,
      "elk.layered.spacing.nodeNodeBetweenLayers": "84",
      "elk.spacing.nodeNode": "28",
      "elk.spacing.componentComponent": "36",
      "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
      "elk.separateConnectedComponents": "true",
      "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
    },
    children: input.nodes.map((node) => ({ id: node.id, width: node.width, height: node.height })),
    edges: input.edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  });
  const positions: Positions = new Map();
  for (const child of result.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  cache.set(key, positions);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return positions;
}
