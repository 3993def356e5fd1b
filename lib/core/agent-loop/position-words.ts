/** A context position in words, for the guard's instruction, the status line and the burn chart's marker. */

/** "92 % of 200,000 tokens": the percentage as digits and `%`, the window to the token. */
export function describePosition(position: { percent: number | null; tokens: number; window: number | null }): string {
  if (position.percent === null || position.window === null) return `${formatTokens(position.tokens)} tokens (window unknown)`;
  return `${formatPercent(position.percent)} of ${formatTokens(position.window)} tokens`;
}

/** One decimal, rounded down (a position just under a threshold never reads as the threshold): "91.7 %", "92 %". */
export function formatPercent(percent: number): string {
  const tenths = Math.floor(percent * 10 + 1e-9) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} %`;
}

export function formatTokens(tokens: number): string {
  return tokens.toLocaleString("en-US");
}
