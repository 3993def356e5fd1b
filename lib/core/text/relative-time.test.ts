import { describe, expect, it } from "vitest";
import { writeDay, writeInstant } from "./relative-time";

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
