import { MONTH_NAMES } from "./month-names.data";
import { AMBIGUOUS_READINGS, FIXED_ZONES, REGION_ZONES } from "./time-zones.data";

export { AMBIGUOUS_READINGS };

/** A timestamp as read: ISO 8601 (see parseTimestamp) and the zone exactly as written, or null. */
export interface ParsedTimestamp {
  iso: string | null;
  /** The zone as written after the time ("PST", "+09:00", "Z", "UTC", "Asia/Seoul"), or null when none was. */
  zone: string | null;
}

/**
 * Timestamps as agents write them → ISO 8601, or null. Never guesses a time zone: a value written with an
 * offset, `Z`, a known abbreviation (`PST`, `KST`, time-zones.data.ts) or an IANA name becomes a UTC instant
 * (`…Z`); one written without stays a local date-time (`2026-02-05T14:44:56`); a bare date stays a date
 * (`2026-02-05`). Ambiguous forms such as 02/05/2026 are refused rather than read one way.
 */
export function parseTimestamp(raw: string): string | null {
  return parseTimestampDetailed(raw).iso;
}

export function parseTimestampDetailed(raw: string): ParsedTimestamp {
  // Emphasis and code marks around or inside the value; an underscore inside a word (Los_Angeles) stays.
  const text = raw
    .replace(/[`*]|(?<![A-Za-z])_|_(?![A-Za-z])/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return NONE;
  for (const read of DATE_READERS) {
    // A reader that finds its shape but an impossible value gives way to the next one.
    const found = read(text);
    if (found !== null && found.iso !== null) return found;
  }
  return NONE;
}

const NONE: ParsedTimestamp = { iso: null, zone: null };

interface DateFound {
  year: number;
  month: number;
  day: number;
  /** The text after the date, where a time may follow. */
  rest: string;
}

type DateReader = (text: string) => ParsedTimestamp | null;

const DATE_READERS: DateReader[] = [
  (text) => readIsoBasic(text),
  (text) => withTime(findDate(text, YEAR_FIRST, (m) => [m[1], m[3], m[4]])),
  (text) => withTime(findDate(text, CJK_DATE, (m) => [m[1], m[2], m[3]])),
  (text) => readDateCommand(text),
  (text) => withTime(findMonthName(text)),
  (text) => withTime(findNumericDayMonth(text)),
  (text) => readCompact(text),
];

/** 2026-02-17, 2026/2/17, 2026.02.17: year first is never ambiguous. */
const YEAR_FIRST = /(?<![\d.])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/;
/** 2026年2月17日 (Japanese, Chinese), 2026년 2월 17일 (Korean). */
const CJK_DATE = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?/;

function findDate(text: string, pattern: RegExp, parts: (match: RegExpExecArray) => (string | undefined)[]): DateFound | null {
  const match = pattern.exec(text);
  if (match === null) return null;
  const [year, month, day] = parts(match).map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  // ISO's own form keeps its two-digit month and day; the others may drop the zero.
  if (match[2] === "-" && (match[3]?.length !== 2 || match[4]?.length !== 2)) return null;
  return { year, month, day, rest: text.slice(match.index + match[0].length) };
}

/**
 * 17/02/2026, 02/17/2026, 17.02.2026, 17-02-2026: day and month are told apart only when one of them is
 * over 12 (or both are the same); 02/05/2026 is refused.
 */
function findNumericDayMonth(text: string): DateFound | null {
  const match = /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d./-])/.exec(text);
  if (match === null) return null;
  const first = Number(match[1]);
  const second = Number(match[3]);
  const year = Number(match[4]);
  let day: number;
  let month: number;
  if (first === second || (first > 12 && second <= 12)) [day, month] = [first, second];
  else if (second > 12 && first <= 12) [day, month] = [second, first];
  else return null;
  return { year, month, day, rest: text.slice(match.index + match[0].length) };
}

/** Month names of every language (month-names.data.ts), folded, → 1–12. */
const MONTH_BY_NAME = new Map<string, number>();
for (const months of Object.values(MONTH_NAMES)) {
  months.forEach((names, index) => {
    for (const name of names) if (!MONTH_BY_NAME.has(name)) MONTH_BY_NAME.set(name, index + 1);
  });
}

/** `8 August 2026`, `22 de Enero 2026`, `4. Februar 2026`, `17 janvier 2026`, `22 de janeiro de 2026`. */
const DAY_MONTH_YEAR = /(?<!\d)(\d{1,2})(?:st|nd|rd|th|\.)? (?:de )?(\p{L}{3,10})\.?,? (?:de )?(\d{4})/iu;
/** `August 8, 2026`, `Aug 8 2026`. */
const MONTH_DAY_YEAR = /(?<![\p{L}])(\p{L}{3,10})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})/iu;

function findMonthName(text: string): DateFound | null {
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  const monthFirst = dayFirst === null ? MONTH_DAY_YEAR.exec(text) : null;
  if (dayFirst !== null) {
    const month = monthIndex(dayFirst[2] ?? "");
    if (month === 0) return null;
    return { year: Number(dayFirst[3]), month, day: Number(dayFirst[1]), rest: text.slice(dayFirst.index + dayFirst[0].length) };
  }
  if (monthFirst !== null) {
    const month = monthIndex(monthFirst[1] ?? "");
    if (month === 0) return null;
    return { year: Number(monthFirst[3]), month, day: Number(monthFirst[2]), rest: text.slice(monthFirst.index + monthFirst[0].length) };
  }
  return null;
}

function monthIndex(name: string): number {
  const folded = name.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return MONTH_BY_NAME.get(folded) ?? 0;
}

/** What `date` prints: `Tue Feb 17 13:45:00 PST 2026` (the year after the time and zone). */
const DATE_COMMAND = /\b([A-Za-z]{3}) +(\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ([A-Za-z]{1,5}|[+-]\d{2}:?\d{2}))? (\d{4})(?!\d)/;

function readDateCommand(text: string): ParsedTimestamp | null {
  const match = DATE_COMMAND.exec(text);
  if (match === null) return null;
  const month = monthIndex(match[1] ?? "");
  if (month === 0) return null;
  const time: TimeOfDay = { hour: Number(match[3]), minute: Number(match[4]), second: Number(match[5] ?? 0), fraction: undefined };
  const zone = match[6] ?? null;
  return build(Number(match[7]), month, Number(match[2]), time, zone !== null && zoneOffsetKind(zone) !== "unknown" ? zone : null);
}

/** ISO 8601 basic format: 20260217T134500Z, 20260217T1345+0900. */
function readIsoBasic(text: string): ParsedTimestamp | null {
  const match = /(?<!\d)(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?(?![\w:])/.exec(text);
  if (match === null) return null;
  const time: TimeOfDay = { hour: Number(match[4]), minute: Number(match[5]), second: Number(match[6] ?? 0), fraction: match[7] };
  return build(Number(match[1]), Number(match[2]), Number(match[3]), time, match[8] ?? null);
}

function readCompact(text: string): ParsedTimestamp | null {
  // Unix epoch seconds or milliseconds, as some tools write them.
  if (/^\d{10}$/.test(text) || /^\d{13}$/.test(text)) {
    const milliseconds = text.length === 10 ? Number(text) * 1000 : Number(text);
    return { iso: new Date(milliseconds).toISOString(), zone: null };
  }
  // DDMMYYYY (the protocol's own date-folder form) or YYYYMMDD (ISO basic): never both valid at once.
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (digits === null) return null;
  const dayFirst = build(Number(digits[3]), Number(digits[2]), Number(digits[1]), null, null);
  if (dayFirst.iso !== null) return dayFirst;
  const yearFirst = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return yearFirst === null ? null : build(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]), null, null);
}

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
  fraction: string | undefined;
}

/** A time after the date ("T13:45", " 13:45:10.5", ", at 1:45 pm", " 13時45分"), then a zone. */
const TIME_AFTER =
  /^(?:T|,? ?(?:at |@ ?|T ?)?)(\d{1,2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?|\s*[時时시]\s*(\d{1,2})\s*[分분])(?: ?([ap])\.?m\.?(?![a-z]))?/i;
/** A zone right after a time, optionally in parentheses: Z, ±hh[:mm], UTC±h, an abbreviation, an IANA name. */
const ZONE_AFTER =
  /^ ?\(?((?:UTC|GMT|UT) ?[+-]\d{1,2}(?::?\d{2})?|[+-]\d{1,2}(?::?\d{2})?|Z|UTC|GMT|[A-Z]{2,5}|[A-Z][A-Za-z]+(?:\/[A-Za-z][A-Za-z_+-]*){1,2})\)?(?![\w:/+-])/;

function withTime(date: DateFound | null): ParsedTimestamp | null {
  if (date === null) return null;
  const time = TIME_AFTER.exec(date.rest);
  if (time === null) return build(date.year, date.month, date.day, null, null);
  let hour = Number(time[1]);
  const minute = Number(time[2] ?? time[5]);
  const meridiem = time[6]?.toLowerCase();
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return NONE;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  }
  const afterTime = date.rest.slice(time[0].length);
  const zone = ZONE_AFTER.exec(afterTime)?.[1] ?? /^ ?(utc|gmt)(?![\w:])/i.exec(afterTime)?.[1] ?? null;
  const known = zone !== null && zoneOffsetKind(zone) !== "unknown" ? zone : null;
  return build(date.year, date.month, date.day, { hour, minute, second: Number(time[3] ?? 0), fraction: time[4] }, known);
}

function build(year: number, month: number, day: number, time: TimeOfDay | null, zone: string | null): ParsedTimestamp {
  if (!isRealDate(year, month, day)) return NONE;
  const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (time === null) return { iso: date, zone: null };
  const { hour, minute, second } = time;
  if (hour > 23 || minute > 59 || second > 60) return NONE;
  const milliseconds = time.fraction === undefined ? 0 : Math.round(Number(`0.${time.fraction}`) * 1000);
  const local = `${date}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(Math.min(second, 59), 2)}`;
  if (zone === null) return { iso: milliseconds === 0 ? local : `${local}.${pad(milliseconds, 3)}`, zone: null };
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), milliseconds);
  const offsetMinutes = zoneOffset(zone, wallClock);
  if (offsetMinutes === null) return NONE;
  return { iso: new Date(wallClock - offsetMinutes * 60_000).toISOString(), zone: zone.trim() };
}

function zoneOffsetKind(zone: string): "offset" | "fixed" | "region" | "iana" | "unknown" {
  const text = zone.replace(/\s+/g, "");
  if (/^(?:UTC|GMT|UT)?[+-]\d/i.test(text)) return "offset";
  const upper = text.toUpperCase();
  if (FIXED_ZONES[upper] !== undefined && (text === upper || /^(?:utc|gmt|z)$/i.test(text))) return "fixed";
  if (REGION_ZONES[text] !== undefined) return "region";
  if (text.includes("/") && ianaOffset(text, 0) !== null) return "iana";
  return "unknown";
}

/** Minutes east of UTC for a zone as written, at a wall-clock time (for zones with daylight saving). */
function zoneOffset(zone: string, wallClock: number): number | null {
  const text = zone.replace(/\s+/g, "");
  switch (zoneOffsetKind(zone)) {
    case "offset": {
      const match = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(text);
      if (match === null) return null;
      const hours = Number(match[2]);
      const minutes = Number(match[3] ?? 0);
      if (hours > 14 || minutes > 59) return null;
      return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
    }
    case "fixed":
      return FIXED_ZONES[text.toUpperCase()] ?? null;
    case "region":
      return ianaOffset(REGION_ZONES[text] ?? "", wallClock);
    case "iana":
      return ianaOffset(text, wallClock);
    default:
      return null;
  }
}

/** The offset of an IANA zone for a wall-clock time there, from the runtime's own time-zone data. */
function ianaOffset(timeZone: string, wallClock: number): number | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return null;
  }
  const offsetAt = (instant: number): number => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const asUtc = Date.UTC(Number(parts["year"]), Number(parts["month"]) - 1, Number(parts["day"]), Number(parts["hour"]), Number(parts["minute"]), Number(parts["second"]));
    return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
  };
  // The offset at the wall-clock time read as UTC, corrected once for a daylight-saving change in between.
  const first = offsetAt(wallClock);
  const second = offsetAt(wallClock - first * 60_000);
  return Number.isFinite(second) ? second : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
