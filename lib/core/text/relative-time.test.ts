import { describe, expect, it } from "vitest";
import { absoluteRange, writeDay, writeDuration, writeInstant } from "./relative-time";

const now = new Date("2026-12-02T12:00:00Z");

describe("writeInstant", () => {
  it.each([
    ["2026-12-02T11:59:40Z", "just now"],
    ["2026-12-02T11:35:00Z", "25 minutes ago"],
    ["2026-12-02T09:00:00Z", "3 hours ago"],
    ["2026-12-01T10:00:00Z", "yesterday"],
    ["2026-11-28T12:00:00Z", "4 days ago"],
    ["2026-09-01T12:00:00Z", "1 Sept 2026"],
  ])("%s reads %s", (iso, shown) => {
    expect(writeInstant(iso, now).shown).toBe(shown);
  });

  it("the tooltip holds the day and the time in UTC; an invalid value is shown as written", () => {
    expect(writeInstant("2026-11-28T14:05:09Z", now).full).toBe("28 Nov 2026, 14:05 UTC");
    expect(writeInstant("soon", now)).toEqual({ shown: "soon", full: "soon" });
  });
});

describe("one age for a handoff, from its time or from its day", () => {
  it("a day or more away: whole calendar days, as for a date folder (6.4 days reads as 7 when the days say 7)", () => {
    const later = new Date("2026-12-02T09:00:00Z");
    // Written on 25 Nov in the afternoon: 6 days 18 hours before, 7 calendar days.
    expect(writeInstant("2026-11-25T15:00:00Z", later).shown).toBe("7 days ago");
    expect(writeDay("2026-11-25", later).shown).toBe("7 days ago");
    // Within a day it stays in hours.
    expect(writeInstant("2026-12-01T20:00:00Z", later).shown).toBe("13 hours ago");
  });
});

describe("absoluteRange", () => {
  it.each([
    ["2026-11-25T14:05:00Z", "2026-11-25T16:32:59Z", "25 Nov 2026, 14:05–16:32 UTC"],
    ["2026-11-25T23:10:00Z", "2026-11-26T01:20:00Z", "25 Nov 2026, 23:10 UTC → 26 Nov 2026, 01:20 UTC"],
    ["2026-11-25T14:05:00Z", null, "25 Nov 2026, 14:05 UTC"],
    ["2026-11-25T14:05:00Z", "2026-11-25T14:05:00Z", "25 Nov 2026, 14:05 UTC"],
  ])("%s to %s reads %s", (start, end, shown) => {
    expect(absoluteRange(start, end)).toBe(shown);
  });
});

describe("writeDay", () => {
  it.each([
    ["2026-12-02", "today"],
    ["2026-12-01", "yesterday"],
    ["2026-11-28", "4 days ago"],
    ["2025-01-01", "1 Jan 2025"],
    ["2026-13-45", "2026-13-45"],
  ])("%s reads %s", (day, shown) => {
    expect(writeDay(day, now).shown).toBe(shown);
  });
});

describe("writeDuration: one way to write a length of time", () => {
  it.each([
    [null, "—"],
    [-1, "—"],
    [Number.NaN, "—"],
    [0, "0 s"],
    [44_600, "45 s"],
    [59_400, "59 s"],
    [60_000, "1 min"],
    [12 * 60_000 + 20_000, "12 min"],
    [59 * 60_000 + 40_000, "1 h 00 min"],
    [3 * 3_600_000 + 5 * 60_000, "3 h 05 min"],
    [15 * 3_600_000, "15 h 00 min"],
    [47 * 3_600_000 + 59 * 60_000, "47 h 59 min"],
    [48 * 3_600_000, "2 days"],
    [2774.3 * 3_600_000, "116 days"],
  ])("%s ms → %s", (ms, text) => {
    expect(writeDuration(ms)).toBe(text);
  });
});
