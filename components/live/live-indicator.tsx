"use client";

import { useLiveStatus, type LiveStatus } from "./live-events-provider";

const LOOKS: Record<LiveStatus, { dot: string; label: string; title: string }> = {
  connected: { dot: "bg-emerald-500", label: "Live", title: "Changes by others appear without a reload" },
  connecting: { dot: "bg-zinc-300 dark:bg-zinc-600", label: "Live", title: "Connecting to live updates…" },
  reconnecting: { dot: "bg-amber-500 animate-pulse", label: "Reconnecting", title: "Live updates lost their connection; retrying" },
  paused: { dot: "bg-zinc-300 dark:bg-zinc-600", label: "Paused", title: "Live updates pause while the tab is hidden" },
};

/** A small dot and word in the header: whether this tab hears changes live. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const look = LOOKS[status];
  return (
    <span data-testid="live-indicator" data-status={status} title={look.title} aria-label={`Live updates: ${status}`} className="inline-flex shrink-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      <span aria-hidden className={`h-2 w-2 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}
