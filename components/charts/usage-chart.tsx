"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageChart } from "@/lib/core/usage/prepare-usage-chart";
import { tokenFormat } from "./burn-chart";

const money = (value: number) => (value >= 100 ? `$${Math.round(value)}` : `$${value.toFixed(value >= 1 ? 1 : 2)}`);

/** Stacked bars of usage per period; the preparer decided series, order, colours and empty periods. */
export function UsageBarChart({ chart }: { chart: UsageChart }) {
  const format = chart.metric === "tokens" ? tokenFormat : money;
  return (
    // Named by its summary, and out of the tab order: the table below says the same, number by number.
    <div className="h-72 w-full" role="img" aria-label={chart.summary} data-testid="usage-chart" data-metric={chart.metric} data-series={chart.series.map((series) => series.label).join("|")} data-points={chart.points.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={chart.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} vertical={false} />
          {/* Days and weeks without their year (the range above has it), so eight labels fit a phone. */}
          <XAxis dataKey="period" ticks={chart.ticks} interval={0} tickFormatter={(period: string) => (period.length === 10 ? period.slice(5) : period)} tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} />
          <YAxis tickFormatter={format} tick={{ fontSize: 11, fill: "currentColor" }} tickLine={false} axisLine={false} width={56} />
          <Tooltip
            formatter={(value, name) => [chart.metric === "tokens" ? `${Number(value).toLocaleString("en-US")} tokens` : format(Number(value)), name]}
            contentStyle={{ fontSize: 12, borderRadius: 8 }}
            cursor={{ fill: "currentColor", fillOpacity: 0.06 }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {chart.series.map((series) => (
            <Bar key={series.key} dataKey={series.key} name={series.label} stackId="usage" fill={series.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
