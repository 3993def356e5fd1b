import { RUNTIME, runtimeName } from "@/lib/core/runtimes/runtimes";

/** Tailwind needs each class written out whole, so the badge tints (from the table's colours) live here. */
const runtimeStyles: Record<string, { className: string }> = {
  [RUNTIME.claudeCode]: { className: "bg-[#d97757]/10 text-[#a4461f] ring-[#d97757]/30 dark:bg-[#d97757]/15 dark:text-[#f0a585] dark:ring-[#d97757]/40" },
  [RUNTIME.codex]: { className: "bg-[#10a37f]/10 text-[#0b7a5f] ring-[#10a37f]/30 dark:bg-[#10a37f]/15 dark:text-[#5fd6b2] dark:ring-[#10a37f]/40" },
  [RUNTIME.geminiCli]: { className: "bg-[#4285f4]/10 text-[#1f5fcc] ring-[#4285f4]/30 dark:bg-[#4285f4]/15 dark:text-[#9dbdfa] dark:ring-[#4285f4]/40" },
  [RUNTIME.opencode]: { className: "bg-[#a855f7]/10 text-[#7e3cc0] ring-[#a855f7]/30 dark:bg-[#a855f7]/15 dark:text-[#d3a8fb] dark:ring-[#a855f7]/40" },
  [RUNTIME.antigravity]: { className: "bg-[#f59e0b]/10 text-[#a16207] ring-[#f59e0b]/30 dark:bg-[#f59e0b]/15 dark:text-[#fbc65c] dark:ring-[#f59e0b]/40" },
};

export function RuntimeBadge({ runtime }: { runtime: string | null }) {
  const style = runtime ? runtimeStyles[runtime] : undefined;
  return (
    <span
      data-runtime={runtime ?? "unknown"}
      className={`inline-flex items-center whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${style?.className ?? "bg-zinc-100 dark:bg-zinc-800 text-zinc-600 dark:text-zinc-400 ring-zinc-200 dark:ring-zinc-700"}`}
    >
      {runtimeName(runtime)}
    </span>
  );
}
