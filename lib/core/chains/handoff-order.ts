import { CURRENT_NAME_WORDS, LOG_NAME_WORDS } from "./latest-names.data";
export { fileNameDate } from "../text/name-date";

/**
 * The protocol's order of handoffs in time ("which one is the latest"), as one small pure comparator.
 *
 * A handoff's place in time comes from, in this order of trust:
 * 1. its date folder (`…/<DDMMYYYY>/…`), as a calendar day, where the layout has one;
 * 2. its own identity timestamp (`Timestamp: …`, stored in UTC);
 * 3. else the date in its file name (`2026-03-06-auth.md`, `HANDOVER_20260306.md`), as a calendar day;
 * 4. else its file time: the committer time of the commit that first added this content on any
 *    branch for committed content, the working-tree mtime only for uncommitted or modified files
 *    (see `handoffFileTime`; after a fresh clone every mtime is the clone's time, so an mtime says
 *    nothing about a committed file).
 *
 * Handoffs with and without a date folder are compared at day granularity first: a handoff without
 * a date folder takes the UTC day of its time (timestamp, else file time). Within one day the time
 * decides, then (for the same written time) the file time; a timestamp written as a day alone
 * (`2026-07-01`) gives the day but no time, so within that day the file times decide; anything unknown
 * sorts oldest.
 */

export interface HandoffTimes {
  /** YYYY-MM-DD from the date folder, or null when the layout has none (or it is not a real date). */
  date: string | null;
  /** Milliseconds of the identity timestamp, or null. Optional so callers without one stay valid. */
  timestamp?: number | null;
  /** YYYY-MM-DD written in the file's name (`fileNameDate`), or null: the day when no timestamp says one. */
  nameDate?: string | null;
  /** Milliseconds from `handoffFileTime`, or null when unknown. */
  fileTime: number | null;
  /**
   * The timestamp was written as a day alone (`Date: 2026-02-17`, stored as that day's 00:00 UTC): it
   * says which day, not when in it, so within that day the file times decide.
   */
  timestampIsDay?: boolean;
}

/** The day and the time a handoff is ordered by. */
export interface HandoffRecency {
  /** YYYY-MM-DD: the date folder, else the UTC day of `time`; null when neither is known. */
  day: string | null;
  /** The identity timestamp, else the file time (ms); null when neither is known. */
  time: number | null;
}

export function handoffRecency(times: HandoffTimes): HandoffRecency {
  const time = finite(times.timestamp) ?? finite(times.fileTime);
  const timestamp = finite(times.timestamp);
  const day = isIsoDay(times.date)
    ? times.date
    : timestamp !== null
      ? utcDay(timestamp)
      : isIsoDay(times.nameDate ?? null)
        ? (times.nameDate as string)
        : time === null
          ? null
          : utcDay(time);
  return { day, time };
}

/**
 * The day a person sees for a handoff: its date folder, else the UTC day of its own timestamp; null
 * when neither is written (a file time is no day the handoff states). `scan --json` `day`.
 */
export function handoffDay(times: { date: string | null; timestamp?: number | null }): string | null {
  if (isIsoDay(times.date)) return times.date;
  const timestamp = finite(times.timestamp);
  return timestamp === null ? null : utcDay(timestamp);
}


/**
 * Older first (negative when `a` is older), 0 when day and time are the same or both unknown. A
 * comparator over recency only; `compareAge` in build-chains adds path and id so ties are stable.
 * Allocation-free (days as integers): chains sort and heap-order every node with it.
 */
export function compareRecency(a: HandoffTimes, b: HandoffTimes): number {
  const timeA = finite(a.timestamp) ?? finite(a.fileTime);
  const timeB = finite(b.timestamp) ?? finite(b.fileTime);
  const dateA = dayWritten(a);
  const dateB = dayWritten(b);
  if (dateA !== null && dateB !== null) {
    // Both from date folders: ISO days order as strings.
    if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  } else {
    const byDay = compareNullable(dayNumber(dateA, timeA), dayNumber(dateB, timeB), (x, y) => x - y);
    if (byDay !== 0) return byDay;
  }
  // Same day, and one of them written as a day alone: its midnight is no time, so the file times decide.
  const dayOnly = (times: HandoffTimes) => times.timestampIsDay === true && finite(times.timestamp) !== null;
  if (dayOnly(a) || dayOnly(b)) return compareNullable(finite(a.fileTime), finite(b.fileTime), (x, y) => Math.sign(x - y));
  const byTime = compareNullable(timeA, timeB, (x, y) => Math.sign(x - y));
  if (byTime !== 0 || finite(a.timestamp) === null || finite(b.timestamp) === null) return byTime;
  // The same written time (two handoffs dated `2026-07-01` with no hour): the file times decide.
  return compareNullable(finite(a.fileTime), finite(b.fileTime), (x, y) => Math.sign(x - y));
}

