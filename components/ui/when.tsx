import { writeDay, writeInstant } from "@/lib/core/text/relative-time";

/**
 * A time as the whole app writes it: relative ("4 days ago"), the absolute day and time on hover.
 * `instant` is an ISO time; `day` a date folder's YYYY-MM-DD. The relative words depend on the clock,
 * so the server's and the browser's may differ by a minute: React keeps the server's text.
 */
export function When({ instant, day, empty = "—", className }: { instant?: string | null; day?: string | null; empty?: string; className?: string }) {
  const value = instant ?? day;
  if (!value) return <span className={className}>{empty}</span>;
  const written = instant ? writeInstant(instant, new Date()) : writeDay(value, new Date());
  return (
    <time dateTime={value} title={written.full} className={className} suppressHydrationWarning>
      {written.shown}
    </time>
  );
}
