/**
 * A written time with no zone (`最終更新: 2026-04-29 17:19`, stored as the local date-time
 * `2026-04-29T17:19:00`) read in the zone of the commit that added the file: the writer's clock is the
 * best evidence of the writer's zone. Pure: the scan passes the commit's offset as git prints it (`+0900`).
 */

/** A local date-time as parse-timestamp.ts writes one: a time of day and no zone. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
/** git's `%ai` offset: `+0900`, `-0300`. */
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

export function isLocalDateTime(value: string | null | undefined): value is string {
  return typeof value === "string" && LOCAL_DATE_TIME.test(value);
}

/** The UTC instant (ms) of a local date-time read at a commit's offset; null when either cannot be read. */
export function atCommitOffset(local: string, offset: string): number | null {
  const time = LOCAL_DATE_TIME.exec(local);
  const zone = OFFSET.exec(offset.trim());
  if (time === null || zone === null) return null;
  const minutes = (zone[1] === "-" ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
  if (Math.abs(minutes) > 14 * 60) return null;
  const wallClock = Date.UTC(Number(time[1]), Number(time[2]) - 1, Number(time[3]), Number(time[4]), Number(time[5]), Number(time[6] ?? 0), Number((time[7] ?? "0").padEnd(3, "0")));
  return Number.isFinite(wallClock) ? wallClock - minutes * 60_000 : null;
}
