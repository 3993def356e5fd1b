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
 * A function from epoch ms to the local date in `zone`: the date of the instant's quarter hour (every
 * zone's offset is a whole number of quarter hours, so all of a quarter hour has one date, which is
 * what lets rollups date whole quarter hours, rollup.ts). Intl formats an instant in ~15 µs: a report
 * over a year of rollup rows would format every quarter hour it holds. So each UTC day's offset is
 * read once (at its start, middle and last quarter hour); on a day where they agree, a date is
 * arithmetic on the offset; a day with a change of offset (daylight saving) and instants outside
 * 1970–9999 ask Intl per quarter hour, as before.
 */
export function dateInZone(zone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  const byQuarter = new Map<number, string>();
  const offsetOfDay = new Map<number, number | null>();
  const dateOfDay = new Map<number, string>();
  const intlDate = (quarterStart: number) => {
    let date = byQuarter.get(quarterStart);
    if (date === undefined) {
      const parts = format.formatToParts(new Date(quarterStart));
      const pick = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
      date = `${pick("year")}-${pick("month")}-${pick("day")}`;
      byQuarter.set(quarterStart, date);
    }
    return date;
  };
  const offsetAt = offsetReader(zone);
  return (epochMs) => {
    const quarterStart = Math.floor(epochMs / QUARTER_HOUR) * QUARTER_HOUR;
    if (!(quarterStart >= 0 && quarterStart < LAST_FAST_MS)) return intlDate(quarterStart);
    const day = Math.floor(quarterStart / DAY_MS);
    let offset = offsetOfDay.get(day);
    if (offset === undefined) {
      // A stretch of days read at five instants: one offset at all of them is taken for the whole
      // stretch (changes come months apart); else each day of it is read at its start, middle and end.
      const first = Math.floor(day / STRETCH_DAYS) * STRETCH_DAYS;
      const probes = [0, 0.25, 0.5, 0.75, 1].map((share) => offsetAt(first * DAY_MS + Math.floor((share * STRETCH_DAYS * DAY_MS - (share === 1 ? QUARTER_HOUR : 0)) / QUARTER_HOUR) * QUARTER_HOUR));
      const steady = probes.every((probe) => probe === probes[0]);
      for (let each = first; each < first + STRETCH_DAYS; each++) {
        if (steady) {
          offsetOfDay.set(each, probes[0]!);
          continue;
        }
        const start = each * DAY_MS;
        const atStart = offsetAt(start);
        offsetOfDay.set(each, offsetAt(start + DAY_MS / 2) === atStart && offsetAt(start + DAY_MS - QUARTER_HOUR) === atStart ? atStart : null);
      }
      offset = offsetOfDay.get(day)!;
    }
    if (offset === null) return intlDate(quarterStart);
    const localDay = Math.floor((quarterStart + offset) / DAY_MS);
    let date = dateOfDay.get(localDay);
    if (date === undefined) {
      date = new Date(localDay * DAY_MS).toISOString().slice(0, 10);
      dateOfDay.set(localDay, date);
    }
    return date;
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days whose offsets are read together (see dateInZone). */
const STRETCH_DAYS = 16;
/** Instants from here on (year 9999 and later, with a day's margin) are dated by Intl alone. */
const LAST_FAST_MS = Date.UTC(9999, 11, 30);

/** The zone's offset at an instant: wall time minus the instant, ms (whole seconds), for 1970–9999. */
function offsetReader(zone: string): (instant: number) => number {
  const wallClock = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
  return (instant) => {
    const values: Record<string, number> = {};
    for (const part of wallClock.formatToParts(new Date(instant))) if (part.type !== "literal") values[part.type] = Number(part.value);
    return Date.UTC(values.year!, values.month! - 1, values.day!, values.hour!, values.minute!, values.second!) - instant;
  };
}

/** From `fromMs` on (to the next segment), quarter hours start at this offset from UTC. */
export interface OffsetSegment {
  fromMs: number;
  offsetMs: number;
}

/** More changes of offset than this in a range: dates are read per quarter hour instead. */
const MAX_SEGMENTS = 500;

/**
 * The zone's offsets at the quarter hours of [fromMs, toMs], as segments of one offset each: so a
 * query can turn a quarter hour into its local date by arithmetic, giving the dates dateInZone
 * gives (the same offsets, read at each UTC day's start and found to the quarter hour by halving
 * where two days differ). Null outside 1970–9999 or past MAX_SEGMENTS changes.
 */
export function offsetSegments(zone: string, fromMs: number, toMs: number): OffsetSegment[] | null {
  if (!(fromMs >= 0 && toMs < LAST_FAST_MS && fromMs <= toMs)) return null;
  const offsetAt = offsetReader(zone);
  const firstQuarter = Math.floor(fromMs / QUARTER_HOUR) * QUARTER_HOUR;
  const segments: OffsetSegment[] = [{ fromMs: firstQuarter, offsetMs: offsetAt(firstQuarter) }];
  let at = firstQuarter;
  let offset = segments[0]!.offsetMs;
  while (at < toMs) {
    const next = Math.min(Math.floor(at / DAY_MS) * DAY_MS + DAY_MS, Math.floor(toMs / QUARTER_HOUR) * QUARTER_HOUR);
    if (next <= at) break;
    const nextOffset = offsetAt(next);
    if (nextOffset !== offset) {
      // The first quarter hour in (at, next] with the new offset.
      let low = at;
      let high = next;
      while (high - low > QUARTER_HOUR) {
        const middle = low + Math.floor((high - low) / QUARTER_HOUR / 2) * QUARTER_HOUR;
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      segments.push({ fromMs: high, offsetMs: nextOffset });
      if (segments.length > MAX_SEGMENTS) return null;
      offset = nextOffset;
    }
    at = next;
  }
  return segments;
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
