import { Badge } from "@/components/ui/badge";
import { When } from "@/components/ui/when";

/** The most entries a list shows, around the one the handoff is read from. */
const SHOWN = 12;

/**
 * An append-only log's own history (lib/core/handoff/documents/log-entries.ts): its entries in file order,
 * the newest (the one every field was read from) marked. Long logs show the entries nearest the newest.
 */
export function LogEntries({ log, lineHref }: { log: { newest: number; entries: { title: string; day: string | null; line?: number }[] } | null; lineHref?: (line: number) => string }) {
  if (log === null || log.entries.length === 0) return null;
  const start = Math.max(0, Math.min(log.newest - Math.floor(SHOWN / 2), log.entries.length - SHOWN));
  const shown = log.entries.slice(start, start + SHOWN);
  const hidden = log.entries.length - shown.length;
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">Log entries ({log.entries.length})</h3>
      <ol className="mt-1 space-y-1 text-sm">
        {shown.map((entry, index) => {
          const isNewest = start + index === log.newest;
          const title = lineHref && entry.line ? <a href={lineHref(entry.line)} className="hover:underline">{entry.title}</a> : entry.title;
          return (
            <li key={`${start + index}`} className={isNewest ? "font-medium text-zinc-900 dark:text-zinc-100" : "text-zinc-600 dark:text-zinc-400"}>
              {entry.day && <When day={entry.day} className="mr-1.5 text-xs text-zinc-500 dark:text-zinc-400" />}
              <span className="[overflow-wrap:anywhere]">{title}</span>
              {isNewest && <>{" "}<Badge tone="green">read as the handoff</Badge></>}
            </li>
          );
        })}
      </ol>
      {hidden > 0 && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{hidden} more in the file</p>}
    </div>
  );
}
