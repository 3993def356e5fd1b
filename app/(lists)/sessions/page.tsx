import type { Metadata } from "next";
import Link from "next/link";
import { formatInstant } from "@/components/handoffs/format";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { formatDuration, formatTokens, percentTone } from "@/components/sessions/format";
import { Badge } from "@/components/ui/badge";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/server/db/client";
import { getSessionFacets, listSessions, parseSessionFilters } from "@/lib/server/queries/sessions";
import { DataTable } from "@/components/ui/data-table";
import { counted } from "@/lib/core/text/counted";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { formatUsd } from "@/components/usage/format-cost";
import { sessionTitles, usageBySession } from "@/lib/server/usage/usage-queries";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sessions" };

const sorts = [
  { value: "recent", label: "Most recent" },
  { value: "peak", label: "Peak context %" },
  { value: "tokens", label: "Tokens" },
  { value: "duration", label: "Duration" },
] as const;

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageActor();
  const params = await searchParams;
  const filters = parseSessionFilters(params);
  const db = getDb();
  const [facets, page] = await Promise.all([getSessionFacets(db), listSessions(db, filters)]);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const ids = page.items.map((session) => session.id);
  const [costs, titles] = await Promise.all([usageBySession(db, ids), sessionTitles(db, ids)]);
  const query = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, ...patch })) if (value !== undefined && value !== "" && key !== "pageSize") next.set(key, String(value));
    return `/sessions?${next.toString()}`;
  };
  const select = "rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm shadow-sm";
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Sessions</h1>
        <p className="text-sm text-zinc-500">Agent sessions from the runtimes&apos; own logs, with exact token totals (subagents included).</p>
      </div>
      <form className="flex flex-wrap items-end gap-2 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm" action="/sessions">
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500">
          Runtime
          <select name="runtime" defaultValue={filters.runtime ?? ""} className={select}>
            <option value="">All</option>
            {facets.runtimes.map((runtime) => <option key={runtime} value={runtime}>{runtime}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500">
          Repository
          <select name="repo" defaultValue={filters.repo ?? ""} className={select}>
            <option value="">All</option>
            {facets.repos.map((repo) => <option key={repo.id} value={repo.id}>{repo.name}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500">
          From
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={select} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500">
          To
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={select} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500">
          Sort by
          <select name="sort" defaultValue={filters.sort} className={select}>
            {sorts.map((sort) => <option key={sort.value} value={sort.value}>{sort.label}</option>)}
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white">Apply</button>
        <Link href="/sessions" className="pb-1.5 text-xs font-medium text-sky-700 hover:underline">Clear</Link>
      </form>
      {page.total === 0 ? (
        <EmptyState title="No sessions found">
          Ingest your agents&apos; logs with <Code>npm run baton -- scan --agents</Code> (reads ~/.claude, ~/.codex, ~/.gemini and OpenCode&apos;s data folder; see the Sources page), or relax the filters.
        </EmptyState>
      ) : (
        <DataTable label="Sessions" columns={[{ label: "Session" }, { label: "Started · duration" }, { label: "Requests", align: "right" }, { label: "Tokens", align: "right" }, { label: "Cost (est.)", align: "right" }, { label: "Peak context", align: "right" }, { label: "Links" }]}>
              {page.items.map((session) => (
                <tr key={session.id} className="align-top hover:bg-zinc-50/70">
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-2">
                      <RuntimeBadge runtime={session.runtime} />
                      {titles.has(session.id) ? (
                        <Link href={`/sessions/${session.id}`} aria-label={`${titles.get(session.id)} (${session.sessionId})`} className="min-w-0 truncate font-medium text-zinc-900 hover:underline">{titles.get(session.id)}</Link>
                      ) : (
                        <Link href={`/sessions/${session.id}`} className="whitespace-nowrap font-mono text-xs font-medium text-zinc-900 hover:underline">{session.sessionId}</Link>
                      )}
                    </div>
                    {titles.has(session.id) && <div className="mt-0.5 font-mono text-[11px] text-zinc-400">{session.sessionId}</div>}
                    <div className="mt-0.5 w-0 min-w-full truncate text-xs text-zinc-500" title={session.cwd ?? undefined}>
                      {session.repo?.name ?? session.cwd ?? "no folder recorded"}{session.branch && ` · ${session.branch}`} · {session.models.join(", ") || "model unknown"}
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-600">
                    {formatInstant(session.startedAt)}
                    <div className="mt-0.5 text-zinc-500">{formatDuration(session.durationMs)}</div>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatTokens(session.requests)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatTokens(session.totalTokens)}</td>
                  <td className="px-3 py-2 text-right tabular-nums" title="estimated from Baton's price table">{formatUsd(costs.get(session.id)?.totalCost ?? (session.requests === 0 ? 0 : null))}</td>
                  <td className="px-3 py-2 text-right">
                    {session.peakContextPercent !== null ? (
                      <Badge tone={percentTone(session.peakContextPercent)}>{session.peakContextPercent.toFixed(0)} %</Badge>
                    ) : (
                      <span className="text-xs text-zinc-400" title="context window unknown">{formatTokens(session.peakContextTokens)}</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      {session.compactions > 0 && <Badge tone="red">{counted(session.compactions, "compaction")}</Badge>}
                      {session.subagents > 0 && <Badge>{counted(session.subagents, "subagent")}</Badge>}
                      {session.linkedHandoffs > 0 && <Badge tone="violet">{counted(session.linkedHandoffs, "handoff")}</Badge>}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          {page.page > 1 && <Link href={query({ page: page.page - 1 })} className="rounded-lg border border-zinc-300 bg-white px-3 py-1">Previous</Link>}
          <span className="text-zinc-500">page {page.page} of {pages}</span>
          {page.page < pages && <Link href={query({ page: page.page + 1 })} className="rounded-lg border border-zinc-300 bg-white px-3 py-1">Next</Link>}
        </nav>
      )}
    </div>
  );
}
