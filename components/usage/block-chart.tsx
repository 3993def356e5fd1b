"use client";

import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { tokenFormat } from "../charts/burn-chart";

export interface BlockBar {
  id: string;
  label: string;
  value: number;
  projected: number;
  isActive: boolean;
}

/** Recent 5-hour blocks as bars (the active one with its projection on top) and the plan limit as a line. */
export function BlockChart({ bars, limit, metric }: { bars: BlockBar[]; limit: number | null; metric: "tokens" | "cost" }) {
  const format = metric === "tokens" ? tokenFormat : (value: number) => `$${value.toFixed(value >= 10 ? 0 : 2)}`;
  const data = bars.map((bar) => ({ ...bar, extra: Math.max(0, bar.projected - bar.value) }));
  return (
    // Named by a summary, out of the tab order (the active block's figures are written beside it).
    <div className="h-48 w-full" role="img" aria-label={blockSummary(bars, limit, format)} data-testid="block-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 10, fill: "currentColor" }} tickLine={false} minTickGap={8} />
          <YAxis tickFormatter={format} tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} axisLine={false} width={56} domain={[0, (max: number) => Math.max(max, limit ?? 0)]} />
          <Tooltip formatter={(value, name) => [format(Number(value)), name === "extra" ? "projected to the block's end" : "used"]} contentStyle={{ fontSize: 12, borderRadius: 8 }} />
          <Bar dataKey="value" stackId="b" fill="#0ea5e9" isAnimationActive={false} />
          <Bar dataKey="extra" stackId="b" fill="#0ea5e9" fillOpacity={0.3} isAnimationActive={false} />
          {limit !== null && <ReferenceLine y={limit} stroke="#ef4444" strokeDasharray="4 3" label={{ value: "plan limit", fontSize: 11, fill: "#ef4444", position: "insideTopRight" }} />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** "12 recent 5-hour blocks, the largest 06-11 21h (16.5M); plan limit 5M." */
function blockSummary(bars: readonly BlockBar[], limit: number | null, format: (value: number) => string): string {
  if (bars.length === 0) return "No 5-hour blocks.";
  const largest = bars.reduce((best, bar) => (bar.value > best.value ? bar : best));
  const active = bars.find((bar) => bar.isActive);
  return [
    `${bars.length} recent 5-hour ${bars.length === 1 ? "block" : "blocks"}, the largest ${largest.label} (${format(largest.value)})`,
    active ? `active block ${active.label}: ${format(active.value)}, projected ${format(active.projected)}` : null,
    limit !== null ? `plan limit ${format(limit)}` : null,
  ]
    .filter(Boolean)
    .join("; ") + ".";
}
