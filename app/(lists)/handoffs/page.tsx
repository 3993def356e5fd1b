import type { Metadata } from "next";
import { HandoffBrowser } from "@/components/handoffs/handoff-browser";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { AddRepositoriesHint } from "@/components/team/add-repositories-hint";
import { repositoriesHint } from "@/lib/server/app/repositories-hint";
import { getDb } from "@/lib/server/db/client";
import { getHandoffFacets, listHandoffs, parseHandoffFilters } from "@/lib/server/queries/handoffs";
import { requirePageActor } from "@/lib/server/access/page-actor";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Handoffs" };

export default async function HandoffsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor();
  const filters = parseHandoffFilters(await searchParams);
  const db = getDb();
  const [facets, initial] = await Promise.all([getHandoffFacets(db), listHandoffs(db, filters)]);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Handoffs</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Every distinct handoff content on every branch and in the working tree.</p>
      </div>
      {facets.repos.length === 0 ? (
        <EmptyState title="No handoffs yet">
          {repositoriesHint(actor).team ? (
            <AddRepositoriesHint {...repositoriesHint(actor)} />
          ) : (
            <>
              Scan a repository first: <Code>npm run baton -- scan /path/to/repo</Code>. Handoffs are read from
              <Code>docs/ai/handoff/&lt;runtime&gt;/&lt;DDMMYYYY&gt;/handoff_&lt;phase&gt;.md</Code> on every branch.
            </>
          )}
        </EmptyState>
      ) : (
        <HandoffBrowser facets={facets} initialFilters={filters} initialData={initial} />
      )}
    </div>
  );
}
