"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { REVIEW_STATE_LABELS, reviewSummary } from "@/lib/core/reviews/review-format";
import { personName } from "@/lib/core/access/display-name";
import { When } from "../ui/when";
import { OPEN_REVIEW_STATES, REVIEW_STATES } from "@/lib/core/reviews/review-states.data";
import { DataTable } from "../ui/data-table";
import { RuntimeBadge } from "../handoffs/runtime-badge";
import { fetchReviews, type ReviewList } from "./review-api";
import { ClaimHolder, ReviewCard } from "./review-card";
import { ReviewStateBadge } from "./review-state-badge";
import { useNow } from "./use-now";

/** Cards shown per column before "Show all": a long column would push the others' off the screen. */
const COLUMN_CARDS = 12;

const FILTER_KEYS = ["mine", "unassigned", "repo", "runtime", "stale", "closed", "view"] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The API's query: everything but the view. */
function apiSearch(filters: Filters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (key !== "view" && filters[key]) params.set(key, filters[key]!);
  return params.toString();
}

export function ReviewBoard({ initial, initialSearch, actorId }: { initial: ReviewList; initialSearch: string; actorId: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = useMemo<Filters>(() => Object.fromEntries(FILTER_KEYS.flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key)!]] : []))), [searchParams]);
  const search = apiSearch(filters);
  const set = (patch: Filters) => {
    const next = { ...filters, ...patch };
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) params.set(key, next[key]!);
    window.history.replaceState(null, "", params.size ? `${pathname}?${params}` : pathname);
  };
  const { data, error, isFetching } = useQuery({ queryKey: queryKeys.reviewList(search), queryFn: () => fetchReviews(search), initialData: search === initialSearch ? initial : undefined, refetchInterval: 60_000 });
  const now = useNow();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const reviews = data?.reviews ?? [];
  const repos = [...new Map((data ?? initial).reviews.map((review) => [review.repoId, review.repoName ?? review.repoId])).entries()];
  const runtimes = [...new Set((data ?? initial).reviews.map((review) => review.runtime).filter((runtime): runtime is string => Boolean(runtime)))].sort();
  const columns = filters.closed ? REVIEW_STATES : OPEN_REVIEW_STATES;
  const view = filters.view === "list" ? "list" : "board";
  const control = "rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-sm dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";
  const toggle = (key: keyof Filters, label: string) => (
    <label className="flex items-center gap-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300">
      <input type="checkbox" checked={Boolean(filters[key])} onChange={(event) => set({ [key]: event.target.checked ? "1" : undefined })} />
      {label}
    </label>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-700 dark:bg-zinc-900" role="search">
        {toggle("mine", "Mine")}
        {toggle("unassigned", "Unassigned")}
        {toggle("stale", "Stale verdicts")}
        {toggle("closed", "Show closed")}
        <select aria-label="Repository" className={control} value={filters.repo ?? ""} onChange={(event) => set({ repo: event.target.value || undefined })}>
          <option value="">All repositories</option>
          {repos.map(([id, name]) => (
            <option key={id} value={id}>{name}</option>
          ))}
        </select>
        <select aria-label="Runtime" className={control} value={filters.runtime ?? ""} onChange={(event) => set({ runtime: event.target.value || undefined })}>
          <option value="">All runtimes</option>
          {runtimes.map((runtime) => (
            <option key={runtime} value={runtime}>{runtime}</option>
          ))}
        </select>
        <div className="ml-auto inline-flex overflow-hidden rounded-lg border border-zinc-300 text-sm dark:border-zinc-600" role="group" aria-label="View">
          {(["board", "list"] as const).map((mode) => (
            <button key={mode} type="button" aria-pressed={view === mode} onClick={() => set({ view: mode === "list" ? "list" : undefined })} className={`px-3 py-1 ${view === mode ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "bg-white text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"}`}>
              {mode === "board" ? "Board" : "List"}
            </button>
          ))}
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
        <span data-testid="review-counts">
          {data ? reviewSummary(data.counts) : "…"}
          {data && <span className="ml-2">({REVIEW_STATES.map((state) => `${REVIEW_STATE_LABELS[state]} ${data.counts.byState[state] ?? 0}`).join(", ")})</span>}
          {isFetching && <span className="ml-2 text-zinc-500 dark:text-zinc-400">updating…</span>}
        </span>
        {error && <span className="text-red-600">{(error as Error).message}</span>}
      </div>

      {view === "board" ? (
        <div className={`grid grid-cols-1 gap-3 ${columns.length > 3 ? "md:grid-cols-3 xl:grid-cols-5" : "md:grid-cols-3"}`}>
          {columns.map((state) => {
            const inColumn = reviews.filter((review) => review.state === state);
            return (
              <section key={state} aria-label={REVIEW_STATE_LABELS[state]} data-testid={`review-column-${state}`} className="min-w-0 space-y-2 rounded-xl bg-zinc-100/70 p-2 dark:bg-zinc-800/50">
                <h2 className="flex items-center justify-between px-1 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-300">
                  {REVIEW_STATE_LABELS[state]} <span className="rounded-full bg-white px-1.5 text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">{inColumn.length}</span>
                </h2>
                {inColumn.length === 0 ? (
                  <p className="px-1 py-3 text-center text-xs text-zinc-600 dark:text-zinc-400">none</p>
                ) : (
                  (expanded[state] ? inColumn : inColumn.slice(0, COLUMN_CARDS)).map((review) => <ReviewCard key={review.id} review={review} actorId={actorId} now={now} />)
                )}
                {inColumn.length > COLUMN_CARDS && (
                  <button type="button" onClick={() => setExpanded({ ...expanded, [state]: !expanded[state] })} className="w-full rounded-lg py-1.5 text-xs font-medium text-sky-700 hover:bg-white dark:text-sky-300 dark:hover:bg-zinc-900">
                    {expanded[state] ? "Show fewer" : `Show all ${inColumn.length}`}
                  </button>
                )}
              </section>
            );
          })}
        </div>
      ) : reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">No review matches these filters.</p>
      ) : (
        <DataTable label="Reviews" columns={[{ label: "Handoff" }, { label: "State" }, { label: "Repo · branch" }, { label: "Age" }, { label: "Assignee" }, { label: "Claim" }]}>
          {reviews.map((review) => (
            <tr key={review.id} className="align-top" data-testid="review-row">
              <td className="px-3 py-2">
                <Link href={`/reviews/${review.id}`} className="font-medium hover:underline">{review.title ?? review.handoffPath}</Link>
                <div className="mt-0.5"><RuntimeBadge runtime={review.runtime} /></div>
              </td>
              <td className="px-3 py-2"><ReviewStateBadge state={review.state} /></td>
              <td className="px-3 py-2 font-mono text-xs">{review.repoName} · {review.branch ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2 text-xs"><When instant={review.handoffTime} empty="" /></td>
              <td className="px-3 py-2 text-xs">{review.assignee ? personName(review.assignee) : <span className="text-zinc-500 dark:text-zinc-400">—</span>}</td>
              <td className="px-3 py-2 text-xs"><ClaimHolder review={review} actorId={actorId} now={now} /></td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
