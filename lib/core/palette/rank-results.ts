/**
 * The palette's order: what is named exactly as typed comes first ("acme-billing" → the repository
 * acme-billing, then its handoffs; not five sessions whose folder merely contains the word). Each
 * item scores by its names against the whole query: 3 equal, 2 starts with it, 1 holds it as a word,
 * 0 otherwise (it matched on something else: a folder, the text). Groups go by their best item, ties
 * in the default order; items within a group by score, ties as the search gave them.
 */
export type PaletteGroup = "handoffs" | "sessions" | "repos" | "branches";

export const DEFAULT_GROUP_ORDER: readonly PaletteGroup[] = ["handoffs", "sessions", "repos", "branches"];

/** Lower case, separators as spaces: "Route_Tests" and "route-tests" name the same thing. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s_\-./:]+/g, " ").trim();
}

export function nameScore(query: string, names: readonly (string | null | undefined)[]): number {
  const wanted = normalise(query);
  if (wanted === "") return 0;
  let best = 0;
  for (const name of names) {
    if (!name) continue;
    const have = normalise(name);
    if (have === wanted) return 3;
    if (have.startsWith(wanted)) best = Math.max(best, 2);
    else if (` ${have} `.includes(` ${wanted} `)) best = Math.max(best, 1);
  }
  return best;
}

/** Items sorted by score, best first (stable). */
export function rankItems<T>(query: string, items: readonly T[], names: (item: T) => readonly (string | null | undefined)[]): { items: T[]; best: number } {
  const scored = items.map((item, index) => ({ item, index, score: nameScore(query, names(item)) }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return { items: scored.map((entry) => entry.item), best: scored[0]?.score ?? 0 };
}

/** Groups by their best item's score, best first; ties keep DEFAULT_GROUP_ORDER. */
export function groupOrder(best: Record<PaletteGroup, number>): PaletteGroup[] {
  return [...DEFAULT_GROUP_ORDER].sort((a, b) => best[b] - best[a] || DEFAULT_GROUP_ORDER.indexOf(a) - DEFAULT_GROUP_ORDER.indexOf(b));
}
