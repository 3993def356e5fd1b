import type { Metadata } from "next";
import Link from "next/link";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { formatTokens } from "@/components/sessions/format";
import { contextTone } from "@/lib/core/metrics/context-tone";
import { Badge } from "@/components/ui/badge";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/server/db/client";
import { getSessionFacets, listSessions, parseSessionFilters } from "@/lib/server/queries/session-list";
import { DataTable } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";
import { SessionFilters } from "@/components/sessions/session-filters";
import { counted } from "@/lib/core/text/counted";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { isTeamMode } from "@/lib/server/access/require-access";
import { formatUsd } from "@/components/usage/format-cost";
import { sessionTitles, usageBySession } from "@/lib/server/usage/usage-queries";
import { writeDuration } from "@/lib/core/text/relative-time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sessions" };

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
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Sessions</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Agent sessions from the runtimes&apos; own logs, with exact token totals (subagents included).</p>
      </div>
      <SessionFilters runtimes={facets.runtimes} repos={facets.repos} />
      {page.total === 0 ? (
        <EmptyState title="No sessions found">
          {isTeamMode() ? (
            <>Teammates&apos; sessions arrive when they <Link href="/settings/connect" className="text-sky-700 hover:underline dark:text-sky-300">connect their agents</Link> (telemetry or <Code>baton push</Code>); or relax the filters.</>
          ) : (
            <>Ingest your agents&apos; logs with <Code>npm run baton -- scan --agents</Code> (reads ~/.claude, ~/.codex, ~/.gemini and OpenCode&apos;s data folder; see the Sources page), or relax the filters.</>
          )}
        </EmptyState>
      ) : (
        <DataTable label="Sessions" columns={[{ label: "Session" }, { label: "Started · duration" }, { label: "Requests", align: "right" }, { label: "Tokens", align: "right" }, { label: "Cost (est.)", align: "right" }, { label: "Peak context", align: "right" }, { label: "Links" }]}>
              {page.items.map((session) => (
                <tr key={session.id} className="align-top hover:bg-zinc-50/70 dark:hover:bg-zinc-800/40">
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-2">
                      <RuntimeBadge runtime={session.runtime} />
                      {titles.has(session.id) ? (
                        <Link href={`/sessions/${session.id}`} aria-label={`${titles.get(session.id)} (${session.sessionId})`} title={titles.get(session.id)} className="line-clamp-2 min-w-0 font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100 hover:underline">{titles.get(session.id)}</Link>
                      ) : (
                        <Link href={`/sessions/${session.id}`} className="font-mono [overflow-wrap:anywhere] text-xs font-medium text-zinc-900 dark:text-zinc-100 hover:underline">{session.sessionId}</Link>
                      )}
                    </div>
                    {titles.has(session.id) && <div className="mt-0.5 font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{session.sessionId}</div>}
                    <div className="mt-0.5 w-0 min-w-full truncate text-xs text-zinc-500 dark:text-zinc-400" title={session.cwd ?? undefined}>
                      {session.repo?.name ?? session.cwd ?? "no folder recorded"}{session.branch && ` · ${session.branch}`} · {session.models.join(", ") || "model unknown"}
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400">
                    <When instant={session.startedAt} />
                    <div className="mt-0.5 text-zinc-500 dark:text-zinc-400">{writeDuration(session.durationMs)}</div>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatTokens(session.requests)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatTokens(session.totalTokens)}</td>
                  <td className="px-3 py-2 text-right tabular-nums" title="estimated from Baton's price table">{formatUsd(costs.get(session.id)?.totalCost ?? (session.requests === 0 ? 0 : null))}</td>
                  <td className="px-3 py-2 text-right">
                    {session.peakContextPercent !== null ? (
                      <Badge tone={contextTone(session.peakContextPercent)}>{session.peakContextPercent.toFixed(0)} %</Badge>
                    ) : (
                      <span className="text-xs text-zinc-500 dark:text-zinc-400" title="context window unknown">{formatTokens(session.peakContextTokens)}</span>
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
          {page.page > 1 && <Link href={query({ page: page.page - 1 })} className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1">Previous</Link>}
          <span className="text-zinc-500 dark:text-zinc-400">page {page.page} of {pages}</span>
          {page.page < pages && <Link href={query({ page: page.page + 1 })} className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1">Next</Link>}
        </nav>
      )}
    </div>
  );
}
