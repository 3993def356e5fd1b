import { counted } from "../lib/core/text/counted";
import { formatBytes, formatDuration } from "../lib/core/text/format-bytes";

/**
 * The words of `baton scan`'s one-line progress on a terminal: files, bytes, rate and time left.
 * Rate and ETA appear once a phase has run for a second (before that they are noise).
 */

const SETTLE_MS = 1_000;

export interface Phase {
  startedAt: number;
}

export function describeFileProgress(label: string, done: number, total: number, elapsedMs: number): string {
  const parts = [`${label}: ${done.toLocaleString("en")}/${counted(total, "file")}`];
  if (elapsedMs >= SETTLE_MS && done > 0) {
    const perSecond = done / (elapsedMs / 1000);
    parts.push(`${perSecond >= 10 ? Math.round(perSecond).toLocaleString("en") : perSecond.toFixed(1)} files/s`);
    if (total > done) parts.push(`ETA ${formatDuration(((total - done) / perSecond) * 1000)}`);
  }
  return parts.join(" · ");
}

export function describeByteProgress(label: string, event: { done: number; total: number; bytes: number; totalBytes: number }, elapsedMs: number): string {
  const parts = [`${label}: ${event.done.toLocaleString("en")}/${counted(event.total, "file")}`, `${formatBytes(event.bytes)} of ${formatBytes(event.totalBytes)}`];
  if (elapsedMs >= SETTLE_MS && event.bytes > 0) {
    const perSecond = event.bytes / (elapsedMs / 1000);
    parts.push(`${formatBytes(perSecond)}/s`);
    if (event.totalBytes > event.bytes) parts.push(`ETA ${formatDuration(((event.totalBytes - event.bytes) / perSecond) * 1000)}`);
  }
  return parts.join(" · ");
}

/** When each phase (a repo's read, the agent logs' read) began, so rates are per phase. */
export function phaseClock(now: () => number = Date.now) {
  const started = new Map<string, number>();
  return (key: string) => {
    const time = now();
    if (!started.has(key)) started.set(key, time);
    return time - started.get(key)!;
  };
}
