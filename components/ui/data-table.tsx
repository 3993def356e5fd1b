import type { ReactNode } from "react";

export interface Column {
  label: string;
  align?: "left" | "right";
}

/** The bordered table every list page uses: a labelled table with a quiet header row. A table wider than
 * the page scrolls sideways inside its frame rather than being cut off. */
export function DataTable({ label, columns, children, framed = true }: { label: string; columns: Column[]; children: ReactNode; framed?: boolean }) {
  const table = (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-500">
        <tr>
          {columns.map((column) => (
            <th key={column.label} className={`px-3 py-2 font-medium ${column.align === "right" ? "text-right" : ""}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100">{children}</tbody>
    </table>
  );
  return <div className={framed ? "overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm" : "overflow-x-auto"}>{table}</div>;
}
