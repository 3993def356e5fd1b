/**
 * A chain graph as lists: per chain, its nodes oldest first, each after the one it resumes (a
 * topological order of the resume edges; among nodes ready together, the earlier day first, then the
 * path). A fork's branches follow one another. What a cycle leaves over is appended, never looped on.
 * The chain page renders these as ordered lists of links, for keyboards and screen readers.
 */
export interface OrderNode {
  id: string;
  chainId: string;
  date: string | null;
  path: string;
}

export interface OrderEdge {
  /** The earlier node. */
  source: string;
  /** The node that resumes it. */
  target: string;
}

export function chainReadingOrder(nodes: readonly OrderNode[], edges: readonly OrderEdge[]): Map<string, OrderNode[]> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const incoming = new Map(nodes.map((node) => [node.id, 0]));
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target) || edge.source === edge.target) continue;
    incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }
  const earlier = (a: OrderNode, b: OrderNode) => (a.date ?? "9999").localeCompare(b.date ?? "9999") || a.path.localeCompare(b.path);
  const ordered = new Map<string, OrderNode[]>();
  const chains = new Map<string, OrderNode[]>();
  for (const node of nodes) chains.set(node.chainId, [...(chains.get(node.chainId) ?? []), node]);
  for (const [chainId, members] of chains) {
    const list: OrderNode[] = [];
    const placed = new Set<string>();
    // Depth first from each root, so a fork's branch is read through before the next one starts.
    const visit = (node: OrderNode) => {
      const stack = [node];
      while (stack.length > 0) {
        const current = stack.pop()!;
        if (placed.has(current.id)) continue;
        placed.add(current.id);
        list.push(current);
        const children = (next.get(current.id) ?? []).map((id) => byId.get(id)!).filter((child) => !placed.has(child.id));
        // Pushed latest first, so the earliest child is read next.
        stack.push(...children.sort(earlier).reverse());
      }
    };
    for (const root of members.filter((member) => (incoming.get(member.id) ?? 0) === 0).sort(earlier)) visit(root);
    // A cycle has no root: start it at its earliest node.
    for (const rest of members.filter((member) => !placed.has(member.id)).sort(earlier)) visit(rest);
    ordered.set(chainId, list);
  }
  return ordered;
}
