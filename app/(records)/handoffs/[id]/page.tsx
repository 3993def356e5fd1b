import { HANDOFF_COMMIT, WORK_COMMIT } from "@/lib/core/handoff/commit-names";
import { When } from "@/components/ui/when";
import type { Metadata } from "next";
import Link from "next/link";
import { cache, Suspense } from "react";
import { notFound } from "next/navigation";
import { shortSha } from "@/components/handoffs/format";
import { capped, MoreItems } from "@/components/handoffs/capped";
import { HandoffChanges } from "@/components/handoffs/handoff-changes";
import { HandoffMarkdown } from "@/components/handoffs/handoff-markdown";
import { HandoffSessionPanel, type HandoffSessionView } from "@/components/handoffs/handoff-session-panel";
import { ResumeButton } from "@/components/resume/resume-dialog";
import { HandoffReviewBadge } from "@/components/reviews/handoff-review-badge";
import { HandoffSource } from "@/components/handoffs/handoff-source";
import { HandoffFileTabs } from "@/components/handoffs/handoff-file-tabs";
import { HandoffStructure } from "@/components/handoffs/handoff-structure";
import { LintBadge, SeverityBadge } from "@/components/handoffs/lint-badge";
import { HANDOFF_PAGE_LIMITS } from "@/components/handoffs/page-limits.data";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { HandoffCostCard } from "@/components/usage/handoff-cost-card";
import { handoffSessionCosts } from "@/lib/server/usage/usage-queries";
import { PageSkeleton } from "@/components/ui/skeleton";
import { getDb } from "@/lib/server/db/client";
import { renderHandoffMarkdown } from "@/lib/server/markdown/handoff-markdown";
import { judgeHandoffTiming } from "@/lib/core/metrics/handoff-timing";
import { getChangesSincePrevious, getHandoff, handoffExists, type HandoffDetail } from "@/lib/server/queries/handoffs";
import { sessionChartData } from "@/lib/server/queries/session-charts";
import { getSessionsForHandoff } from "@/lib/server/queries/sessions";
import { handoffResumes } from "@/lib/server/queries/agent-loop";
import { HookResumesCard } from "@/components/agent-loop/hook-resumes-card";
import { counted } from "@/lib/core/text/counted";
import { handoffName } from "@/lib/core/chains/chain-name";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { documentedRules } from "@/lib/server/lint/rule-docs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** One read per request: the title and the page want the same handoff. */
const loadHandoff = cache((id: string) => getHandoff(getDb(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageActor();
  const handoff = await loadHandoff((await params).id);
  return { title: handoff ? handoffName(handoff) : "Handoff not found" };
}

/**
 * No loading.tsx above this page: an unknown id must answer 404, and once a response streams its
 * status is sent. The existence check is one indexed read; the skeleton shows while the rest loads.
 */
export default async function HandoffPage({ params }: Props) {
  await requirePageActor();
  const { id } = await params;
  if (!(await handoffExists(getDb(), id))) notFound();
  return (
    <Suspense fallback={<PageSkeleton label="Loading handoff" />}>
      <HandoffView id={id} />
    </Suspense>
  );
}

async function HandoffView({ id }: { id: string }) {
  const db = getDb();
  const handoff = await loadHandoff(id);
  // Removed by a scan between the two reads.
  if (!handoff) notFound();
  const [changes, sessions, costs, hookResumes, documented] = await Promise.all([getChangesSincePrevious(db, handoff), linkedSessions(handoff), handoffSessionCosts(db, handoff.id), handoffResumes(db, handoff), documentedRules()]);
  const errorLines = new Set(handoff.findings.filter((finding) => finding.severity === "error" && finding.line).map((finding) => finding.line!));
  const order = { error: 0, warning: 1, info: 2, "not-checked": 3 } as const;
  const findings = [...handoff.findings].sort((a, b) => order[a.severity] - order[b.severity] || (a.line ?? 0) - (b.line ?? 0));
  const shownFindings = capped(findings, HANDOFF_PAGE_LIMITS.listItems);
  return (
    <div className="space-y-5">
      <nav className="text-xs text-zinc-500 dark:text-zinc-400">
        <Link href="/handoffs" className="hover:underline">Handoffs</Link> / <Link href={`/handoffs?repo=${handoff.repo.id}`} className="hover:underline">{handoff.repo.name}</Link>
      </nav>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <RuntimeBadge runtime={handoff.runtime} />
          <h1 className="text-2xl font-semibold tracking-tight">{handoffName(handoff)}</h1>
          <LintBadge errors={handoff.errorCount} warnings={handoff.warningCount} />
          {handoff.secretCount > 0 && <Badge tone="red">{counted(handoff.secretCount, "secret")} masked</Badge>}
          {handoff.isGone && <Badge>gone since <When instant={handoff.goneAt} /></Badge>}
          {!handoff.committed && handoff.inWorkingTree && <Badge tone="amber">not committed</Badge>}
          {handoff.next.length === 0 && !handoff.isGone && <Badge tone="violet">open head</Badge>}
          {handoff.next.length === 0 && !handoff.isGone && <HandoffReviewBadge handoffId={handoff.id} link />}
          <span className="ml-auto flex items-center gap-2">
            <Link href={`/chains/${handoff.repo.id}`} className="rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
              View in graph
            </Link>
            {!handoff.isGone && <ResumeButton handoffId={handoff.id} />}
          </span>
        </div>
        <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400 [overflow-wrap:anywhere]">{handoff.repo.path}/{handoff.path}</p>
        {/* The title on a line of its own only when it says more than the name above. */}
        {handoff.title && sameWords(handoff.title.replace(/^\s*hand-?off\b\s*[:—–-]?\s*/i, ""), handoffName(handoff)) === false && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{handoff.title}</p>
        )}
        <p className="text-sm text-zinc-600 dark:text-zinc-400"><When day={handoff.day} empty="no date" />{handoff.dateFolder && !handoff.date && <span className="text-red-600 dark:text-red-400"> (date folder “{handoff.dateFolder}” is not a valid DDMMYYYY date)</span>}</p>
      </header>

      {/* One reading order, in the DOM and on a phone: the handoff, what changed since the previous one,
          the session that wrote it, its lint, git and cost facts, then the file itself once (rendered or
          source, in tabs). On a wide screen the facts sit beside the handoff. */}
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 xl:col-start-1 xl:row-start-1">
          <HandoffStructure handoff={handoff} />
        </div>
        {changes && (
          <div className="min-w-0 xl:col-span-2 xl:row-start-2">
            <HandoffChanges changes={changes} />
          </div>
        )}
        <div className={`min-w-0 xl:col-span-2 ${changes ? "xl:row-start-3" : "xl:row-start-2"}`}>
          <HandoffSessionPanel sessions={sessions} />
        </div>
        <div className="min-w-0 space-y-4 xl:col-start-2 xl:row-start-1">
          <Card title={`Lint findings (${findings.length})`} id="lint">
            {findings.length === 0 ? (
              <p className="text-sm text-emerald-700 dark:text-emerald-300">No findings: this handoff follows the protocol.</p>
            ) : (
              <ul className="space-y-2" aria-label="Lint findings">
                {shownFindings.shown.map((finding, index) => (
                  <li key={index} className="text-sm">
                    <div className="flex items-center gap-2">
                      <SeverityBadge severity={finding.severity} />
                      {documented.has(finding.rule) ? (
                        <Link href={`/rules/${finding.rule}`} className="font-mono text-xs text-zinc-700 underline decoration-zinc-400 underline-offset-2 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100" title="What this rule means and how to fix it">{finding.rule}</Link>
                      ) : (
                        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{finding.rule}</span>
                      )}
                      {finding.line && <a href={`#L${finding.line}`} className="font-mono text-xs text-sky-700 dark:text-sky-300 hover:underline">line {finding.line}</a>}
                    </div>
                    <p className="mt-0.5 text-zinc-700 dark:text-zinc-300 [overflow-wrap:anywhere]">{finding.message}</p>
                  </li>
                ))}
              </ul>
            )}
            <MoreItems hidden={shownFindings.hidden} noun="finding" where="the least severe, by line" />
            <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">Rules: docs/lint-rules.md</p>
          </Card>
          <Card title="Git">
            <dl className="grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Blob</dt>
              <dd><code className="font-mono text-xs" title={handoff.blobSha}>{shortSha(handoff.blobSha)}</code></dd>
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400" title={HANDOFF_COMMIT.meaning}>{HANDOFF_COMMIT.label}</dt>
              <dd>{handoff.commitSha ? <><code className="font-mono text-xs" title={handoff.commitSha}>{shortSha(handoff.commitSha)}</code> <span className="text-xs text-zinc-500 dark:text-zinc-400"><When instant={handoff.commitTime} /></span></> : <span className="text-zinc-500 dark:text-zinc-400">not committed</span>}</dd>
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400" title={WORK_COMMIT.meaning}>{WORK_COMMIT.label}</dt>
              <dd>{handoff.headSha ? <code className="font-mono text-xs" title={handoff.headSha}>{shortSha(handoff.headSha)}</code> : <span className="text-zinc-500 dark:text-zinc-400">not recorded</span>}</dd>
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Branches</dt>
              <dd className="flex flex-wrap gap-1">
                {handoff.branches.length === 0 ? <span className="text-zinc-500 dark:text-zinc-400">none</span> : handoff.branches.map((branch) => <Badge key={branch}>{branch}</Badge>)}
              </dd>
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Working tree</dt>
              <dd>{handoff.inWorkingTree ? <>yes <span className="text-xs text-zinc-500 dark:text-zinc-400">(modified <When instant={handoff.fileMtime} />)</span></> : "no"}</dd>
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">First seen</dt>
              <dd className="text-xs text-zinc-600 dark:text-zinc-400"><When instant={handoff.firstSeenAt} /></dd>
            </dl>
          </Card>
          <HandoffCostCard costs={costs} />
          <HookResumesCard resumes={hookResumes} />
        </div>
        <div className={`min-w-0 xl:col-span-2 ${changes ? "xl:row-start-4" : "xl:row-start-3"}`}>
          <HandoffFileTabs
            rendered={
              <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">Rendering…</p>}>
                <RenderedHandoff content={handoff.content} />
              </Suspense>
            }
            source={<HandoffSource content={handoff.content} highlighted={errorLines} />}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The markdown renders on a worker thread (cached per content), so a hostile handoff holds no request;
 * in a boundary of its own, so a slow first render (up to the worker's time limit) holds back only this card.
 */
async function RenderedHandoff({ content }: { content: string }) {
  return <HandoffMarkdown rendered={await renderHandoffMarkdown(content)} markdown={content} />;
}

/** Each linked session's burn up to the moment the handoff was written, and whether that was in time. */
async function linkedSessions(handoff: HandoffDetail): Promise<HandoffSessionView[]> {
  const writtenAt = [handoff.timestamp, handoff.commitTime, handoff.fileMtime].find((value): value is string => Boolean(value));
  const until = writtenAt ? new Date(writtenAt).getTime() : null;
  const links = await getSessionsForHandoff(getDb(), handoff.id);
  return links.map(({ session, method }) => {
    const before = session.requests.filter((request) => !request.agentId && (until === null || (request.t !== null && request.t <= until)));
    return {
      id: session.id,
      sessionId: session.sessionId,
      runtime: session.runtime,
      method,
      chart: sessionChartData(session, { until }),
      timing: judgeHandoffTiming({
        contextWindow: session.contextWindow,
        contextsBefore: before.map((request) => request.contextTokens),
        compactionsBefore: session.compactions.filter((compaction) => until === null || (compaction.t !== null && compaction.t <= until)).length,
      }),
    };
  });
}

/** Whether two names hold the same words (case, dashes and underscores aside). */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) => text.toLowerCase().replace(/[\s_\-./:]+/g, " ").trim();
  return words(a) === words(b);
}
