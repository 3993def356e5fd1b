import type { ReactNode } from "react";

export function Card({
  title,
  label,
  actions,
  children,
  className = "",
  id,
}: {
  title?: ReactNode;
  /** Accessible name of the region when the title is not plain text. */
  label?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  // min-w-0: in a grid or flex row a card shrinks to its track; wide content (a long code line, a
  // table) scrolls inside it rather than widening the page.
  return (
    <section id={id} aria-label={label ?? (typeof title === "string" ? title : undefined)} className={`min-w-0 rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 shadow-sm ${className}`}>
      {(title || actions) && (
        // Wraps: on a phone the actions (a form, a link) go below a title they would squeeze.
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b border-zinc-100 dark:border-zinc-800 px-4 py-2.5">
          <h2 className="min-w-0 text-sm font-semibold text-zinc-800 dark:text-zinc-200">{title}</h2>
          {actions}
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

export function Stat({ label, value, hint, tone = "default" }: { label: string; value: ReactNode; hint?: ReactNode; tone?: "default" | "red" | "amber" | "green" }) {
  const color = { default: "text-zinc-900 dark:text-zinc-100", red: "text-red-600 dark:text-red-400", amber: "text-amber-700 dark:text-amber-400", green: "text-emerald-700 dark:text-emerald-400" }[tone];
  // Exact token counts of long sessions run to billions ("1,974,849,800"): smaller type, not cut off.
  const length = typeof value === "string" ? value.length : 0;
  const size = length > 17 ? "text-sm" : length > 14 ? "text-base" : length > 11 ? "text-lg" : length > 9 ? "text-xl" : "text-2xl";
  // A number too long for its card breaks after a thousands separator, never inside a group.
  const shown = typeof value === "string" && /^[\d,.]+$/.test(value) ? value.split(",").flatMap((group, index) => (index === 0 ? [group] : [<wbr key={index} />, `,${group}`])) : value;
  return (
    <div className="min-w-0 rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 px-4 py-3 shadow-sm">
      <div className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{label}</div>
      {/* The largest legal totals (10^8 per field per request, thousands of requests) still wrap inside the card. */}
      <div className={`mt-1 ${size} font-semibold tabular-nums [overflow-wrap:anywhere] ${color}`}>{shown}</div>
      {hint && <div className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{hint}</div>}
    </div>
  );
}
