"use client";
import { queryKeys } from "@/lib/core/events/query-keys";
import { When } from "@/components/ui/when";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { HANDOFF_FILTER_KEYS, handoffFiltersSearch, parseHandoffFilters, type HandoffFilters, UNKNOWN_RUNTIME } from "@/lib/core/handoff/handoff-filters";
import type { HandoffFacets, listHandoffs } from "@/lib/server/queries/handoffs";
import { Badge } from "../ui/badge";
import { truncate } from "./format";
import { LintBadge } from "./lint-badge";
import { handoffName } from "@/lib/core/chains/chain-name";
import { runtimeName } from "@/lib/core/runtimes/runtimes";
import { RuntimeBadge } from "./runtime-badge";
import { Highlight } from "../ui/highlight";
import { searchWords } from "@/lib/core/text/search-words";
import { DataTable } from "../ui/data-table";
import { counted } from "@/lib/core/text/counted";
import { HandoffReviewBadge } from "../reviews/handoff-review-badge";

type HandoffPage = Awaited<ReturnType<typeof listHandoffs>>;

async function fetchHandoffs(search: string): Promise<HandoffPage> {
  const response = await fetch(`/api/handoffs?${search}`);
  if (!response.ok) throw new Error(`Could not load handoffs (HTTP ${response.status})`);
  return response.json() as Promise<HandoffPage>;
}

