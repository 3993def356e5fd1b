"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { runtimeName } from "@/lib/core/runtimes/runtimes";

const sorts = [
  { value: "recent", label: "Most recent" },
  { value: "peak", label: "Peak context %" },
  { value: "tokens", label: "Tokens" },
  { value: "duration", label: "Duration" },
] as const;

const select = "rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900";
const label = "flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400";

/**
 * The session list's filters: each change applies at once (as on the handoff list), through the
 * address, so a reload or a shared link shows the same list. Without JavaScript the form still submits.
 */
export function SessionFilters({ runtimes, repos }: { runtimes: string[]; repos: { id: string; name: string }[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete("page");
    startTransition(() => router.replace(next.size > 0 ? `${pathname}?${next}` : pathname, { scroll: false }));
  };
  const hasFilters = ["runtime", "repo", "from", "to", "sort"].some((name) => params.get(name));
  return (
    <form action="/sessions" role="search" aria-label="Session filters" className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <label className={label}>
        Runtime
        <select name="runtime" value={params.get("runtime") ?? ""} onChange={(event) => set("runtime", event.target.value)} className={select}>
          <option value="">All</option>
          {runtimes.map((runtime) => <option key={runtime} value={runtime}>{runtimeName(runtime)}</option>)}
        </select>
      </label>
      <label className={label}>
        Repository
        <select name="repo" value={params.get("repo") ?? ""} onChange={(event) => set("repo", event.target.value)} className={select}>
          <option value="">All</option>
          {repos.map((repo) => <option key={repo.id} value={repo.id}>{repo.name}</option>)}
        </select>
      </label>
      <label className={label}>
        From
        <input type="date" name="from" value={params.get("from") ?? ""} onChange={(event) => set("from", event.target.value)} className={select} />
      </label>
      <label className={label}>
        To
        <input type="date" name="to" value={params.get("to") ?? ""} onChange={(event) => set("to", event.target.value)} className={select} />
      </label>
      <label className={label}>
        Sort by
        <select name="sort" value={params.get("sort") ?? "recent"} onChange={(event) => set("sort", event.target.value === "recent" ? "" : event.target.value)} className={select}>
          {sorts.map((sort) => <option key={sort.value} value={sort.value}>{sort.label}</option>)}
        </select>
      </label>
      {hasFilters && (
        <button type="button" onClick={() => startTransition(() => router.replace(pathname, { scroll: false }))} className="pb-2 text-xs font-medium text-sky-700 hover:underline dark:text-sky-300">
          Clear filters
        </button>
      )}
      <span aria-live="polite" className="pb-2 text-xs text-zinc-500 dark:text-zinc-400">{isPending ? "updating…" : ""}</span>
    </form>
  );
}
