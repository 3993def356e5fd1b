/**
 * Calendar periods of an instant in a time zone: the day (YYYY-MM-DD), the week (the date of its
 * first day) and the month (YYYY-MM), as ccusage groups its daily, weekly and monthly reports.
 */

export type PeriodKind = "daily" | "weekly" | "monthly";

/** Days of the week as `Date#getUTCDay` numbers them; ccusage's weeks start on Sunday by default. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const QUARTER_HOUR = 15 * 60 * 1000;

/** True when the zone is one Intl knows (an IANA name such as "Asia/Tokyo", or "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A function from epoch ms to the local date in `zone`. Every zone's offset is a whole number of
 * quarter hours, so the date is cached per quarter hour: a report over 100,000 requests formats a
 * few thousand instants, not each one.
 */
export function dateInZone(zone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  const cache = new Map<number, string>();
  return (epochMs) => {
    const bucket = Math.floor(epochMs / QUARTER_HOUR);
    let date = cache.get(bucket);
    if (date === undefined) {
      const parts = format.formatToParts(new Date(bucket * QUARTER_HOUR));
      const pick = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
      date = `${pick("year")}-${pick("month")}-${pick("day")}`;
      cache.set(bucket, date);
    }
    return date;
  };
}

/** The date a week starting on `weekStart` begins, for a YYYY-MM-DD date. */
export function weekOf(date: string, weekStart: WeekStart = 0): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  const back = (utc.getUTCDay() - weekStart + 7) % 7;
  utc.setUTCDate(utc.getUTCDate() - back);
  return utc.toISOString().slice(0, 10);
}

export function periodOf(kind: PeriodKind, date: string, weekStart: WeekStart = 0): string {
  if (kind === "daily") return date;
  if (kind === "weekly") return weekOf(date, weekStart);
  return date.slice(0, 7);
}

/** `--since`/`--until` as YYYYMMDD or YYYY-MM-DD → YYYY-MM-DD, or null when it is neither. */
export function normaliseDateArgument(value: string): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}
