import { counted } from "@/lib/core/text/counted";

/** The first `limit` items and how many were left out. */
export function capped<T>(items: readonly T[], limit: number): { shown: readonly T[]; hidden: number } {
  return items.length <= limit ? { shown: items, hidden: 0 } : { shown: items.slice(0, limit), hidden: items.length - limit };
}

/** The line that says how many entries a list left out. */
export function MoreItems({ hidden, noun, where = "see the source" }: { hidden: number; noun: string; where?: string }) {
  if (hidden <= 0) return null;
  return <p className="text-xs italic text-zinc-500 dark:text-zinc-400">… and {counted(hidden, noun)} more ({where})</p>;
}

/** A text cut at `limit` characters, saying how much was left out. */
export function clipped(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${counted(text.length - limit, "more character")}, see the source)`;
}
