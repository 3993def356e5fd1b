export function formatTokens(value: number): string {
  return value.toLocaleString("en");
}
