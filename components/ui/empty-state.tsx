import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-6 py-10 text-center">
      <p className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">{children}</div>}
    </div>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-zinc-100 dark:bg-zinc-800 px-1.5 py-0.5 font-mono text-[0.8em] text-zinc-800 dark:text-zinc-200">{children}</code>;
}