export function HandoffBrowser({ facets, initialFilters, initialData }: { facets: HandoffFacets; initialFilters: HandoffFilters; initialData: HandoffPage }) {
  // The address holds the filters, so a reload, a shared link and the back button all show the same
  // list. Changes go in with history.replaceState, which Next folds into its router (useSearchParams
  // follows) without a server round trip: router.replace refetched the page and, landing after the
  // user had clicked a result, could take them back to the list.
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseHandoffFilters(Object.fromEntries(searchParams)), [searchParams]);
  const search = handoffFiltersSearch(filters);
  const initialSearch = useMemo(() => handoffFiltersSearch(initialFilters), [initialFilters]);
  const [query, setQuery] = useState(filters.q ?? "");

  const show = useCallback(
    (next: HandoffFilters) => {
      const target = handoffFiltersSearch(next);
      window.history.replaceState(null, "", target ? `${pathname}?${target}` : pathname);
    },
    [pathname],
  );
  const set = (patch: Partial<HandoffFilters>) => show({ ...filters, ...patch, page: patch.page ?? 1 });

  // The search box waits for a pause in typing.
  useEffect(() => {
    if ((filters.q ?? "") === query) return;
    const timer = setTimeout(() => show({ ...filters, q: query || undefined, page: 1 }), 250);
    return () => clearTimeout(timer);
  }, [query, filters, show]);

  const { data, isFetching, error } = useQuery({
    queryKey: queryKeys.handoffList(search),
    queryFn: () => fetchHandoffs(search),
    initialData: search === initialSearch ? initialData : undefined,
    placeholderData: keepPreviousData,
  });

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // The words the shown list was searched for (not the box's text while typing): what the rows match.
  const matched = useMemo(() => searchWords(filters.q).words, [filters.q]);
  const hasFilters = HANDOFF_FILTER_KEYS.some((key) => key !== "page" && filters[key] !== undefined);

  const select = "rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-2 py-1.5 text-sm shadow-sm focus:border-zinc-500 dark:focus:border-zinc-400 focus:outline-none";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 p-3 shadow-sm" role="search">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Search
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={200}
            placeholder="Words in path, goal, state, next action…"
            className={select}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Repository
          <select className={select} value={filters.repo ?? ""} onChange={(event) => set({ repo: event.target.value || undefined })}>
            <option value="">All</option>
            {facets.repos.map((repo) => (
              <option key={repo.id} value={repo.id}>{repo.name}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Runtime
          <select className={select} value={filters.runtime ?? ""} onChange={(event) => set({ runtime: event.target.value || undefined })}>
            <option value="">All</option>
            {facets.runtimes.map((runtime) => (
              <option key={runtime} value={runtime}>{runtimeName(runtime === UNKNOWN_RUNTIME ? null : runtime)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Branch
          <select className={select} value={filters.branch ?? ""} onChange={(event) => set({ branch: event.target.value || undefined })}>
            <option value="">All</option>
            {facets.branches.map((branch) => (
              <option key={branch} value={branch}>{branch}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          From
          <input type="date" className={select} value={filters.from ?? ""} onChange={(event) => set({ from: event.target.value || undefined })} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          To
          <input type="date" className={select} value={filters.to ?? ""} onChange={(event) => set({ to: event.target.value || undefined })} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Lint
          <select className={select} value={filters.lint ?? ""} onChange={(event) => set({ lint: (event.target.value || undefined) as HandoffFilters["lint"] })}>
            <option value="">Any</option>
            <option value="errors">With errors</option>
            <option value="warnings">Warnings only</option>
            <option value="clean">Clean</option>
          </select>
        </label>
        <label className="flex items-center gap-1.5 pb-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">
          <input type="checkbox" checked={filters.gone === "include"} onChange={(event) => set({ gone: event.target.checked ? "include" : undefined })} />
          Include gone
        </label>
        {filters.rule && (
          <span className="flex items-center gap-1 pb-2 text-xs font-medium text-zinc-600 dark:text-zinc-400" data-testid="rule-filter">
            Finding <Link href={`/rules/${filters.rule}`} className="font-mono text-sky-700 underline underline-offset-2 dark:text-sky-300">{filters.rule}</Link>
            <button type="button" onClick={() => set({ rule: undefined })} aria-label={`Remove the filter on ${filters.rule}`} className="rounded px-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">✕</button>
          </span>
        )}
        {hasFilters && (
          <button
            type="button"
            className="pb-2 text-xs font-medium text-sky-700 dark:text-sky-300 hover:underline"
            onClick={() => {
              setQuery("");
              show({ page: 1, pageSize: filters.pageSize });
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      <div className="flex items-center justify-between text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
        <span>
          {data ? counted(data.total, "handoff") : "…"}
          {isFetching && <span className="ml-2 text-zinc-500 dark:text-zinc-400">updating…</span>}
        </span>
        {error && <span className="text-red-600 dark:text-red-400">{(error as Error).message}</span>}
      </div>

      {data && data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-6 py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
          No handoff matches these filters. {hasFilters && "Clear a filter to see more."}
        </div>
      ) : (
        <DataTable label="Handoffs" columns={[{ label: "Handoff" }, { label: "Runtime" }, { label: "Date" }, { label: "Where" }, { label: "Lint" }, { label: "Review" }]}>
              {data?.items.map((handoff) => (
                <tr key={handoff.id} className="align-top hover:bg-zinc-50/70 dark:hover:bg-zinc-800/40">
                  <td className="px-3 py-2">
                    <Link href={`/handoffs/${handoff.id}`} className="font-medium text-zinc-900 dark:text-zinc-100 hover:underline">
                      <Highlight text={handoffName(handoff)} words={matched} />
                    </Link>
                    <div className="w-0 min-w-full truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={handoff.path}>
                      <Highlight text={`${handoff.repo.name}/${handoff.path}`} words={matched} />
                    </div>
                    {handoff.nextAction && <div className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400"><Highlight text={truncate(handoff.nextAction, 140)} words={matched} /></div>}
                  </td>
                  <td className="px-3 py-2"><RuntimeBadge runtime={handoff.runtime} /></td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400"><When day={handoff.day} empty="no date" /></td>
                  <td className="px-3 py-2">
                    <div className="flex max-w-72 flex-wrap gap-1">
                      {handoff.isGone && <Badge tone="neutral">gone</Badge>}
                      {!handoff.committed && handoff.inWorkingTree && <Badge tone="amber">uncommitted</Badge>}
                      {handoff.branches.slice(0, 3).map((branch) => (
                        <Badge key={branch}>{branch}</Badge>
                      ))}
                      {handoff.branches.length > 3 && <Badge>+{handoff.branches.length - 3}</Badge>}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <LintBadge errors={handoff.errorCount} warnings={handoff.warningCount} />
                      {handoff.secretCount > 0 && <Badge tone="red">{counted(handoff.secretCount, "secret")} masked</Badge>}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <HandoffReviewBadge handoffId={handoff.id} link />
                  </td>
                </tr>
              ))}
            </DataTable>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          <button type="button" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })} className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1 disabled:opacity-40">
            Previous
          </button>
          <span className="text-zinc-500 dark:text-zinc-400">page {filters.page} of {pages}</span>
          <button type="button" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })} className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1 disabled:opacity-40">
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
