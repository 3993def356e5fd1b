/**
 * The terminal tables of `baton report`, at most 80 columns: counts shortened (1.2M) when the exact
 * figure would not fit, the models of each row on a line under it, cost marked as an estimate.
 */

export interface TableRow {
  label: string;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  totalTokens: number;
  totalCost: number | null;
  /** A second line (models, title); cut to the width. */
  detail?: string;
}

const WIDTH = 80;
const NUMBER_WIDTH = 9;

export function shortCount(value: number): string {
  const exact = value.toLocaleString("en-US");
  if (exact.length <= NUMBER_WIDTH) return exact;
  for (const [size, suffix] of [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ] as const) {
    if (value >= size) return `${(value / size).toFixed(value / size >= 100 ? 0 : 1)}${suffix}`;
  }
  return exact;
}

export function formatCost(cost: number | null): string {
  if (cost === null) return "no price";
  return `$${cost >= 1000 ? Math.round(cost).toLocaleString("en-US") : cost.toFixed(2)}`;
}

function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** Lines of the table: a header, the rows, a rule and the totals; every line ≤ 80 characters. */
export function formatUsageTable(title: string, rows: readonly TableRow[], totals: TableRow | null, notes: readonly string[] = []): string[] {
  const labelWidth = Math.min(WIDTH - 6 * (NUMBER_WIDTH + 1), Math.max(10, ...rows.map((row) => row.label.length), totals?.label.length ?? 0));
  const header = ["", "Input", "Output", "Cache W", "Cache R", "Total", "Cost*"];
  const line = (cells: string[]) => cut([cells[0]!.padEnd(labelWidth), ...cells.slice(1).map((cell) => cell.padStart(NUMBER_WIDTH))].join(" ").trimEnd(), WIDTH);
  const cells = (row: TableRow) => [
    cut(row.label, labelWidth),
    shortCount(row.inputTokens),
    shortCount(row.outputTokens),
    shortCount(row.cacheWriteTokens),
    shortCount(row.cacheReadTokens),
    shortCount(row.totalTokens),
    formatCost(row.totalCost),
  ];
  const out = [cut(title, WIDTH), line(header)];
  for (const row of rows) {
    out.push(line(cells(row)));
    if (row.detail) out.push(cut(`  ${row.detail}`, WIDTH));
  }
  if (totals) {
    out.push("-".repeat(Math.min(WIDTH, labelWidth + 6 * (NUMBER_WIDTH + 1))));
    out.push(line(cells(totals)));
  }
  out.push("* Cost is an estimate from Baton's price table (docs/token-accounting.md, Cost)");
  for (const note of notes) out.push(...wrap(note, WIDTH));
  return out;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(cut(current, width));
  return lines;
}
