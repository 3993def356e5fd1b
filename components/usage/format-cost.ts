/** An estimated cost for display: "no price" for unknown (never $0), "<$0.01" below a cent. */
export function formatUsd(cost: number | null | undefined): string {
  if (cost === null || cost === undefined) return "no price";
  if (cost > 0 && cost < 0.01) return "<$0.01";
  return `$${cost.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Tokens shortened for cards: 3.1 M, 420 k. */
export function formatTokensShort(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  if (value >= 1e3) return `${Math.round(value / 1e3)} k`;
  return String(value);
}
