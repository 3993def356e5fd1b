import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import { compareRecency, handoffFileTime, handoffRecency, isDayOnlyTimestamp, isLogOf, type HandoffTimes } from "./handoff-order";

const at = (iso: string) => Date.parse(iso);
const t = (date: string | null, timestamp: string | null, fileTime: string | null): HandoffTimes => ({
  date,
  timestamp: timestamp === null ? null : at(timestamp),
  fileTime: fileTime === null ? null : at(fileTime),
});

describe("compareRecency", () => {
  // [case, a, b, expected sign of compareRecency(a, b)]
  test.each<[string, HandoffTimes, HandoffTimes, -1 | 0 | 1]>([
    // Both with date folders: the date decides before any time.
    ["later date folder wins over a later time", t("2026-01-02", null, "2026-01-02T00:00:00Z"), t("2026-01-01", "2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z"), 1],
    ["same date folder: the identity timestamp decides", t("2026-01-02", "2026-01-02T09:00:00Z", null), t("2026-01-02", "2026-01-02T10:00:00Z", null), -1],
    ["the same written day and no hour: the commit time decides", t(null, "2026-07-01T00:00:00Z", "2026-07-01T20:56:06Z"), t(null, "2026-07-01T00:00:00Z", "2026-07-01T12:21:08Z"), 1],
    ["same date folder: timestamp beats a later file time on the other", t("2026-01-02", "2026-01-02T11:00:00Z", "2026-01-01T00:00:00Z"), t("2026-01-02", null, "2026-01-02T10:00:00Z"), 1],
    ["same date folder, no timestamps: the file time decides", t("2026-01-02", null, "2026-01-02T08:00:00Z"), t("2026-01-02", null, "2026-01-02T09:00:00Z"), -1],
    ["same date folder, nothing else known: equal", t("2026-01-02", null, null), t("2026-01-02", null, null), 0],
    ["same date folder: a known time beats an unknown one", t("2026-01-02", null, null), t("2026-01-02", null, "2026-01-01T00:00:00Z"), -1],
    // Neither has a date folder: day of the time, then the time.
    ["no date folders: the timestamp decides", t(null, "2026-01-05T10:00:00Z", null), t(null, "2026-01-05T09:00:00Z", null), 1],
    ["no date folders: a timestamp outranks the file time of the same handoff", t(null, "2026-01-01T00:00:00Z", "2026-06-01T00:00:00Z"), t(null, "2026-02-01T00:00:00Z", null), -1],
    ["no date folders, no timestamps: commit/file times decide", t(null, null, "2025-12-01T00:00:00Z"), t(null, null, "2025-11-01T00:00:00Z"), 1],
    ["no date folders: equal times are equal", t(null, null, "2025-12-01T00:00:00Z"), t(null, "2025-12-01T00:00:00Z", null), 0],
    // Mixed: a date folder against a time, at day granularity first.
    ["timestamp on a later day beats a date folder", t(null, "2026-01-03T00:30:00Z", null), t("2026-01-02", "2026-01-02T23:59:00Z", null), 1],
    ["timestamp on an earlier day loses to a date folder whatever its time of day", t(null, "2026-01-01T23:59:00Z", null), t("2026-01-02", null, null), -1],
    ["same day: the times decide (folder handoff's own timestamp)", t(null, "2026-01-02T12:00:00Z", null), t("2026-01-02", "2026-01-02T08:00:00Z", null), 1],
    ["same day: the times decide (folder handoff's commit time)", t(null, "2026-01-02T07:00:00Z", null), t("2026-01-02", null, "2026-01-02T08:00:00Z"), -1],
    ["same day, folder handoff has no time: the one with a time is newer", t(null, "2026-01-02T07:00:00Z", null), t("2026-01-02", null, null), 1],
    ["a date folder's day beats the UTC day of its own later timestamp", t("2026-01-02", "2026-01-09T00:00:00Z", null), t(null, "2026-01-05T00:00:00Z", null), -1],
    // Unknowns sort oldest.
    ["nothing known loses to anything", t(null, null, null), t(null, null, "1970-01-01T00:00:01Z"), -1],
    ["nothing known on both sides: equal", t(null, null, null), t(null, null, null), 0],
    ["an invalid date folder value is ignored (its time gives the day)", t("02-01-2026", null, "2026-01-03T00:00:00Z"), t("2026-01-02", null, null), 1],
    // A timestamp written as a day alone gives the day, not a time: within it the file times decide.
    ["a day-only timestamp committed later beats a timed one of the same day", { ...t(null, "2026-02-17T00:00:00Z", "2026-02-17T20:00:00Z"), timestampIsDay: true }, t(null, "2026-02-17T10:00:00Z", "2026-02-17T10:05:00Z"), 1],
    ["a day-only timestamp committed earlier loses to a timed one of the same day", { ...t(null, "2026-02-17T00:00:00Z", "2026-02-17T08:00:00Z"), timestampIsDay: true }, t(null, "2026-02-17T10:00:00Z", "2026-02-17T10:05:00Z"), -1],
    ["a day-only timestamp still loses to a later day", { ...t(null, "2026-02-17T00:00:00Z", "2026-02-19T08:00:00Z"), timestampIsDay: true }, t(null, "2026-02-18T10:00:00Z", null), -1],
  ])("%s", (_name, a, b, expected) => {
    expect(Math.sign(compareRecency(a, b))).toBe(expected);
    // Antisymmetric: the same case read the other way round.
    expect(Math.sign(compareRecency(b, a))).toBe(expected === 0 ? 0 : -expected);
  });

  it("orders a time past year 9999 after every real day", () => {
    expect(compareRecency({ date: null, timestamp: Date.UTC(12026, 0, 1), fileTime: null }, { date: "9999-12-31", fileTime: null })).toBeGreaterThan(0);
  });

  it("is a total preorder (transitive and antisymmetric) over random handoffs", () => {
    const day = fc.integer({ min: 0, max: 6 }).map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));
    const time = fc.integer({ min: Date.UTC(2025, 11, 30), max: Date.UTC(2026, 0, 9) });
    const times = fc.record({ date: fc.option(day), timestamp: fc.option(time), fileTime: fc.option(time) });
    fc.assert(
      fc.property(times, times, times, (a, b, c) => {
        expect(Math.sign(compareRecency(a, b))).toBe(-Math.sign(compareRecency(b, a)) || 0);
        if (compareRecency(a, b) <= 0 && compareRecency(b, c) <= 0) expect(compareRecency(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("handoffRecency", () => {
  test.each<[string, HandoffTimes, { day: string | null; time: number | null }]>([
    ["date folder and timestamp", t("2026-01-02", "2026-01-03T01:00:00Z", null), { day: "2026-01-02", time: at("2026-01-03T01:00:00Z") }],
    ["no folder: the UTC day of the timestamp", t(null, "2026-02-17T21:45:00Z", "2026-03-01T00:00:00Z"), { day: "2026-02-17", time: at("2026-02-17T21:45:00Z") }],
    ["no folder, no timestamp: the file time", t(null, null, "2026-03-01T00:00:00Z"), { day: "2026-03-01", time: at("2026-03-01T00:00:00Z") }],
    ["nothing", t(null, null, null), { day: null, time: null }],
    ["a time past year 9999 has no YYYY-MM-DD day (it still orders by its time)", { date: null, timestamp: Date.UTC(12026, 0, 1), fileTime: null }, { day: null, time: Date.UTC(12026, 0, 1) }],
    ["NaN is unknown", { date: null, timestamp: Number.NaN, fileTime: 5 }, { day: "1970-01-01", time: 5 }],
  ])("%s", (_name, times, expected) => {
    expect(handoffRecency(times)).toEqual(expected);
  });
});

describe("handoffFileTime", () => {
  test.each<[string, Parameters<typeof handoffFileTime>[0], number | null]>([
    ["committed: the commit time, even with a newer mtime (fresh clone)", { isCommitted: true, commitTime: 1_000, fileMtime: 9_000 }, 1_000],
    ["committed, commit time unknown: unknown, never the mtime", { isCommitted: true, commitTime: null, fileMtime: 9_000 }, null],
    ["uncommitted (or a modified copy): the mtime", { isCommitted: false, commitTime: null, fileMtime: 9_000 }, 9_000],
    ["uncommitted with a stale commit time stored: still the mtime", { isCommitted: false, commitTime: 1_000, fileMtime: 9_000 }, 9_000],
    ["uncommitted without an mtime (only on a gone branch): unknown", { isCommitted: false, commitTime: 1_000, fileMtime: null }, null],
  ])("%s", (_name, facts, expected) => {
    expect(handoffFileTime(facts)).toBe(expected);
  });
});

describe("isDayOnlyTimestamp", () => {
  it("is a stored midnight UTC with no zone written", () => {
    expect(isDayOnlyTimestamp(at("2026-02-17T00:00:00Z"), null)).toBe(true);
    expect(isDayOnlyTimestamp(at("2026-02-17T00:00:00Z"), "UTC")).toBe(false);
    expect(isDayOnlyTimestamp(at("2026-02-17T13:45:00Z"), null)).toBe(false);
    expect(isDayOnlyTimestamp(null, null)).toBe(false);
  });
});

describe("isLogOf", () => {
  test.each([
    ["HANDOFF_LOG.md", "HANDOFF.md", true],
    ["docs/handoff-history.md", "docs/handoff.md", true],
    ["docs/HANDOFF_LOG.md", "HANDOFF.md", false],
    ["HANDOFF_LOG.md", "PROJECT_HANDOFF.md", false],
    ["HANDOFF.md", "HANDOFF_LOG.md", false],
  ])("%s is the log of %s: %s", (log, other, expected) => {
    expect(isLogOf(log, other)).toBe(expected);
  });
});
