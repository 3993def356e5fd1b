import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { FETCH_ERROR_LABELS } from "@/lib/core/remotes/fetch-error";
import { counted } from "@/lib/core/text/counted";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { getDb } from "@/lib/server/db/client";
import { listRemotes } from "@/lib/server/remotes/remote-store";
import { AddRemoteForm } from "./add-remote-form";
import { RefreshRemoteButton } from "./refresh-remote-button";
import { When } from "@/components/ui/when";

/**
 * The Sources page's "Remote repositories" part: each remote with its last and next fetch, its last
 * error in clear words, the handoffs found, a refresh button; the add form for admins only (the API
 * refuses others too).
 */
export async function RemoteRepositories() {
  const actor = await requirePageActor("remotes:read");
  const remotes = await listRemotes(getDb());
  const isAdmin = actor.role === "admin";
  const canRefresh = actor.role !== "viewer";
  return (
    <section aria-labelledby="remote-repositories" className="space-y-3">
      <div>
        <h2 id="remote-repositories" className="text-lg font-semibold tracking-tight">
          Remote repositories
        </h2>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Mirrors of repositories on your git host, fetched on a schedule that follows their activity (every minute while busy, up to every 8 hours
          when quiet), at once on a push webhook or a refresh.
        </p>
      </div>
      {remotes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-3 text-sm text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400">
          No remote repositories yet{isAdmin ? ": add one below, or with baton remote add <url>." : "; an admin adds them."}
        </p>
      ) : (
        <DataTable
          label="Remote repositories"
          columns={[{ label: "Remote" }, { label: "Status" }, { label: "Handoffs", align: "right" }, { label: "Last fetch" }, { label: "Next fetch" }, { label: "" }]}
        >
          {remotes.map((remote) => (
            <tr key={remote.id} className="align-top" data-remote={remote.name}>
              <td className="px-3 py-2">
                <div className="font-medium">{remote.name}</div>
                <div className="mt-0.5 break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{remote.url}</div>
                {remote.branches !== "*" && <div className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">branches {remote.branches}</div>}
              </td>
              <td className="px-3 py-2">
                <Badge tone={remote.lastErrorKind ? "red" : remote.lastFetchAt ? "green" : "neutral"}>
                  {remote.lastErrorKind ? FETCH_ERROR_LABELS[remote.lastErrorKind] : remote.lastFetchAt ? "ok" : "never fetched"}
                </Badge>
                {remote.lastError && <div className="mt-1 max-w-sm text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{remote.lastError}</div>}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{counted(remote.handoffsFound, "handoff")}</td>
              <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400"><When instant={remote.lastFetchAt} /></td>
              <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400"><When instant={remote.nextFetchAt} /></td>
              <td className="px-3 py-2 text-right">{canRefresh && <RefreshRemoteButton id={remote.id} name={remote.name} />}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {isAdmin && <AddRemoteForm />}
    </section>
  );
}
