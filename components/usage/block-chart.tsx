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
    <div className="h-48 w-full" data-testid="block-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
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