const DAY_MS = 86_400_000;

/** The day a handoff states without a time: its date folder, else (no timestamp) the date in its name. */
function dayWritten(times: HandoffTimes): string | null {
  if (isIsoDay(times.date)) return times.date;
  if (finite(times.timestamp) !== null) return null;
  const nameDate = times.nameDate ?? null;
  return isIsoDay(nameDate) ? nameDate : null;
}

/** Days since 1970-01-01 (UTC) of the date folder, else of the time; null when neither is known. */
function dayNumber(date: string | null, time: number | null): number | null {
  if (date !== null) {
    const value = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
    if (Number.isFinite(value)) return value / DAY_MS;
  }
  return time === null ? null : Math.floor(time / DAY_MS);
}

/**
 * The file time of one stored content: the committer time of the commit that first added it when a
 * branch holds it (whether or not a working-tree copy exists: an identical working-tree file is that
 * same content), the working-tree mtime only when no branch holds it (uncommitted, or a modified copy,
 * which is a content of its own). Null when the needed time is unknown; an mtime never stands in for
 * an unknown commit time of committed content.
 */
export function handoffFileTime(facts: { isCommitted: boolean; commitTime: number | null; fileMtime: number | null }): number | null {
  return facts.isCommitted ? finite(facts.commitTime) : finite(facts.fileMtime);
}

/**
 * A stored timestamp that was written as a day alone: `2026-02-17` is kept as that day's 00:00 UTC with
 * no zone, while any written time keeps its zone as written or is not exactly midnight UTC. (A local time
 * written as 00:00 with no zone reads the same way, which orders it as that day: no harm.)
 */
export function isDayOnlyTimestamp(ms: number | null | undefined, zone: string | null | undefined): boolean {
  return typeof ms === "number" && Number.isFinite(ms) && ms % DAY_MS === 0 && (zone === null || zone === undefined || zone === "");
}

function compareNullable<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null && b === null) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return compare(a, b);
}

function finite(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function isIsoDay(value: string | null): value is string {
  return value !== null && value.length === 10 && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

function utcDay(ms: number): string | null {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const day = date.toISOString().slice(0, 10);
  // Years past 9999 print as "+010000-…": such a time has no comparable day (its time still orders it).
  return isIsoDay(day) ? day : null;
}

const currentWords = new Set(CURRENT_NAME_WORDS);

/** The file's name says it is the current handoff (`HANDOFF_CURRENT.md`, `aktuell.md`): a hint for the latest. */
export function nameSaysCurrent(path: string): boolean {
  const stem = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
  const words = stem.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s._-]+/u);
  return words.some((word) => currentWords.has(word)) || CURRENT_NAME_WORDS.some((word) => /[\u2E80-\uFFFF]/.test(word) && stem.includes(word));
}

const logWords = new Set(LOG_NAME_WORDS.filter((word) => !/[\u2E80-\uFFFF]/.test(word)));

/** The file name says it is a log kept beside a handoff (`HANDOFF_LOG.md`, `handoff-history.md`): a tie-breaker only. */
export function nameSaysLog(path: string): boolean {
  const stem = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
  const words = stem.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s._-]+/u);
  return words.some((word) => logWords.has(word)) || LOG_NAME_WORDS.some((word) => /[\u2E80-\uFFFF]/.test(word) && stem.includes(word));
}

/**
 * `HANDOFF_LOG.md` is the log of `HANDOFF.md` in the same folder: the same name once its log words are
 * taken out. The handoff is then the place to resume from, the log its history.
 */
export function isLogOf(logPath: string, otherPath: string): boolean {
  const folder = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));
  if (folder(logPath) !== folder(otherPath) || !nameSaysLog(logPath) || nameSaysLog(otherPath)) return false;
  const words = (path: string) =>
    path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s._-]+/u).filter((word) => word !== "");
  const stem = words(logPath).filter((word) => !logWords.has(word));
  const other = words(otherPath);
  return stem.length > 0 && stem.join(" ") === other.join(" ");
}
