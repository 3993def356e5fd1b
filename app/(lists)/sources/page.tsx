import { When } from "@/components/ui/when";
import type { Metadata } from "next";
import { RemoteRepositories } from "@/components/remotes/remote-repositories";
import { counted } from "@/lib/core/text/counted";

import { Badge } from "@/components/ui/badge";
import { runtimeName, STATE_FILES_KIND } from "@/lib/core/runtimes/runtimes";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { AddRepositoriesHint } from "@/components/team/add-repositories-hint";
import { repositoriesHint } from "@/lib/server/app/repositories-hint";
import { getDb } from "@/lib/server/db/client";
import { listAgentSources } from "@/lib/server/queries/agent-sources";
import { DataTable } from "@/components/ui/data-table";
import { RescanButton } from "@/components/sources/rescan-button";
import { NothingFound } from "@/components/sources/nothing-found";
import { listNotHandoffs, listReposWithoutHandoffs } from "@/lib/server/queries/discovery";
import { NotHandoffs } from "@/components/sources/not-handoffs";
import { roleHolds } from "@/lib/server/access/access-scopes.data";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { PriceSources } from "@/components/usage/price-sources";
import { getPriceSourceStatus } from "@/lib/server/usage/usage-queries";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sources" };

/** The kinds as the badges elsewhere name them (an id reads like a slug). */
function sourceKindLabel(kind: string): string {
  // A repository's row is its session-state files' source (the handoffs are on the Handoffs page).
  if (kind === "repo" || kind === STATE_FILES_KIND) return "repository";
  return runtimeName(kind);
}

export default async function SourcesPage() {
  const actor = await requirePageActor();
  const [sources, withoutHandoffs, notHandoffs, prices] = await Promise.all([
    listAgentSources(getDb()),
    listReposWithoutHandoffs(getDb()),
    listNotHandoffs(getDb()),
    getPriceSourceStatus(getDb()),
  ]);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Sources</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Every registered root — repositories and agent log folders — and how its last scan went.</p>
      </div>
      {(sources.length > 0 || withoutHandoffs.length > 0) && roleHolds(actor.role, "scan:run") && <RescanButton />}
      {sources.some((source) => source.kind === STATE_FILES_KIND) && (
        <details className="rounded-xl border border-zinc-200 bg-white px-4 py-2.5 text-sm text-zinc-700 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300">
          <summary className="cursor-pointer font-medium">What are a repository&apos;s session-state files?</summary>
          <p className="mt-2">
            Some agent set-ups (MoAI-ADK and similar workflows) keep small JSON files inside the repository that describe the
            current agent session: its id, checkpoints, token use, context budget and handoff packages. Baton reads them from each registered
            repository&apos;s working tree, beside the agents&apos; own logs, and attaches them to the matching session. They show the state now, not
            history: when a file changes or goes, its rows do too. A repository without such files simply shows no sessions here.
          </p>
        </details>
      )}
      <NothingFound repos={withoutHandoffs} />
      {sources.length === 0 ? (
        withoutHandoffs.length > 0 ? null : <EmptyState title="No sources yet">
          {repositoriesHint(actor).team ? (
            <AddRepositoriesHint {...repositoriesHint(actor)} />
          ) : (
            <>
              Register repositories with <Code>npm run baton -- scan &lt;repo&gt;</Code> and your agents&apos; logs with <Code>npm run baton -- scan --agents</Code>
              (override the folders with CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_DATA_DIR, OPENCODE_DATA_DIR).
            </>
          )}
        </EmptyState>
      ) : (
        <DataTable label="Sources" columns={[{ label: "Source" }, { label: "Health" }, { label: "Files", align: "right" }, { label: "Sessions", align: "right" }, { label: "Format drift" }, { label: "Last scan" }]}>
              {sources.map((source) => {
                const drift = Object.entries(source.unknownTypes);
                return (
                  <tr key={source.id} data-kind={source.kind} className="align-top">
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge>{sourceKindLabel(source.kind)}</Badge>
                        {/* A repository by its name (the folder's); its path below says where. */}
                        <span className="font-medium">{sourceName(source)}</span>
                      </div>
                      <div className="mt-0.5 break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{source.root}</div>
                      {source.kind === STATE_FILES_KIND && <div className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">session-state files in its working tree (checkpoints, budgets, session metadata)</div>}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={source.lastStatus === "ok" ? "green" : source.lastStatus === "partial" ? "amber" : source.lastStatus ? "red" : "neutral"}>{source.lastStatus ?? "never scanned"}</Badge>
                      {source.lastError && <div className="mt-1 max-w-xs text-xs text-zinc-500 dark:text-zinc-400 [overflow-wrap:anywhere]">{source.lastError}</div>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {source.files}
                      {source.failedFiles > 0 && <div className="text-xs text-red-600 dark:text-red-400">{source.failedFiles} failed</div>}
                      {source.issues > 0 && <div className="text-xs text-amber-700 dark:text-amber-300">{counted(source.issues, "issue")}</div>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{source.sessions}</td>
                    <td className="px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400">{drift.length === 0 ? <span className="text-zinc-500 dark:text-zinc-400">none</span> : drift.map(([type, count]) => `${type} ×${count}`).join(", ")}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400"><When instant={source.lastScanAt} /></td>
                  </tr>
                );
              })}
            </DataTable>
      )}
      <NotHandoffs repos={notHandoffs} />
      <RemoteRepositories />
      <PriceSources status={prices} />
    </div>
  );
}

/**
 * A source's name beside its badge, never the path again (it is on the line below): a repository by
 * its folder's name, an agent folder by what its label says besides the path ("log folder" when that
 * is only the runtime the badge already names).
 */
function sourceName(source: { kind: string; label: string; root: string }): string {
  if (source.kind === STATE_FILES_KIND) return source.root.split("/").filter(Boolean).at(-1) ?? source.root;
  const withoutPath = source.label.endsWith(source.root) ? source.label.slice(0, -source.root.length).trim() : source.label;
  return !withoutPath || withoutPath === sourceKindLabel(source.kind) ? "log folder" : withoutPath;
}
