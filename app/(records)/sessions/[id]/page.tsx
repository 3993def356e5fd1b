import { When } from "@/components/ui/when";
import { absoluteRange } from "@/lib/core/text/relative-time";
import type { Metadata } from "next";
import Link from "next/link";
import { cache, Suspense } from "react";
import { notFound } from "next/navigation";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { ContextWindowForm } from "@/components/sessions/context-window-form";
import { formatTokens } from "@/components/sessions/format";
import { contextTone } from "@/lib/core/metrics/context-tone";
import { SessionBurn } from "@/components/sessions/session-burn";
import { Badge } from "@/components/ui/badge";
import { Card, Stat } from "@/components/ui/card";
import { PageSkeleton } from "@/components/ui/skeleton";
import { getDb } from "@/lib/server/db/client";
import { sessionChartData } from "@/lib/server/queries/session-charts";
import { sessionLoopEvents } from "@/lib/server/queries/agent-loop";
import { crossingOutcome } from "@/lib/core/agent-loop/on-time";
import { SessionLoopCard } from "@/components/agent-loop/session-loop-card";
import { getSession, sessionExists } from "@/lib/server/queries/sessions";
import { counted } from "@/lib/core/text/counted";
import { roleHolds } from "@/lib/server/access/access-scopes.data";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { CostCard } from "@/components/usage/cost-card";
import { sessionTitles, usageBySession } from "@/lib/server/usage/usage-queries";
import { writeDuration } from "@/lib/core/text/relative-time";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** One read per request: the title and the page want the same session (its samples unpacked once). */
const loadSession = cache((id: string) => getSession(getDb(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageActor();
  const session = await loadSession((await params).id);
  return { title: session ? `Session ${session.sessionId}` : "Session not found" };
}

/**
 * No loading.tsx above this page: an unknown id must answer 404, and once a response streams its
 * status is sent. The existence check is one indexed read; the skeleton shows while the rest loads.
 */
export default async function SessionPage({ params }: Props) {
  const actor = await requirePageActor();
  const { id } = await params;
  if (!(await sessionExists(getDb(), id))) notFound();
  return (
    <Suspense fallback={<PageSkeleton label="Loading session" />}>
      <SessionView id={id} canEdit={roleHolds(actor.role, "sessions:write")} />
    </Suspense>
  );
}

async function SessionView({ id, canEdit }: { id: string; canEdit: boolean }) {
  const session = await loadSession(id);
  // Removed by a scan between the two reads.
  if (!session) notFound();
  const [usage, titles, loop] = await Promise.all([usageBySession(getDb(), [session.id]), sessionTitles(getDb(), [session.id]), sessionLoopEvents(getDb(), { runtime: session.runtime, externalId: session.sessionId })]);
  const chart = sessionChartData(session, { loop });
  const firstAsked = loop.find((event) => event.kind === "guard-instruction");
  const loopOutcome = firstAsked
    ? crossingOutcome({
        session: session.id,
        askedAt: firstAsked.t,
        compactions: session.compactions.map((compaction) => compaction.t).filter((t): t is number => t !== null),
        handoffs: session.handoffs.map((handoff) => handoff.t).filter((t): t is number => t !== null),
      })
    : null;
  const title = titles.get(session.id);
  return (
    <div className="space-y-5">
      <nav className="text-xs text-zinc-500 dark:text-zinc-400"><Link href="/sessions" className="hover:underline">Sessions</Link> / {session.sessionId}</nav>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <RuntimeBadge runtime={session.runtime} />
          {/* The first prompt (or the linked handoff's phase) when there is one; the id stays below to copy. Plain text: React escapes it. */}
          {title ? (
            <h1 className="min-w-0 text-xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
          ) : (
            <h1 className="font-mono text-xl font-semibold tracking-tight">{session.sessionId}</h1>
          )}
          {session.peakContextPercent !== null && <Badge tone={contextTone(session.peakContextPercent)}>peak {session.peakContextPercent.toFixed(1)} %</Badge>}
          {session.compactionCount > 0 && <Badge tone="red">{counted(session.compactionCount, "compaction")}</Badge>}
        </div>
        {title && <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400 [overflow-wrap:anywhere]" data-testid="session-id">{session.sessionId}</p>}
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {session.repo ? <Link href={`/handoffs?repo=${session.repo.id}`} className="hover:underline">{session.repo.name}</Link> : (session.cwd ?? "no folder recorded")}
          {session.branch && <> · <code className="font-mono text-xs">{session.branch}</code></>} · {session.models.join(", ") || "model unknown"} {session.startedAt && (
            <>
              {" · "}
              {/* When, absolutely (two relative times said "7 days ago → 7 days ago"), then how long ago it ended. */}
              <span data-testid="session-time-range">{absoluteRange(session.startedAt, session.endedAt)}</span> (ended <When instant={session.endedAt ?? session.startedAt} />)
            </>
          )}
        </p>
      </header>

      {session.notices.length > 0 && (
        <ul aria-label="Session notices" className="space-y-1 rounded-md border border-amber-200 dark:border-amber-900 bg-amber-50 dark:bg-amber-950/40 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
          {session.notices.map((notice) => (
            <li key={notice} className="[overflow-wrap:anywhere]">{notice}</li>
          ))}
        </ul>
      )}

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        <Stat label="Requests" value={formatTokens(session.requestCount)} hint="de-duplicated, subagents included" />
        <Stat label="Input (uncached)" value={formatTokens(session.inputTokens)} />
        <Stat label="Cache write" value={formatTokens(session.cacheWriteTokens)} />
        <Stat label="Cache read" value={formatTokens(session.cacheReadTokens)} />
        <Stat label="Output" value={formatTokens(session.outputTokens)} hint={`${formatTokens(session.reasoningTokens)} reasoning`} />
        <Stat label="Peak context" value={formatTokens(session.peakContextTokens)} hint={session.contextWindow ? `of ${formatTokens(session.contextWindow)}` : "window unknown"} />
        <Stat label="Duration" value={writeDuration(session.durationMs)} />
      </div>

      <CostCard usage={usage.get(session.id)} note="Subagents included. Prices: Baton's table (docs/token-accounting.md, “Cost”)." />

      <Card title="Token burn" label="Token burn" actions={canEdit && <ContextWindowForm sessionId={session.id} current={session.contextWindow} source={session.contextWindowSource} />}>
        {session.requests.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">This session recorded no API responses with usage.</p>
        ) : (
          <SessionBurn series={chart.series} stackSettings={chart.stackSettings} />
        )}
      </Card>

      <SessionLoopCard events={loop} outcome={loopOutcome} />

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Card title={`Handoffs written in this session (${session.handoffs.length})`} label="Linked handoffs">
          {session.handoffs.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No handoff is linked: none names this session id, and none was committed on this repo and branch while it ran.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {session.handoffs.map((handoff) => (
                <li key={handoff.id} className="flex flex-wrap items-center gap-2">
                  <RuntimeBadge runtime={handoff.runtime} />
                  <Link href={`/handoffs/${handoff.id}`} className="font-medium hover:underline">{handoff.name}</Link>
                  <Badge tone={handoff.method === "session-id" ? "green" : "amber"}>{handoff.method === "session-id" ? "linked by session id" : "linked by repo + branch + time"}</Badge>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{handoff.t ? <When instant={new Date(handoff.t).toISOString()} /> : ""}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={`Subagents (${session.subagents.length})`} label="Subagents">
          {session.subagents.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No subagents.</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
                <tr><th className="pb-1 font-medium">Agent</th><th className="pb-1 text-right font-medium">Requests</th><th className="pb-1 text-right font-medium">Input</th><th className="pb-1 text-right font-medium">Cache w/r</th><th className="pb-1 text-right font-medium">Output</th></tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {session.subagents.map((agent) => (
                  <tr key={agent.agentId}>
                    <td className="py-1 font-mono text-xs">{agent.agentType ?? agent.agentId}</td>
                    <td className="py-1 text-right tabular-nums">{agent.requests}</td>
                    <td className="py-1 text-right tabular-nums">{formatTokens(agent.inputTokens)}</td>
                    <td className="py-1 text-right tabular-nums">{formatTokens(agent.cacheWriteTokens)} / {formatTokens(agent.cacheReadTokens)}</td>
                    <td className="py-1 text-right tabular-nums">{formatTokens(agent.outputTokens)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Their requests are counted once, in the session totals above.</p>
        </Card>
      </div>

      {session.sourceIssues.length > 0 && (
        <Card title="Log problems" label="Log problems">
          <ul className="space-y-1 text-sm">
            {session.sourceIssues.map((issue) => (
              <li key={issue.file}>
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{issue.file}</span>: {counted(issue.badLines, "reported line")}
                {Object.keys(issue.unknownTypes).length > 0 && <span className="text-zinc-500 dark:text-zinc-400"> · unknown record types {Object.entries(issue.unknownTypes).map(([type, count]) => `${type} ×${count}`).join(", ")}</span>}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
