import type { ReactNode } from "react";

export interface Column {
  label: string;
  align?: "left" | "right";
}

/**
 * The bordered table every list page uses: a labelled table with a quiet header row. On a wide screen
 * a table wider than the page scrolls sideways inside its frame. On a phone (below 48rem) each row
 * becomes a card: cells stack, each after its column's name (the `card-table` rules in globals.css and
 * the labels below), so no column is cut off or hidden behind a sideways scroll.
 */
export function DataTable({ label, columns, children, framed = true }: { label: string; columns: Column[]; children: ReactNode; framed?: boolean }) {
  const scope = `card-table-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  // Column names for the phone cards, as CSS generated from our own labels (never from data).
  const labels = columns
    .map((column, index) => (index === 0 ? "" : `.${scope}>tbody>tr>td:nth-child(${index + 1})::before{content:${JSON.stringify(column.label)}}`))
    .join("");
  // Only where rows are cards (the same width as globals.css): on a wide screen the header names the columns.
  const labelCss = labels ? `@media (width < 48rem){${labels}}` : "";
  const table = (
    <table className={`card-table ${scope} w-full text-sm`} aria-label={label}>
      <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500 dark:bg-zinc-800/40 dark:text-zinc-400">
        <tr>
          {columns.map((column) => (
            <th key={column.label} className={`px-3 py-2 font-medium ${column.align === "right" ? "text-right" : ""}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</tbody>
    </table>
  );
  return (
    <div className={framed ? "overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900" : "overflow-x-auto"}>
      <style>{labelCss}</style>
      {table}
    </div>
  );
}
