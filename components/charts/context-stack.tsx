"use client";

import type { ContextStack, Provenance, StackBand } from "@/lib/core/metrics/prepare-context-stack";
import { tokenFormat } from "./burn-chart";
import { useIsDark } from "../layout/use-theme";

const bandColors: Record<StackBand["key"], string> = {
  baseline: "#64748b",
  conversation: "#0ea5e9",
  "tool-results": "#818cf8",
  free: "#e4e4e7",
  reserve: "#fca5a5",
  "cache-read": "#93c5fd",
  "cache-write": "#fcd34d",
  input: "#f97316",
};

/**
 * "Free" is the empty part of the window: a light grey on white, a dark grey on the dark card (the
 * light one was a near-white block there). The other bands keep their colours in both themes.
 */
function bandColor(key: StackBand["key"], isDark: boolean): string {
  return key === "free" && isDark ? "#3f3f46" : bandColors[key];
}

/** Black or white, whichever reads better on a band's fixed colour (WCAG luminance), in either theme. */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#09090b" : "#ffffff";
}

const provenanceStyle: Record<Provenance, string> = {
  measured: "bg-emerald-50 dark:bg-emerald-950/40 text-emerald-700 dark:text-emerald-300 ring-emerald-200 dark:ring-emerald-800",
  derived: "bg-sky-50 dark:bg-sky-950/40 text-sky-700 dark:text-sky-300 ring-sky-200 dark:ring-sky-800",
  estimated: "bg-amber-50 dark:bg-amber-950/40 text-amber-800 dark:text-amber-200 ring-amber-200 dark:ring-amber-800",
  declared: "bg-violet-50 dark:bg-violet-950/40 text-violet-700 dark:text-violet-300 ring-violet-200 dark:ring-violet-800",
};

function Bar({ bands, total, label }: { bands: StackBand[]; total: number; label: string }) {
  const isDark = useIsDark();
  return (
    <div className="flex h-9 w-full overflow-hidden rounded-md ring-1 ring-zinc-200 dark:ring-zinc-700" role="img" aria-label={label}>
      {bands
        .filter((band) => band.tokens > 0)
        .map((band) => (
          <div
            key={band.key}
            data-band={band.key}
            title={`${band.label}: ${band.tokens.toLocaleString("en")} tokens (${band.provenance})`}
            className="flex h-full items-center justify-center overflow-hidden text-[11px] font-medium"
            style={{ width: `${(band.tokens / total) * 100}%`, background: bandColor(band.key, isDark), color: textOn(bandColor(band.key, isDark)) }}
          >
            {band.tokens / total > 0.08 ? tokenFormat(band.tokens) : ""}
          </div>
        ))}
    </div>
  );
}

function Legend({ bands, total }: { bands: StackBand[]; total: number }) {
  const isDark = useIsDark();
  return (
    <ul className="mt-2 space-y-1 text-xs">
      {bands.map((band) => (
        <li key={band.key} className="flex flex-wrap items-start gap-x-2 gap-y-0.5">
          <span className="mt-0.5 h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: bandColor(band.key, isDark) }} />
          <span className="w-32 shrink-0 font-medium text-zinc-700 dark:text-zinc-300">{band.label}</span>
          <span className="w-28 shrink-0 text-right tabular-nums text-zinc-800 dark:text-zinc-200">
            {band.tokens.toLocaleString("en")} <span className="text-zinc-500 dark:text-zinc-400">({((band.tokens / total) * 100).toFixed(1)} %)</span>
          </span>
          <span className={`shrink-0 rounded px-1 text-[10px] ring-1 ring-inset ${provenanceStyle[band.provenance]}`}>{band.provenance}</span>
          {/* Beside the figures when there is room, on a line of its own on a narrow screen. */}
          <span className="min-w-48 flex-1 text-zinc-500 dark:text-zinc-400">{band.note}</span>
        </li>
      ))}
    </ul>
  );
}

export function ContextStackView({ stack, windowSource }: { stack: ContextStack; windowSource: string }) {
  const compositionTotal = stack.window ?? stack.composition.reduce((sum, band) => sum + band.tokens, 0);
  const cacheTotal = Math.max(1, stack.cache.reduce((sum, band) => sum + band.tokens, 0));
  return (
    <div className="space-y-5" data-testid="context-stack">
      <div>
        <div className="mb-1 flex items-baseline justify-between text-xs text-zinc-500 dark:text-zinc-400">
          <span>
            Window {stack.window ? `${stack.window.toLocaleString("en")} tokens` : "unknown"} <span className="text-zinc-500 dark:text-zinc-400">({windowSource})</span>
          </span>
          <span className="tabular-nums">
            request #{stack.index + 1}: {stack.context.toLocaleString("en")} tokens{stack.window ? ` · ${((stack.context / stack.window) * 100).toFixed(1)} % used` : ""}
          </span>
        </div>
        <Bar bands={stack.composition} total={compositionTotal} label="Context window composition" />
        {stack.overflow && <p className="mt-1 text-xs text-red-600 dark:text-red-400">The prompt is larger than the window Baton assumes: the window may be wrong (override it below).</p>}
        <Legend bands={stack.composition} total={compositionTotal} />
      </div>
      <div>
        <div className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">The same prompt by cache status</div>
        <Bar bands={stack.cache} total={cacheTotal} label="Prompt by cache status" />
        <Legend bands={stack.cache} total={cacheTotal} />
      </div>
      {stack.declared && (
        <div>
          <div className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">Declared allocation (budget config){stack.declaredTotal ? ` of ${stack.declaredTotal.toLocaleString("en")} tokens` : ""}</div>
          <div className="flex h-6 w-full overflow-hidden rounded-md ring-1 ring-violet-200 dark:ring-violet-800" role="img" aria-label="Declared allocation">
            {stack.declared.map((node, index) => (
              <div key={node.label} title={`${node.label}: ${node.tokens.toLocaleString("en")}`} className="flex items-center justify-center overflow-hidden border-r border-white dark:border-zinc-900 text-[11px] text-violet-950" style={{ width: `${node.percent ?? 0}%`, background: ["#ede9fe", "#ddd6fe", "#c4b5fd", "#a78bfa"][index % 4] }}>
                {(node.percent ?? 0) > 10 ? `${node.label.split(" ")[0]} ${tokenFormat(node.tokens)}` : ""}
              </div>
            ))}
          </div>
          <ul className="mt-1 grid gap-x-4 text-xs text-zinc-600 dark:text-zinc-400 sm:grid-cols-2">
            {stack.declared.map((node) => (
              <li key={node.label}>{node.label}: {node.tokens.toLocaleString("en")}{node.percent !== null && ` (${node.percent} %)`}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
