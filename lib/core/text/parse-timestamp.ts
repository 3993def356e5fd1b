/**
 * Timestamps as agents write them → ISO 8601, or null. Never guesses a time zone: a value written with
 * an offset (or Z/UTC) becomes a UTC instant (`…Z`); one written without stays a local date-time
 * (`2026-02-05T14:44:56`); a bare date stays a date (`2026-02-05`). Ambiguous forms such as 02/05/2026
 * are refused rather than read one way.
 */
export function parseTimestamp(raw: string): string | null {
  const text = raw.replace(/[`*_]/g, " ").replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return parseIsoLike(text) ?? parseMonthName(text) ?? parseCompact(text);
}

const ISO_LIKE =
  /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:(?:T| T | at | )(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?: ?((?:UTC|GMT)? ?[+-]\d{1,2}(?::?\d{2})?|Z|UTC|GMT)(?![\w:]))?/i;

function parseIsoLike(text: string): string | null {
  const match = ISO_LIKE.exec(text);
  if (match === null) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  return build(
    Number(year),
    Number(month),
    Number(day),
    hour === undefined ? null : { hour: Number(hour), minute: Number(minute), second: Number(second ?? 0), fraction },
    zone ?? null,
  );
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_MONTH_YEAR = /(?<!\d)(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3,9})\.?,? (\d{4})/;
const MONTH_DAY_YEAR = /\b([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})/;
const TIME_AFTER = /^,? ?(?:at )?(\d{1,2}):(\d{2})(?::(\d{2}))? ?([ap]\.?m\.?)?(?: ?((?:UTC|GMT)? ?[+-]\d{1,2}(?::?\d{2})?|Z|UTC|GMT)(?![\w:]))?/i;

function parseMonthName(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  let rest: string;
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  const monthFirst = dayFirst === null ? MONTH_DAY_YEAR.exec(text) : null;
  if (dayFirst !== null) {
    month = monthIndex(dayFirst[2] ?? "");
    day = Number(dayFirst[1]);
    year = Number(dayFirst[3]);
    rest = text.slice(dayFirst.index + dayFirst[0].length);
  } else if (monthFirst !== null) {
    month = monthIndex(monthFirst[1] ?? "");
    day = Number(monthFirst[2]);
    year = Number(monthFirst[3]);
    rest = text.slice(monthFirst.index + monthFirst[0].length);
  } else {
    return null;
  }
  if (month === 0) return null;
  const time = TIME_AFTER.exec(rest);
  if (time === null) return build(year, month, day, null, null);
  let hour = Number(time[1]);
  const meridiem = time[4]?.toLowerCase().replace(/\./g, "");
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "pm" ? 12 : 0);
  }
  return build(year, month, day, { hour, minute: Number(time[2]), second: Number(time[3] ?? 0), fraction: undefined }, time[5] ?? null);
}

function parseCompact(text: string): string | null {
  // Unix epoch seconds or milliseconds, as some tools write them.
  if (/^\d{10}$/.test(text) || /^\d{13}$/.test(text)) {
    const milliseconds = text.length === 10 ? Number(text) * 1000 : Number(text);
    return new Date(milliseconds).toISOString();
  }
  // DDMMYYYY, the protocol's own date-folder form.
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (compact !== null) return build(Number(compact[3]), Number(compact[2]), Number(compact[1]), null, null);
  return null;
}

function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  if (lower.length > 3 && !["january", "february", "march", "april", "june", "july", "august", "september", "sept", "october", "november", "december"].includes(lower)) {
    return 0;
  }
  return MONTHS.indexOf(lower.slice(0, 3)) + 1;
}

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
  fraction: string | undefined;
}

function build(year: number, month: number, day: number, time: TimeOfDay | null, zone: string | null): string | null {
  if (!isRealDate(year, month, day)) return null;
  const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (time === null) return date;
  const { hour, minute, second } = time;
  if (hour > 23 || minute > 59 || second > 60) return null;
  const milliseconds = time.fraction === undefined ? 0 : Math.round(Number(`0.${time.fraction}`) * 1000);
  const local = `${date}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(Math.min(second, 59), 2)}`;
  if (zone === null) return milliseconds === 0 ? local : `${local}.${pad(milliseconds, 3)}`;
  const offsetMinutes = parseZone(zone);
  if (offsetMinutes === null) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), milliseconds) - offsetMinutes * 60_000;
  return new Date(utc).toISOString();
}

function parseZone(zone: string): number | null {
  const text = zone.toUpperCase().replace(/\s+/g, "");
  if (text === "Z" || text === "UTC" || text === "GMT") return 0;
  const match = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (match === null) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
