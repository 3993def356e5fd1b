import { When } from "@/components/ui/when";
import type { Metadata } from "next";
import { shortSha } from "@/components/handoffs/format";
import { SeverityBadge } from "@/components/handoffs/lint-badge";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { getDb } from "@/lib/server/db/client";
import { listIngestIssues } from "@/lib/server/queries/handoffs";
import { counted } from "@/lib/core/text/counted";
import { requirePageActor } from "@/lib/server/access/page-actor";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ingest errors" };

export default async function IngestErrorsPage() {
  await requirePageActor();
  const issues = await listIngestIssues(getDb());
  const bySource = new Map<string, typeof issues>();
  for (const issue of issues) bySource.set(issue.source.id, [...(bySource.get(issue.source.id) ?? []), issue]);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Ingest errors</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Files Baton could not read or parse. Each was skipped on its own; everything else was ingested. Fix the file and scan again.
        </p>
      </div>
      {issues.length === 0 ? (
        <EmptyState title="No ingest errors">Every file of every registered source was read. Errors from the next scan will show up here.</EmptyState>
      ) : (
        [...bySource.values()].map((sourceIssues) => {
          const source = sourceIssues[0]!.source;
          return (
            <section key={source.id} className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 shadow-sm">
              <header className="flex items-center gap-2 border-b border-zinc-100 dark:border-zinc-800 px-4 py-2.5">
                <Badge>{source.kind}</Badge>
                <h2 className="text-sm font-semibold">{source.label}</h2>
                <span className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{source.root}</span>
                <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">{counted(sourceIssues.length, "issue")}</span>
              </header>
              <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={`Ingest errors in ${source.label}`}>
                <thead className="bg-zinc-50 dark:bg-zinc-800/40 text-left text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
                  <tr>
                    <th className="px-4 py-2 font-medium">File</th>
                    <th className="px-4 py-2 font-medium">Problem</th>
                    <th className="px-4 py-2 font-medium">Where</th>
                    <th className="px-4 py-2 font-medium">Seen</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {sourceIssues.map((issue) => (
                    <tr key={issue.id} className="align-top">
                      <td className="px-4 py-2 font-mono text-xs">
                        {issue.path}
                        {issue.line ? `:${issue.line}` : ""}
                      </td>
                      <td className="px-4 py-2">
                        <div className="flex items-center gap-2">
                          <SeverityBadge severity={issue.severity} />
                          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{issue.rule}</span>
                        </div>
                        <p className="mt-0.5 text-zinc-700 dark:text-zinc-300 [overflow-wrap:anywhere]">{issue.message}</p>
                      </td>
                      <td className="px-4 py-2">
                        <div className="flex flex-wrap gap-1">
                          {issue.refs.map((ref) => (
                            <Badge key={ref}>{ref}</Badge>
                          ))}
                          {issue.version && <Badge title={issue.version}>blob {shortSha(issue.version)}</Badge>}
                        </div>
                      </td>
                      <td className="whitespace-nowrap px-4 py-2 text-xs text-zinc-500 dark:text-zinc-400"><When instant={issue.createdAt} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            </section>
          );
        })
      )}
    </div>
  );
}
