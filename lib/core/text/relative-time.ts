/**
 * The app's one way of writing a time: relative to now ("3 hours ago", "yesterday") with the absolute
 * form for a tooltip ("28 Nov 2026, 14:05 UTC"). Past six weeks the relative form says little, so the
 * day itself is shown. A date folder is a day, not an instant: it is compared by calendar day; an
 * instant a day or more away is too (UTC days), so a handoff dated 25 Nov and written that afternoon
 * reads the same age ("7 days ago") on every page, from its folder or from its time.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_LIMIT_DAYS = 45;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function absoluteDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function absoluteInstant(iso: string): string {
  const date = new Date(iso);
  return `${dayFormat.format(date)}, ${date.toISOString().slice(11, 16)} UTC`;
}

/**
 * A span of time, absolutely: "25 Nov 2026, 14:05–16:32 UTC" within one day, else both ends in full.
 * (Two relative times, "7 days ago → 7 days ago", say nothing of how long or when.) An end missing or
 * unreadable leaves the start alone.
 */
export function absoluteRange(startIso: string, endIso: string | null): string {
  const start = new Date(startIso);
  const end = endIso ? new Date(endIso) : null;
  if (Number.isNaN(start.getTime())) return startIso;
  if (end === null || Number.isNaN(end.getTime()) || end.getTime() === start.getTime()) return absoluteInstant(startIso);
  if (start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10)) {
    return `${dayFormat.format(start)}, ${start.toISOString().slice(11, 16)}–${end.toISOString().slice(11, 16)} UTC`;
  }
  return `${absoluteInstant(startIso)} → ${absoluteInstant(end.toISOString())}`;
}

/**
 * How long something lasted or will last, as every page writes it: "45 s", "12 min", "3 h 05 min",
 * past two days "4 days" (a session's length, how long it has been idle, the time to a threshold).
 * Unknown (null, negative, not finite) is "—".
 */
export function writeDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "—";
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.round(ms / DAY)} days`;
}

export interface WrittenTime {
  shown: string;
  full: string;
}

/** An instant (ISO string). An invalid one is shown as written, never as "NaN". */
export function writeInstant(iso: string, now: Date): WrittenTime {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return { shown: iso, full: iso };
  const full = absoluteInstant(iso);
  const ago = now.getTime() - time;
  const abs = Math.abs(ago);
  const sign = ago >= 0 ? -1 : 1;
  if (abs < MINUTE) return { shown: "just now", full };
  if (abs < HOUR) return { shown: relative.format(sign * Math.round(abs / MINUTE), "minute"), full };
  if (abs < DAY) return { shown: relative.format(sign * Math.round(abs / HOUR), "hour"), full };
  if (abs < RELATIVE_LIMIT_DAYS * DAY) return { shown: relative.format(-calendarDays(time, now), "day"), full };
  return { shown: dayFormat.format(new Date(time)), full };
}

/** Whole UTC calendar days from `time` to `now` (negative when `time` is ahead). */
function calendarDays(time: number, now: Date): number {
  const day = (ms: number) => Math.floor(ms / DAY);
  return day(now.getTime()) - day(time);
}

/** A calendar day (YYYY-MM-DD), compared with today's date in UTC. */
export function writeDay(day: string, now: Date): WrittenTime {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time)) return { shown: day, full: day };
  const full = absoluteDay(day);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Math.round((today - time) / DAY);
  if (Math.abs(days) >= RELATIVE_LIMIT_DAYS) return { shown: full, full };
  return { shown: relative.format(-days, "day"), full };
}
